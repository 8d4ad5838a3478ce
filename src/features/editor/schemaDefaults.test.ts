// Unit tests of the schema-driven default input and the JSON draft check. The generated value is checked with the
// real schema it came from (zod, and every example tool's own input schema), not with our reading of JSON Schema.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defaultsFromSchema, parseJson, valueFromSchema } from './schemaDefaults.ts'
import { patternExample } from './patternExample.ts'
import { toJsonSchema } from '../../runtime/standardSchema.ts'
import * as customer from '../../../server/examples/customer.ts'
import * as failures from '../../../server/examples/failures.ts'
import * as interactive from '../../../server/examples/interactive.ts'
import * as lifecycle from '../../../server/examples/lifecycle.ts'
import * as mcp from '../../../server/examples/mcp.ts'
import * as providers from '../../../server/examples/providers.ts'
import * as weather from '../../../server/examples/weather.ts'

const examples = { ...customer, ...failures, ...interactive, ...lifecycle, ...mcp, ...providers, ...weather }

/** Fills `schema`'s JSON Schema and validates the result with the schema itself. */
async function fillAndCheck(schema: unknown) {
  const json = toJsonSchema(schema, { io: 'input' })
  const { value, problems } = defaultsFromSchema(json)
  const result = await (schema as { '~standard': { validate(v: unknown): unknown } })['~standard'].validate(value)
  return { value, problems, issues: (result as { issues?: unknown[] }).issues }
}

describe('valueFromSchema', () => {
  it('uses defaults and fills required properties with minimal values', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        units: { type: 'string', enum: ['metric', 'imperial'], default: 'metric' },
        days: { type: 'integer', minimum: 1 },
        verbose: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        nested: { type: 'object', properties: { a: { type: 'number', default: 3 } }, required: ['a'] },
      },
      required: ['city', 'days', 'tags', 'nested'],
    }
    expect(valueFromSchema(schema)).toEqual({ city: '', units: 'metric', days: 1, tags: [], nested: { a: 3 } })
  })
  it('follows local $refs, anyOf and enums', () => {
    const schema = {
      $ref: '#/definitions/X',
      definitions: {
        X: { type: 'object', properties: { k: { anyOf: [{ type: 'null' }, { enum: ['a', 'b'] }] } }, required: ['k'] },
      },
    }
    expect(valueFromSchema(schema)).toEqual({ k: 'a' })
  })
})

