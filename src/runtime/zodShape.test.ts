// Which Zod 4 schemas let direct `execute` skip the scan for nested undefined, and the proof that skipping it changes
// nothing: the hot path's result equals the exact port of Mastra's validateToolInput (checkInput) on undefined-laden input.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { createTool } from './index.ts'
import { checkInput } from './pipeline.ts'
import { undefinedNeverValid } from './zodShape.ts'

/** JSON that keeps what toEqual hides: a key holding undefined. */
const show = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '<undefined>' : v))

const Node: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(Node)
  },
})

describe('undefinedNeverValid', () => {
  it('accepts strip-mode objects, arrays and nullables of primitive leaves that reject undefined', () => {
    for (const schema of [
      z.object({ a: z.number(), b: z.number() }),
      z.object({
        list: z.array(z.object({ t: z.enum(['x', 'y']), n: z.int().nullable(), l: z.literal('k') })),
        mail: z.email(),
        big: z.bigint(),
        ok: z.boolean(),
      }),
      z.object({ n: z.number().min(1) }).refine((v) => v.n !== 13),
      z.array(z.string()),
    ]) {
      expect(undefinedNeverValid(schema)).toBe(true)
    }
  })

  it('refuses anything undefined can pass or that keeps keys it does not read', () => {
    for (const schema of [
      z.object({ a: z.number().optional() }),
      z.object({ a: z.number().default(1) }),
      z.object({ a: z.number().catch(0) }),
      z.object({ a: z.coerce.string() }),
      z.object({ a: z.unknown() }),
      z.object({ a: z.any() }),
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.literal(['x', undefined]) }),
      z.looseObject({ a: z.number() }),
      z.strictObject({ a: z.number() }),
      z.object({ a: z.number() }).passthrough(),
      Node,
      z3.object({ a: z3.number() }),
      { '~standard': { version: 1, vendor: 'custom', validate: (value: unknown) => ({ value }) } },
      undefined,
    ]) {
      expect(undefinedNeverValid(schema)).toBe(false)
    }
  })
})

describe('direct execute without the scan', () => {
  const schemas = {
    safe: z.object({ a: z.number(), list: z.array(z.object({ t: z.enum(['x', 'y']), n: z.number().nullable() })) }),
    optional: z.object({ a: z.number(), note: z.string().optional() }),
    loose: z.looseObject({ a: z.number() }),
    unknown: z.object({ a: z.number(), x: z.unknown() }),
    nullableDefault: z.object({ a: z.number(), d: z.number().nullable().default(5) }),
  }
  const inputs: unknown[] = [
    { a: 1, list: [{ t: 'x', n: null }] },
    { a: 1, list: [], extra: undefined },
    { a: 1, list: [{ t: 'y', n: 2, extra: undefined }], deep: { x: undefined } },
    { a: 1, list: [{ t: 'x', n: undefined }] },
    { a: 1, list: [undefined] },
    { a: undefined, list: [] },
    { a: 1, note: undefined, x: undefined, d: undefined },
    { a: 1, extra: [undefined] },
    null,
    undefined,
  ]

  it('gives the exact port of Mastra’s validateToolInput for every input, with or without undefined', async () => {
    for (const [name, schema] of Object.entries(schemas)) {
      const tool = createTool({
        id: name,
        description: 'd',
        inputSchema: schema as never,
        execute: async (input: unknown) => ({ got: input }),
      })
      for (const input of inputs) {
        const expected = checkInput(name, schema as never, input)
        const ours = await tool.execute!(input as never, undefined as never)
        expect(show(ours), `${name} ${show(input)}`).toBe(show(expected.error ?? { got: expected.value }))
      }
    }
  })
})
