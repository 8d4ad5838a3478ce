// The provider transforms: the OpenAI strict one against the runtime serializer it mirrors (same schema, keyword for
// keyword), with the changes it lists; the Gemini one case by case.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { toStrictJsonSchema } from '../runtime/serializers.ts'
import { objectOf, text, withInput } from './__fixtures__/tools.ts'
import { PROVIDERS, toGeminiSchema, toOpenAIStrict } from './index.ts'
import type { JsonObject } from './types.ts'

const jsonOf = (schema: z.ZodType): JsonObject =>
  z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as JsonObject

describe('OpenAI strict transform', () => {
  const samples: Record<string, JsonObject> = {
    optional: jsonOf(z.object({ a: z.string(), b: z.number().optional(), c: z.enum(['x', 'y']).optional() })),
    nested: jsonOf(
      z.object({
        items: z.array(z.object({ sku: z.string(), qty: z.number().int().optional() })),
        note: z.string().nullable().optional(),
      }),
    ),
    unionAndRecord: jsonOf(
      z.object({
        u: z.union([z.string(), z.object({ id: z.string() })]).optional(),
        r: z.record(z.string(), z.number()),
      }),
    ),
    defaults: jsonOf(z.object({ n: z.number().default(3), d: z.any().optional() })),
    defs: {
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'object', properties: { x: { type: 'string' } } } },
    },
  }

  it.each(Object.entries(samples))('%s: sends what toStrictJsonSchema sends', (_name, schema) => {
    expect(toOpenAIStrict(schema).schema).toEqual(toStrictJsonSchema(schema))
  })

  it('lists each change with a pointer into the tool', () => {
    const { changes } = toOpenAIStrict(samples.optional, '/schemas/input')
    expect(changes.map((c) => c.path)).toEqual([
      '/schemas/input/$schema',
      '/schemas/input/properties/b',
      '/schemas/input/properties/c',
      '/schemas/input',
    ])
    expect(changes[1].message).toContain('nullable')
  })

  it('changes nothing in a schema that is already strict', () => {
    const strict = objectOf({ a: text() })
    expect(toOpenAIStrict(strict)).toEqual({ schema: strict, changes: [] })
  })

  it('is the transform of the openai-strict provider, with changes under /schemas/input', () => {
    const transformed = PROVIDERS['openai-strict'].transform?.(
      withInput({ ...objectOf({ a: text(), b: text() }), required: ['a'] }),
    )
    expect(transformed?.schema.required).toEqual(['a', 'b'])
    expect(transformed?.changes).toEqual([
      { path: '/schemas/input/properties/b', message: expect.stringContaining('"b" was optional') },
    ])
  })
})

describe('Gemini transform', () => {
  const convert = (schema: JsonObject) => toGeminiSchema(schema)

  it('turns a type list into one type plus nullable', () => {
    expect(convert({ type: ['string', 'null'] }).schema).toEqual({ type: 'string', nullable: true })
    expect(convert({ type: ['string', 'number'] }).schema).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] })
  })

  it('turns an anyOf with a null branch into the branch plus nullable, keeping the outer description', () => {
    expect(
      convert({ anyOf: [{ type: 'integer', description: 'inner' }, { type: 'null' }], description: 'outer' }).schema,
    ).toEqual({ type: 'integer', nullable: true, description: 'outer' })
  })

  it('turns oneOf into anyOf and const into a one-value enum', () => {
    expect(convert({ oneOf: [{ type: 'string' }, { type: 'number' }] }).schema).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
    })
    expect(convert({ type: 'string', const: 'fixed' }).schema).toEqual({ type: 'string', enum: ['fixed'] })
  })

  it('moves null out of an enum into nullable', () => {
    expect(convert({ type: ['string', 'null'], enum: ['a', 'b', null] }).schema).toEqual({
      type: 'string',
      nullable: true,
      enum: ['a', 'b'],
    })
  })

  it('inlines $ref and drops the definitions', () => {
    const out = convert({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' } },
      $defs: { A: { type: 'string', description: 'from defs' } },
    })
    expect(out.schema).toEqual({ type: 'object', properties: { a: { type: 'string', description: 'from defs' } } })
  })

  it('removes unsupported keywords and additionalProperties: false, listing each', () => {
    const out = convert({
      type: 'object',
      properties: { n: { type: 'number', exclusiveMinimum: 0, multipleOf: 2 } },
      additionalProperties: false,
    })
    expect(out.schema).toEqual({ type: 'object', properties: { n: { type: 'number' } } })
    expect(out.changes.map((c) => c.path)).toEqual([
      '/properties/n/exclusiveMinimum',
      '/properties/n/multipleOf',
      '/additionalProperties',
    ])
    expect(out.findings.map((f) => f.ruleId)).toEqual(['gemini/unsupported-keyword', 'gemini/unsupported-keyword'])
  })

  it('keeps the documented formats, drops the others, and types an untyped enum as string', () => {
    expect(convert({ type: 'string', format: 'date-time' }).schema).toEqual({ type: 'string', format: 'date-time' })
    expect(convert({ type: 'integer', format: 'int64' }).schema).toEqual({ type: 'integer', format: 'int64' })
    expect(convert({ type: 'string', format: 'uri' }).schema).toEqual({ type: 'string' })
    expect(convert({ enum: ['a', 'b'] }).schema).toEqual({ type: 'string', enum: ['a', 'b'] })
  })

  it('sends a tuple as items: anyOf and the first example as `example`', () => {
    expect(
      convert({ type: 'array', items: [{ type: 'string' }, { type: 'number' }], examples: [['a', 1]] }).schema,
    ).toEqual({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] }, example: ['a', 1] })
  })

  it('converts what zod produces for a typical tool', () => {
    const schema = jsonOf(
      z.object({
        q: z.string().describe('query'),
        limit: z.number().int().min(1).max(50).optional(),
        tag: z.string().nullable(),
      }),
    )
    const sent = PROVIDERS.gemini.definition(withInput(schema)).parameters
    expect(sent).toEqual({
      type: 'object',
      properties: {
        q: { type: 'string', description: 'query' },
        limit: { type: 'integer', minimum: 1, maximum: 50 },
        tag: { type: 'string', nullable: true },
      },
      required: ['q', 'tag'],
    })
  })
})
