// Unit tests of the schema-driven default input and the JSON draft check.
import { describe, expect, it } from 'vitest'
import { parseJson, valueFromSchema } from './schemaDefaults.ts'

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
    const schema = { $ref: '#/definitions/X', definitions: { X: { type: 'object', properties: { k: { anyOf: [{ type: 'null' }, { enum: ['a', 'b'] }] } }, required: ['k'] } } }
    expect(valueFromSchema(schema)).toEqual({ k: 'a' })
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
