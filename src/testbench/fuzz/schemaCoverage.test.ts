// Schema coverage: hand-written inputs give exactly the hits and misses expected; inputs from the generator cover
// every enum value, union branch, optional state and bound of a schema that has them all (a test of the generator too).

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toJsonSchema, type Tool } from '../../runtime/index.ts'
import { arbitraryOf } from './arbitraries.ts'
import { fits, lines, schemaCoverage, type CoverageItem } from './schemaCoverage.ts'

/**
 * Everything at once: enum, const-discriminated union ($ref'd), optional fields, every kind of bound, nesting. Bounds
 * are on integers with both ends set: a number, or an integer with one open end, lands on its bound in about 1% of
 * generated values (measured: 3 to 13 zeros in 1000 of `{ minimum: 0 }`, integer or number), too rare to be reached
 * reliably inside a union branch in 300 runs; with both ends it is about 3%.
 */
const FULL = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    unit: { enum: ['c', 'f', 'k'] },
    count: { type: 'integer', minimum: 1, maximum: 5 },
    ratio: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
    name: { type: 'string', minLength: 2, maxLength: 6 },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1, maxItems: 3 },
    shape: { anyOf: [{ $ref: '#/$defs/circle' }, { $ref: '#/$defs/square' }] },
    note: { type: 'string' },
    nested: { type: 'object', properties: { deep: { type: 'boolean' } } },
  },
  required: ['unit', 'count', 'shape'],
  additionalProperties: false,
  $defs: {
    circle: {
      type: 'object',
      properties: { kind: { const: 'circle' }, radius: { type: 'integer', minimum: 0, maximum: 100 } },
      required: ['kind', 'radius'],
    },
    square: {
      type: 'object',
      properties: { kind: { const: 'square' }, side: { type: 'number' } },
      required: ['kind', 'side'],
    },
  },
}

const find = (items: CoverageItem[], path: string, kind: string, label?: string) =>
  items.filter((i) => i.path === path && i.kind === kind && (label === undefined || i.label === label))
const hitOf = (items: CoverageItem[], path: string, kind: string, label?: string) => {
  const found = find(items, path, kind, label)
  expect(found, `${path} ${kind} ${label ?? ''}`).toHaveLength(1)
  return found[0]!.hit
}