describe('defaultsFromSchema', () => {
  const cases: Record<string, z.ZodType> = {
    formats: z.object({
      email: z.email(),
      url: z.url(),
      at: z.iso.datetime(),
      day: z.iso.date(),
      id: z.uuid(),
      v4: z.ipv4(),
      time: z.iso.time(),
    }),
    patterns: z.object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      sku: z.string().regex(/^[A-Z]{3}-\d+$/),
      code: z.string().regex(/^(ab|cd)_[a-z0-9]{2,4}$/),
    }),
    lengths: z.object({
      name: z.string().min(3).max(5),
      tags: z.array(z.string().min(2)).min(2),
      one: z.array(z.number()).length(1),
    }),
    ranges: z.object({
      pos: z.number().positive(),
      neg: z.number().negative(),
      n: z.number().int().gt(10).lt(20).multipleOf(3),
      dec: z.number().multipleOf(0.25).min(0.3),
      under: z.number().max(-5),
      frac: z.number().gt(0).lt(1),
    }),
    enums: z.object({ kind: z.enum(['a', 'b']), lit: z.literal('fixed'), num: z.literal(7) }),
    nested: z.object({
      a: z.object({ b: z.array(z.object({ c: z.string().min(1) })).min(1) }),
      opt: z.string().optional(),
      dflt: z.number().default(4),
    }),
    unions: z.object({
      u: z.union([z.string().regex(/^\d+$/), z.number()]),
      d: z.discriminatedUnion('t', [
        z.object({ t: z.literal('x'), n: z.number().min(2) }),
        z.object({ t: z.literal('y') }),
      ]),
      nullable: z.string().email().nullable(),
    }),
    records: z.object({ meta: z.record(z.string(), z.number()), tuple: z.tuple([z.string(), z.number().min(5)]) }),
  }
  for (const [name, schema] of Object.entries(cases)) {
    it(`builds a value that passes the schema: ${name}`, async () => {
      const { value, problems, issues } = await fillAndCheck(schema)
      expect(problems).toEqual([])
      expect(issues, JSON.stringify(value)).toBeUndefined()
    })
  }

  it('builds valid input for every example tool', async () => {
    const tools = Object.values(examples as Record<string, unknown>).filter(
      (t): t is { id: string; inputSchema: unknown } =>
        !!t && typeof t === 'object' && 'inputSchema' in t && !!(t as { inputSchema?: unknown }).inputSchema,
    )
    expect(tools.length).toBeGreaterThan(10)
    for (const tool of tools) {
      const { value, problems, issues } = await fillAndCheck(tool.inputSchema)
      expect(problems, tool.id).toEqual([])
      expect(issues, `${tool.id}: ${JSON.stringify(value)}`).toBeUndefined()
    }
  })

  it('says what it cannot satisfy instead of returning a silent wrong value', () => {
    expect(defaultsFromSchema({ type: 'string', pattern: '^(?=a)\\p{L}+$' }).problems).toEqual([
      expect.stringMatching(/^input: no example string found for the pattern/),
    ])
    expect(
      defaultsFromSchema({
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: 2, multipleOf: 5 } },
        required: ['n'],
      }).problems,
    ).toEqual(['n: no integer fits the range and multipleOf'])
    expect(defaultsFromSchema({ type: 'string', format: 'x-custom' }).problems).toEqual([
      'input: no example for the string format "x-custom"',
    ])
    expect(defaultsFromSchema({ anyOf: [{ type: 'string', minLength: 3, maxLength: 1 }] }).problems).toEqual([
      'input: no branch of anyOf/oneOf could be filled',
    ])
  })
})

describe('patternExample', () => {
  it('writes a literal example for simple patterns, and gives up on what it cannot read', () => {
    expect(patternExample('^\\d{4}-\\d{2}$')).toBe('0000-00')
    expect(patternExample('^[A-Z]+(?:-[a-z]{2})?$')).toBe('A')
    expect(patternExample('^(foo|bar)\\.baz$')).toBe('foo.baz')
    expect(patternExample('^(?=x)')).toBeUndefined()
  })
})

describe('parseJson', () => {
  it('returns the value or a readable error', () => {
    expect(parseJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } })
    const bad = parseJson('{"a":')
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.message).toMatch(/^Invalid JSON/)
    expect(parseJson('  ')).toEqual({ ok: false, message: 'The input is empty' })
  })
})

describe('defaultsFromSchema with examples', () => {
  it('fills a string with the schema example rather than an empty string', () => {
    const schema = {
      type: 'object',
      properties: {
        flight: { type: 'string', examples: ['BR 192'] },
        passenger: { type: 'string', examples: ['Ada Lovelace'] },
      },
      required: ['flight', 'passenger'],
    }
    expect(defaultsFromSchema(schema)).toEqual({ value: { flight: 'BR 192', passenger: 'Ada Lovelace' }, problems: [] })
  })
})

describe('example tools that stop for a person', () => {
  type ExampleTool = {
    id: string
    inputSchema?: unknown
    requireApproval?: unknown
    suspendSchema?: unknown
    inputExamples?: Array<{ input: unknown }>
  }
  const stopping = Object.values(examples as Record<string, unknown>).filter(
    (t): t is ExampleTool =>
      !!t &&
      typeof t === 'object' &&
      'id' in t &&
      (!!(t as ExampleTool).requireApproval || !!(t as ExampleTool).suspendSchema),
  )

  it('each has a realistic input example, and Defaults fills no required string with an empty one', () => {
    expect(stopping.map((t) => t.id).sort()).toEqual(['book-flight', 'delete-repository'])
    for (const tool of stopping) {
      expect(tool.inputExamples?.length, tool.id).toBeGreaterThan(0)
      const value = defaultsFromSchema(toJsonSchema(tool.inputSchema, { io: 'input' })).value as Record<string, unknown>
      for (const [key, v] of Object.entries(value)) expect(v, `${tool.id}.${key}`).not.toBe('')
    }
  })
})
