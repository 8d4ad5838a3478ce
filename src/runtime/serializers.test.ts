// Schema helpers and provider serializers: Standard Schema detection, JSON Schema export (draft-07, draft-2020-12)
// for Zod, Valibot and ArkType, MCP / OpenAI (strict rewrite) / Anthropic tool entries.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { LIBS } from './__fixtures__/libs.ts'
import { createTool, isStandardSchema, toAnthropicTool, toJsonSchema, toMcpTool, toOpenAITool } from './index.ts'

describe('isStandardSchema', () => {
  it('accepts schema objects and ArkType functions, rejects the rest', () => {
    for (const { s } of LIBS) expect(isStandardSchema(s.input)).toBe(true)
    expect(isStandardSchema({ '~standard': { validate: () => ({ value: 1 }) } })).toBe(true)
    for (const v of [null, undefined, {}, { type: 'object' }, { '~standard': {} }, () => {}])
      expect(isStandardSchema(v)).toBe(false)
  })
})

describe.each(LIBS)('toJsonSchema with $lib', ({ s }) => {
  it.each([
    ['draft-07', 'http://json-schema.org/draft-07/schema#'],
    ['draft-2020-12', 'https://json-schema.org/draft/2020-12/schema'],
  ] as const)('exports %s', (target, dialect) => {
    const schema = toJsonSchema(s.input, { io: 'input', target })
    expect(schema).toMatchObject({
      $schema: dialect,
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    })
    expect(toJsonSchema(s.output, { io: 'output', target })).toMatchObject({ required: ['city', 'temp'] })
  })

  it('returns a fresh copy each time', () => {
    const a = toJsonSchema(s.input)!
    a.mutated = true
    expect(toJsonSchema(s.input)).not.toHaveProperty('mutated')
  })
})

describe('toJsonSchema without JSON Schema support', () => {
  it('returns undefined for a plain Standard Schema and for non-schemas', () => {
    expect(toJsonSchema({ '~standard': { version: 1, vendor: 'x', validate: () => ({ value: 1 }) } })).toBeUndefined()
    expect(toJsonSchema(undefined)).toBeUndefined()
  })
})

const weather = createTool({
  id: 'weather',
  description: 'Get the weather',
  inputSchema: z.object({
    city: z.string(),
    units: z.enum(['c', 'f']).optional(),
    where: z.object({ lat: z.number(), lon: z.number().optional() }).optional(),
  }),
  outputSchema: z.object({ temp: z.number() }),
  mcp: {
    annotations: { title: 'Weather Lookup', readOnlyHint: true, openWorldHint: true },
    _meta: { version: '1.0.0' },
  },
  providerOptions: { openai: { parallelToolCalls: false }, anthropic: { cacheControl: { type: 'ephemeral' } } },
  inputExamples: [{ input: { city: 'Oslo' } }, { input: { city: 'Rome', units: 'c' } }],
  execute: async () => ({ temp: 1 }),
})

describe('serializers', () => {
  it('toMcpTool lists inputSchema, outputSchema, annotations and _meta', () => {
    const entry = toMcpTool(weather)
    expect(entry).toMatchObject({
      name: 'weather',
      title: 'Weather Lookup',
      description: 'Get the weather',
      inputSchema: { type: 'object', required: ['city'] },
      outputSchema: { type: 'object', properties: { temp: { type: 'number' } } },
      annotations: { title: 'Weather Lookup', readOnlyHint: true, openWorldHint: true },
      _meta: { version: '1.0.0' },
    })
    expect(entry.inputSchema).not.toHaveProperty('$schema')
    const bare = toMcpTool(createTool({ id: 'bare', description: 'd', outputSchema: z.string() }))
    expect(bare).toEqual({ name: 'bare', description: 'd', inputSchema: { type: 'object', properties: {} } })
  })

  it('toOpenAITool without strict keeps the schema as is and merges providerOptions.openai', () => {
    const plain = createTool({
      id: 'p',
      description: 'd',
      inputSchema: z.object({ a: z.string().optional() }),
      providerOptions: { openai: { x: 1 } },
    })
    expect(toOpenAITool(plain)).toEqual({
      type: 'function',
      function: {
        name: 'p',
        description: 'd',
        parameters: { type: 'object', properties: { a: { type: 'string' } } },
        x: 1,
      },
    })
  })

  it('toOpenAITool with strict makes the parameters strict-valid (all required, optional → nullable, no extra props)', () => {
    const strict = createTool({ ...weather, strict: true, execute: async () => ({ temp: 1 }) })
    const { function: fn } = toOpenAITool(strict)
    expect(fn).toMatchObject({ name: 'weather', strict: true, parallelToolCalls: false })
    expect(fn.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        units: { type: ['string', 'null'], enum: ['c', 'f', null] },
        where: {
          type: ['object', 'null'],
          properties: { lat: { type: 'number' }, lon: { type: ['number', 'null'] } },
          required: ['lat', 'lon'],
          additionalProperties: false,
        },
      },
      required: ['city', 'units', 'where'],
      additionalProperties: false,
    })
  })

  it('toAnthropicTool gives input_schema, input_examples and merges providerOptions.anthropic', () => {
    expect(toAnthropicTool(weather)).toMatchObject({
      name: 'weather',
      description: 'Get the weather',
      input_schema: { type: 'object', required: ['city'] },
      input_examples: [{ city: 'Oslo' }, { city: 'Rome', units: 'c' }],
      cache_control: { type: 'ephemeral' },
    })
  })
})