describe('schemaCoverage', () => {
  const inputs = [
    { unit: 'c', count: 1, shape: { kind: 'circle', radius: 0 }, name: 'ab', tags: ['a'] },
    { unit: 'c', count: 3, shape: { kind: 'circle', radius: 2 }, note: 'x', ratio: 1 },
  ]
  const { items, covered, total } = schemaCoverage(FULL, inputs)

  it('counts each enum value, and lists the ones no input used', () => {
    expect(hitOf(items, 'unit', 'enum', '"c"')).toBe(2)
    expect(hitOf(items, 'unit', 'enum', '"f"')).toBe(0)
    expect(hitOf(items, 'unit', 'enum', '"k"')).toBe(0)
    expect(hitOf(items, 'tags[]', 'enum', '"a"')).toBe(1)
    expect(hitOf(items, 'tags[]', 'enum', '"b"')).toBe(0)
  })

  it('tells union branches apart through $refs, and walks into each with its own values', () => {
    expect(hitOf(items, 'shape', 'branch', 'anyOf[0] kind="circle"')).toBe(2)
    expect(hitOf(items, 'shape', 'branch', 'anyOf[1] kind="square"')).toBe(0)
    expect(hitOf(items, 'shape<0>.radius', 'minimum', '= 0')).toBe(1)
    expect(find(items, 'shape<1>.side', 'minimum')).toEqual([])
  })

  it('counts optional properties present and absent, required ones not at all', () => {
    expect(hitOf(items, 'note', 'optional-present')).toBe(1)
    expect(hitOf(items, 'note', 'optional-absent')).toBe(1)
    expect(hitOf(items, 'nested', 'optional-present')).toBe(0)
    expect(hitOf(items, 'nested', 'optional-absent')).toBe(2)
    expect(find(items, 'unit', 'optional-present')).toEqual([])
    // A nested object nobody sent still lists its own optional fields, unexercised.
    expect(hitOf(items, 'nested.deep', 'optional-present')).toBe(0)
  })

  it('counts bounds hit exactly: inclusive, exclusive (the nearest value inside), lengths and item counts', () => {
    expect(hitOf(items, 'count', 'minimum', '= 1')).toBe(1)
    expect(hitOf(items, 'count', 'maximum', '= 5')).toBe(0)
    expect(hitOf(items, 'ratio', 'minimum', '> 0')).toBe(1)
    expect(hitOf(items, 'ratio', 'maximum', '< 10')).toBe(0)
    expect(hitOf(items, 'name', 'minLength', 'length 2')).toBe(1)
    expect(hitOf(items, 'name', 'maxLength', 'length 6')).toBe(0)
    expect(hitOf(items, 'tags', 'minItems', 'items 1')).toBe(1)
    expect(hitOf(items, 'tags', 'maxItems', 'items 3')).toBe(0)
  })

  it('sums up, and lists the misses one per line for the CLI', () => {
    expect(total).toBe(items.length)
    expect(covered).toBe(items.filter((i) => i.hit > 0).length)
    expect(covered).toBeLessThan(total)
    const text = lines({ items, covered, total })
    expect(text).toContain('  not exercised: unit enum "f"')
    expect(text).toContain('  not exercised: shape branch anyOf[1] kind="square"')
    expect(text.at(-1)).toBe(`schema coverage: ${covered}/${total} (${Math.round((covered / total) * 100)}%)`)
    expect(text).toHaveLength(total - covered + 1)
  })

  it('reads draft-07: definitions, boolean exclusive bounds, oneOf of primitives, tuples', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { level: { type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true } },
      type: 'object',
      properties: {
        level: { $ref: '#/definitions/level' },
        id: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
        pair: { type: 'array', items: [{ type: 'string', maxLength: 1 }, { enum: [1, 2] }] },
      },
      required: ['level', 'id', 'pair'],
    }
    const cov = schemaCoverage(schema, [
      { level: 0, id: 'x', pair: ['a', 2] },
      { level: 0.9999999, id: null, pair: ['', 1] },
    ])
    expect(hitOf(cov.items, 'level', 'minimum', '= 0')).toBe(1)
    expect(hitOf(cov.items, 'level', 'maximum', '< 1')).toBe(1)
    expect(hitOf(cov.items, 'id', 'branch', 'oneOf[0] string')).toBe(1)
    expect(hitOf(cov.items, 'id', 'branch', 'oneOf[1] integer')).toBe(0)
    expect(hitOf(cov.items, 'id', 'branch', 'oneOf[2] null')).toBe(1)
    expect(hitOf(cov.items, 'pair[0]', 'maxLength', 'length 1')).toBe(1)
    expect(hitOf(cov.items, 'pair[1]', 'enum', '1')).toBe(1)
    expect(hitOf(cov.items, 'pair[1]', 'enum', '2')).toBe(1)
  })

  it('fits a value to a branch by type, const, required keys and nested properties', () => {
    const circle = FULL.$defs.circle
    expect(fits(circle, { kind: 'circle', radius: 1 }, FULL)).toBe(true)
    expect(fits(circle, { kind: 'square', radius: 1 }, FULL)).toBe(false)
    expect(fits(circle, { kind: 'circle' }, FULL)).toBe(false)
    expect(fits(circle, { kind: 'circle', radius: -1 }, FULL)).toBe(false)
    expect(fits({ type: 'integer' }, 1.5, FULL)).toBe(false)
  })

  it('is covered completely by 300 generated inputs (the generator reaches every enum, branch, optional state and bound)', () => {
    for (const seed of [1, 42, 2026]) {
      const generated = fc.sample(arbitraryOf(FULL), { seed, numRuns: 300 })
      const cov = schemaCoverage(FULL, generated)
      expect(
        cov.items.filter((i) => i.hit === 0),
        `seed ${seed}`,
      ).toEqual([])
      expect(cov.covered).toBe(cov.total)
    }
  })

  it("leaves out inputs that do not fit the schema (a fuzz run's invalid ones)", () => {
    const invalid = [{ unit: 'f', count: 1 }, { unit: 'k', count: 99, shape: { kind: 'square', side: 1 } }, 'nope']
    const cov = schemaCoverage(FULL, invalid)
    expect(cov.covered).toBe(0)
  })

  it('counts every generated input of every example tool (zod, valibot, arktype schemas): none is taken for invalid', () => {
    const modules = import.meta.glob('../../../server/examples/*.ts', { eager: true }) as Record<
      string,
      Record<string, unknown>
    >
    const isTool = (v: unknown): v is Tool =>
      !!v && typeof v === 'object' && typeof (v as Tool).id === 'string' && typeof (v as Tool).execute === 'function'
    const tools = Object.values(modules)
      .flatMap((m) => Object.values(m).filter(isTool))
      .filter((t) => t.inputSchema)
    expect(tools.length).toBeGreaterThanOrEqual(15)
    for (const tool of tools) {
      const schema = toJsonSchema(tool.inputSchema!, { io: 'input' }) as Record<string, unknown>
      const generated = fc.sample(arbitraryOf(schema), { seed: 7, numRuns: 100 })
      expect(
        generated.filter((v) => !fits(schema, v, schema)),
        tool.id,
      ).toEqual([])
      expect(schemaCoverage(schema, generated).covered, tool.id).toBeGreaterThanOrEqual(0)
    }
  })

  it('counts nothing twice and nothing from no inputs', () => {
    const empty = schemaCoverage(FULL, [])
    expect(empty.covered).toBe(0)
    expect(empty.total).toBe(schemaCoverage(FULL, inputs).total)
    expect(new Set(empty.items.map((i) => `${i.path} ${i.kind} ${i.label}`)).size).toBe(empty.total)
  })
})
