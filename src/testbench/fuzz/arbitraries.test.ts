// The generator against the schemas it meets: every tool of the bundled examples (zod 4, valibot, arktype), each
// value it generates accepted by the tool's own schema (a property over the whole catalog); the constructs one by one;
// invalid values refused by the schema; the same seed, the same values.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toJsonSchema, type StandardSchemaV1, type Tool } from '../../runtime/index.ts'
import { arbitraryOf, invalidArbitraryOf } from './arbitraries.ts'

const modules = import.meta.glob('../../../server/examples/*.ts', { eager: true }) as Record<
  string,
  Record<string, unknown>
>
const isTool = (v: unknown): v is Tool =>
  !!v && typeof v === 'object' && typeof (v as Tool).id === 'string' && typeof (v as Tool).execute === 'function'
const tools = Object.values(modules)
  .flatMap((m) => Object.values(m).filter(isTool))
  .filter((t) => t.inputSchema)

/** The issues of `value` under the tool's own schema (zod, valibot or arktype), as messages. */
async function issuesOf(schema: StandardSchemaV1, value: unknown): Promise<string[]> {
  const result = await schema['~standard'].validate(value)
  return 'issues' in result && result.issues
    ? result.issues.map(
        (i) =>
          `${(i.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.')}: ${i.message}`,
      )
    : []
}

describe('generated inputs of the example catalog', () => {
  it('finds the examples', () => {
    expect(tools.length).toBeGreaterThanOrEqual(15)
  })

  it.each(tools.map((t) => [t.id, t] as const))(
    '%s: every generated input passes its own schema',
    async (_id, tool) => {
      const schema = toJsonSchema(tool.inputSchema!, { io: 'input' }) as Record<string, unknown>
      await fc.assert(
        fc.asyncProperty(arbitraryOf(schema), async (value) => {
          expect(await issuesOf(tool.inputSchema!, value)).toEqual([])
        }),
        { numRuns: 150, seed: 42 },
      )
    },
  )

  it.each(tools.filter((t) => t.inputSchema).map((t) => [t.id, t] as const))(
    '%s: every invalid input is refused by its own schema',
    async (_id, tool) => {
      const schema = toJsonSchema(tool.inputSchema!, { io: 'input' }) as Record<string, unknown>
      await fc.assert(
        fc.asyncProperty(invalidArbitraryOf(schema), async ({ value, broken }) => {
          expect((await issuesOf(tool.inputSchema!, value)).length, broken).toBeGreaterThan(0)
        }),
        { numRuns: 60, seed: 7 },
      )
    },
  )
})

describe('JSON Schema constructs', () => {
  const sample = (schema: Record<string, unknown>, n = 300) => fc.sample(arbitraryOf(schema), { numRuns: n, seed: 1 })

  it('reaches each enum value, each union branch, optional fields present and absent, and the bounds', () => {
    const values = sample({
      type: 'object',
      properties: {
        level: { enum: ['low', 'mid', 'high', 'critical'] },
        id: {
          anyOf: [
            { type: 'string', minLength: 1 },
            { type: 'integer', minimum: 1 },
          ],
        },
        note: { type: 'string' },
        count: { type: 'integer', minimum: 0, maximum: 10 },
      },
      required: ['level', 'id', 'count'],
      additionalProperties: false,
    }) as Array<{ level: string; id: unknown; note?: string; count: number }>
    expect(new Set(values.map((v) => v.level))).toEqual(new Set(['low', 'mid', 'high', 'critical']))
    expect(new Set(values.map((v) => typeof v.id))).toEqual(new Set(['string', 'number']))
    expect(values.some((v) => 'note' in v) && values.some((v) => !('note' in v))).toBe(true)
    expect(values.some((v) => v.count === 0) && values.some((v) => v.count === 10)).toBe(true)
    expect(values.some((v) => v.note === '')).toBe(true)
  })

  it('resolves $ref and $defs, ends recursive schemas, and keeps tuples, formats and const', () => {
    const tree = {
      $defs: {
        node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } },
          required: ['name', 'children'],
        },
      },
      $ref: '#/$defs/node',
    }
    for (const v of sample(tree, 50)) expect(v).toMatchObject({ name: expect.any(String), children: expect.any(Array) })
    expect(
      sample({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] }, 20).every(
        (v) => Array.isArray(v) && v.length === 2,
      ),
    ).toBe(true)
    expect(
      sample({ type: 'string', format: 'email' }, 50).every((v) => /^[a-z0-9]+@[a-z0-9]+\.[a-z]+$/.test(v as string)),
    ).toBe(true)
    expect(
      sample({ type: 'string', format: 'date-time' }, 50).every((v) => !Number.isNaN(Date.parse(v as string))),
    ).toBe(true)
    expect(sample({ const: 'fixed' }, 5)).toEqual(Array(5).fill('fixed'))
    expect(sample({ type: ['string', 'null'] }).some((v) => v === null)).toBe(true)
  })

  it('gives the same values for the same seed', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } } }
    expect(fc.sample(arbitraryOf(schema), { numRuns: 20, seed: 99 })).toEqual(
      fc.sample(arbitraryOf(schema), { numRuns: 20, seed: 99 }),
    )
  })
})
