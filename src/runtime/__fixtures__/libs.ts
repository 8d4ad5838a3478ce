// Test fixture: the same schemas written with Zod 4, Zod 3 (`zod/v3`), Valibot (toStandardJsonSchema) and ArkType,
// so that every schema-dependent test runs once per library (describe.each(LIBS)).

import { type } from 'arktype'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'

export const zodSchemas = {
  input: z.object({ city: z.string(), days: z.number().optional() }),
  output: z.object({ city: z.string(), temp: z.number() }),
  suspend: z.object({ question: z.string() }),
  resume: z.object({ ok: z.boolean() }),
  requestContext: z.object({ userId: z.string(), apiKey: z.string() }),
  /** A request context whose output differs from its input: `n` parsed from a string, `mode` defaulted. */
  parsedContext: z.object({ n: z.coerce.number().optional(), mode: z.string().default('fast') }),
}

export const zod3Schemas = {
  input: z3.object({ city: z3.string(), days: z3.number().optional() }),
  output: z3.object({ city: z3.string(), temp: z3.number() }),
  suspend: z3.object({ question: z3.string() }),
  resume: z3.object({ ok: z3.boolean() }),
  requestContext: z3.object({ userId: z3.string(), apiKey: z3.string() }),
  parsedContext: z3.object({ n: z3.coerce.number().optional(), mode: z3.string().default('fast') }),
}

export const valibotSchemas = {
  input: toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number()) })),
  output: toStandardJsonSchema(v.object({ city: v.string(), temp: v.number() })),
  suspend: toStandardJsonSchema(v.object({ question: v.string() })),
  resume: toStandardJsonSchema(v.object({ ok: v.boolean() })),
  requestContext: toStandardJsonSchema(v.object({ userId: v.string(), apiKey: v.string() })),
  parsedContext: toStandardJsonSchema(v.object({ n: v.optional(v.pipe(v.string(), v.transform(Number))), mode: v.optional(v.string(), 'fast') })),
}

export const arktypeSchemas = {
  input: type({ city: 'string', 'days?': 'number' }),
  output: type({ city: 'string', temp: 'number' }),
  suspend: type({ question: 'string' }),
  resume: type({ ok: 'boolean' }),
  requestContext: type({ userId: 'string', apiKey: 'string' }),
  parsedContext: type({ 'n?': 'string.numeric.parse', mode: 'string = "fast"' }),
}

/** One row per library, for describe.each. Typed loosely: each test only relies on the Standard Schema surface. */
export const LIBS: Array<{ lib: string; s: typeof zodSchemas }> = [
  { lib: 'zod', s: zodSchemas },
  { lib: 'zod3', s: zod3Schemas as unknown as typeof zodSchemas },
  { lib: 'valibot', s: valibotSchemas as unknown as typeof zodSchemas },
  { lib: 'arktype', s: arktypeSchemas as unknown as typeof zodSchemas },
]
