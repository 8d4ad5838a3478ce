// Test fixture: the same five schemas written with Zod 4, Valibot (toStandardJsonSchema) and ArkType,
// so that every schema-dependent test runs once per library (describe.each(LIBS)).

import { type } from 'arktype'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import * as v from 'valibot'
import { z } from 'zod'

export const zodSchemas = {
  input: z.object({ city: z.string(), days: z.number().optional() }),
  output: z.object({ city: z.string(), temp: z.number() }),
  suspend: z.object({ question: z.string() }),
  resume: z.object({ ok: z.boolean() }),
  requestContext: z.object({ userId: z.string(), apiKey: z.string() }),
}

export const valibotSchemas = {
  input: toStandardJsonSchema(v.object({ city: v.string(), days: v.optional(v.number()) })),
  output: toStandardJsonSchema(v.object({ city: v.string(), temp: v.number() })),
  suspend: toStandardJsonSchema(v.object({ question: v.string() })),
  resume: toStandardJsonSchema(v.object({ ok: v.boolean() })),
  requestContext: toStandardJsonSchema(v.object({ userId: v.string(), apiKey: v.string() })),
}

export const arktypeSchemas = {
  input: type({ city: 'string', 'days?': 'number' }),
  output: type({ city: 'string', temp: 'number' }),
  suspend: type({ question: 'string' }),
  resume: type({ ok: 'boolean' }),
  requestContext: type({ userId: 'string', apiKey: 'string' }),
}

/** One row per library, for describe.each. Typed loosely: each test only relies on the Standard Schema surface. */
export const LIBS: Array<{ lib: string; s: typeof zodSchemas }> = [
  { lib: 'zod', s: zodSchemas },
  { lib: 'valibot', s: valibotSchemas as unknown as typeof zodSchemas },
  { lib: 'arktype', s: arktypeSchemas as unknown as typeof zodSchemas },
]
