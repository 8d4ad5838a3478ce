// Every provider rule on a tool that passes it and one that breaks it; then the definitions each provider receives.
import { describe, expect, it } from 'vitest'
import type { ToolDetail } from '../shared/protocol.ts'
import { cleanInput, cleanTool, objectOf, text, withInput } from './__fixtures__/tools.ts'
import { PROVIDERS } from './providers/index.ts'
import type { ProviderId } from './types.ts'

interface Case {
  provider: ProviderId
  rule: string
  pass: ToolDetail
  fail: ToolDetail
}

const long = (n: number): string => 'x'.repeat(n)
const deep = (levels: number) => {
  let node = objectOf({ leaf: text() })
  for (let i = 1; i < levels; i += 1) node = objectOf({ next: node })
  return node
}
const manyProperties = (n: number) =>
  objectOf(Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, text()])))
const enumOf = (values: string[]) => objectOf({ pick: { type: 'string', enum: values, description: values.join(' ') } })

const cases: Case[] = [
  // OpenAI (shared by both OpenAI views)
  {
    provider: 'openai',
    rule: 'openai/name-format',
    pass: cleanTool({ id: 'get-weather_2' }),
    fail: cleanTool({ id: 'get.weather' }),
  },
  {
    provider: 'openai',
    rule: 'openai/name-format',
    pass: cleanTool({ id: long(64) }),
    fail: cleanTool({ id: long(65) }),
  },
  {
    provider: 'openai',
    rule: 'openai/description-length',
    pass: cleanTool({ description: long(1024) }),
    fail: cleanTool({ description: long(1025) }),
  },
  { provider: 'openai', rule: 'openai/parameters-object', pass: cleanTool(), fail: withInput({ type: 'string' }) },
  {
    provider: 'openai',
    rule: 'openai/array-items',
    pass: withInput(objectOf({ tags: { type: 'array', items: text(), description: 'd' } })),
    fail: withInput(objectOf({ tags: { type: 'array', description: 'd' } })),
  },
  { provider: 'openai-strict', rule: 'openai/name-format', pass: cleanTool(), fail: cleanTool({ id: 'has space' }) },
  // OpenAI strict
  {
    provider: 'openai-strict',
    rule: 'openai-strict/all-required',
    pass: cleanTool(),
    fail: withInput({ ...objectOf({ a: text(), b: text() }), required: ['a'] }),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/additional-properties',
    pass: cleanTool(),
    fail: withInput({ type: 'object', properties: { a: text() }, required: ['a'] }),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/open-object',
    pass: cleanTool(),
    fail: withInput(objectOf({ tags: { type: 'object', additionalProperties: { type: 'string' }, description: 'd' } })),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/root-any-of',
    pass: cleanTool(),
    fail: withInput({ anyOf: [objectOf({ a: text() }), objectOf({ b: text() })] }),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/unsupported-keyword',
    pass: withInput(objectOf({ a: { anyOf: [text(), { type: 'number' }], description: 'd' } })),
    fail: withInput(objectOf({ a: { allOf: [text()], description: 'd' } })),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/format',
    pass: withInput(objectOf({ a: { type: 'string', format: 'email', description: 'd' } })),
    fail: withInput(objectOf({ a: { type: 'string', format: 'uri', description: 'd' } })),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/unlisted-keyword',
    pass: withInput(objectOf({ a: { type: 'string', pattern: '^a', description: 'd' } })),
    fail: withInput(objectOf({ a: { type: 'string', minLength: 2, description: 'd' } })),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/default',
    pass: cleanTool(),
    fail: withInput(objectOf({ a: { type: 'number', default: 3, description: 'd' } })),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/nesting-depth',
    pass: withInput(deep(10)),
    fail: withInput(deep(11)),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/property-count',
    pass: withInput(manyProperties(5000)),
    fail: withInput(manyProperties(5001)),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/enum-count',
    pass: withInput(enumOf(Array.from({ length: 1000 }, (_, i) => `v${i}`))),
    fail: withInput(enumOf(Array.from({ length: 1001 }, (_, i) => `v${i}`))),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/large-enum',
    pass: withInput(enumOf(Array.from({ length: 251 }, (_, i) => `${i}`.padEnd(59, 'x')))),
    fail: withInput(enumOf(Array.from({ length: 251 }, (_, i) => `${i}`.padEnd(60, 'x')))),
  },
  {
    provider: 'openai-strict',
    rule: 'openai-strict/string-total',
    pass: withInput(objectOf({ [long(1000)]: text() })),
    fail: withInput(
      objectOf(Object.fromEntries(Array.from({ length: 121 }, (_, i) => [`${i}`.padEnd(1000, 'k'), text()]))),
    ),
  },
  // Anthropic
  {
    provider: 'anthropic',
    rule: 'anthropic/name-format',
    pass: cleanTool({ id: long(128) }),
    fail: cleanTool({ id: long(129) }),
  },
  {
    provider: 'anthropic',
    rule: 'anthropic/name-format',
    pass: cleanTool({ id: 'a-b_c' }),
    fail: cleanTool({ id: 'a.b' }),
  },
  {
    provider: 'anthropic',
    rule: 'anthropic/input-schema-object',
    pass: cleanTool(),
    fail: withInput({ type: 'array', items: text() }),
  },
  {
    provider: 'anthropic',
    rule: 'anthropic/top-level-combinator',
    pass: cleanTool(),
    fail: withInput({ type: 'object', oneOf: [objectOf({ a: text() }), objectOf({ b: text() })] }),
  },
  // Gemini
  {
    provider: 'gemini',
    rule: 'gemini/name-format',
    pass: cleanTool({ id: 'ns.tool:v2' }),
    fail: cleanTool({ id: 'tool/v2' }),
  },
  {
    provider: 'gemini',
    rule: 'gemini/name-format',
    pass: cleanTool({ id: long(64) }),
    fail: cleanTool({ id: long(65) }),
  },
  { provider: 'gemini', rule: 'gemini/name-start', pass: cleanTool({ id: '_tool' }), fail: cleanTool({ id: '2tool' }) },
  {
    provider: 'gemini',
    rule: 'gemini/parameter-name',
    pass: withInput(objectOf({ snake_case: text() })),
    fail: withInput(objectOf({ 'kebab-case': text() })),
  },
  { provider: 'gemini', rule: 'gemini/parameters-object', pass: cleanTool(), fail: withInput({ type: 'string' }) },
  {
    provider: 'gemini',
    rule: 'gemini/unsupported-keyword',
    pass: withInput(objectOf({ n: { type: 'number', minimum: 1, description: 'd' } })),
    fail: withInput(objectOf({ n: { type: 'number', exclusiveMinimum: 1, description: 'd' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/type-list',
    pass: withInput(objectOf({ a: { type: 'string', nullable: true, description: 'd' } })),
    fail: withInput(objectOf({ a: { type: ['string', 'null'], description: 'd' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/ref',
    pass: cleanTool(),
    fail: withInput({ ...objectOf({ a: { $ref: '#/definitions/A' } }), definitions: { A: text() } }),
  },
  {
    provider: 'gemini',
    rule: 'gemini/recursive-ref',
    pass: withInput({ ...objectOf({ a: { $ref: '#/definitions/A' } }), definitions: { A: text() } }),
    fail: withInput({
      ...objectOf({ a: { $ref: '#/definitions/Node' } }),
      definitions: { Node: objectOf({ child: { $ref: '#/definitions/Node' } }) },
    }),
  },
  {
    provider: 'gemini',
    rule: 'gemini/enum-values',
    pass: withInput(objectOf({ a: { type: 'string', enum: ['1', '2'], description: '1 2' } })),
    fail: withInput(objectOf({ a: { type: 'integer', enum: [1, 2], description: '1 2' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/enum-values',
    pass: withInput(objectOf({ a: { enum: ['x', 'y'], description: 'x y' } })),
    fail: withInput(objectOf({ a: { type: 'integer', enum: ['1', '2'], description: '1 2' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/format',
    pass: withInput(objectOf({ at: { type: 'string', format: 'date-time', description: 'd' } })),
    fail: withInput(objectOf({ at: { type: 'string', format: 'email', description: 'd' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/tuple',
    pass: withInput(objectOf({ a: { type: 'array', items: text(), description: 'd' } })),
    fail: withInput(objectOf({ a: { type: 'array', items: [text(), { type: 'number' }], description: 'd' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/empty-object',
    pass: cleanTool(),
    fail: withInput(objectOf({ m: { type: 'object', additionalProperties: { type: 'string' }, description: 'd' } })),
  },
  {
    provider: 'gemini',
    rule: 'gemini/untyped',
    pass: cleanTool(),
    fail: withInput(objectOf({ any: { description: 'anything' } })),
  },
  // MCP
  {
    provider: 'mcp',
    rule: 'mcp/name-format',
    pass: cleanTool({ id: 'admin.tools.list' }),
    fail: cleanTool({ id: 'admin/tools' }),
  },
  { provider: 'mcp', rule: 'mcp/input-schema-object', pass: cleanTool(), fail: withInput({ type: 'string' }) },
  {
    provider: 'mcp',
    rule: 'mcp/output-schema-object',
    pass: cleanTool(),
    fail: cleanTool({ schemas: { input: cleanInput(), output: { type: 'string' } } }),
  },
  {
    provider: 'mcp',
    rule: 'mcp/annotation-types',
    pass: cleanTool({ mcp: { annotations: { readOnlyHint: true, title: 'Flights' } } }),
    fail: cleanTool({ mcp: { annotations: { readOnlyHint: 'yes' } } }),
  },
  {
    provider: 'mcp',
    rule: 'mcp/annotation-conflict',
    pass: cleanTool({ mcp: { annotations: { readOnlyHint: false, destructiveHint: true } } }),
    fail: cleanTool({ mcp: { annotations: { readOnlyHint: true, destructiveHint: true } } }),
  },
]

const ruleIds = (provider: ProviderId, tool: ToolDetail): string[] =>
  PROVIDERS[provider].check(tool).map((f) => f.ruleId)

describe('provider rules', () => {
  it.each(cases)('$provider $rule: passes one schema, fails the other', ({ provider, rule, pass, fail }) => {
    expect(ruleIds(provider, pass)).not.toContain(rule)
    expect(ruleIds(provider, fail)).toContain(rule)
  })

  it('the clean fixture passes every provider', () => {
    for (const provider of Object.values(PROVIDERS)) expect(provider.check(cleanTool())).toEqual([])
  })

  it('covers every provider rule with a case (fine-tuned keywords aside: off by default, tested in config.test.ts)', () => {
    const covered = new Set(cases.map((c) => c.rule))
    const all = Object.values(PROVIDERS).flatMap((p) => p.rules.map((r) => r.id))
    expect(all.filter((id) => !covered.has(id))).toEqual(['openai-strict/fine-tuned-keyword'])
  })

  it('every provider rule cites a source and every finding says how to fix it, with a path', () => {
    for (const provider of Object.values(PROVIDERS))
      for (const rule of provider.rules) expect(rule.source, rule.id).toMatch(/^https:\/\//)
    for (const { provider, fail } of cases) {
      for (const finding of PROVIDERS[provider].check(fail)) {
        expect(finding.message.length).toBeGreaterThan(30)
        expect(finding.path).toMatch(/^\//)
      }
    }
  })

  it('says which names each provider allows', () => {
    const [finding] = PROVIDERS.openai.check(cleanTool({ id: 'get.weather' }))
    expect(finding).toEqual({
      ruleId: 'openai/name-format',
      severity: 'error',
      path: '/id',
      message: expect.stringContaining('which must be 1–64 characters of a-z, A-Z, 0-9, "_" or "-"'),
    })
  })

  it('marks what the transform repairs as fixable, and what it cannot as not', () => {
    const optional = PROVIDERS['openai-strict'].check(
      withInput({ ...objectOf({ a: text(), b: text() }), required: ['a'] }),
    )
    expect(optional.find((f) => f.ruleId === 'openai-strict/all-required')).toMatchObject({
      fixable: true,
      severity: 'warning',
      path: '/schemas/input/properties/b',
    })
    const record = PROVIDERS['openai-strict'].check(
      withInput(objectOf({ m: { type: 'object', additionalProperties: true, description: 'd' } })),
    )
    expect(record.find((f) => f.ruleId === 'openai-strict/open-object')).toMatchObject({
      severity: 'error',
      path: '/schemas/input/properties/m/additionalProperties',
    })
    expect(record.find((f) => f.ruleId === 'openai-strict/open-object')?.fixable).toBeUndefined()
  })
})

describe('definitions as sent', () => {
  const tool = cleanTool({
    schemas: {
      input: { ...objectOf({ a: text('first'), b: { type: 'integer', description: 'second' } }), required: ['a'] },
    },
    providerOptions: { openai: { parallelToolCalls: false }, anthropic: { cacheControl: { type: 'ephemeral' } } },
    inputExamples: [{ input: { a: 'x' } }],
    title: 'Flights',
    mcp: { annotations: { readOnlyHint: true } },
  })

  it('openai: the function tool with the schema as it is and provider options merged', () => {
    const sent = PROVIDERS.openai.definition(tool) as { function: Record<string, unknown> }
    expect(sent).toMatchObject({ type: 'function', function: { name: 'search_flights', parallelToolCalls: false } })
    expect(sent.function.strict).toBeUndefined()
    expect(sent.function.parameters).toEqual({
      ...objectOf({ a: text('first'), b: { type: 'integer', description: 'second' } }),
      required: ['a'],
    })
  })

  it('openai-strict: strict: true, and the optional field required and nullable', () => {
    const sent = PROVIDERS['openai-strict'].definition(tool) as {
      function: { strict: boolean; parameters: Record<string, unknown> }
    }
    expect(sent.function.strict).toBe(true)
    expect(sent.function.parameters).toMatchObject({
      required: ['a', 'b'],
      additionalProperties: false,
      properties: { b: { type: ['integer', 'null'] } },
    })
  })

  it('anthropic: input_schema, input_examples and snake_case provider options', () => {
    expect(PROVIDERS.anthropic.definition(tool)).toMatchObject({
      name: 'search_flights',
      input_schema: { type: 'object' },
      input_examples: [{ a: 'x' }],
      cache_control: { type: 'ephemeral' },
    })
  })

  it('gemini: parameters in the OpenAPI subset, and no parameters for a tool without any', () => {
    expect(PROVIDERS.gemini.definition(tool)).toEqual({
      name: 'search_flights',
      description: tool.description,
      parameters: {
        type: 'object',
        properties: { a: text('first'), b: { type: 'integer', description: 'second' } },
        required: ['a'],
      },
    })
    expect(PROVIDERS.gemini.definition(withInput({ type: 'object', properties: {} }))).not.toHaveProperty('parameters')
  })

  it('mcp: title, annotations, the output schema, and a non-object input wrapped as { input }', () => {
    expect(
      PROVIDERS.mcp.definition({ ...tool, mcp: { annotations: { title: 'Flights', readOnlyHint: true } } }),
    ).toMatchObject({ name: 'search_flights', title: 'Flights', annotations: { readOnlyHint: true } })
    expect(PROVIDERS.mcp.definition(withInput({ type: 'string' })).inputSchema).toEqual({
      type: 'object',
      properties: { input: { type: 'string' } },
      required: ['input'],
    })
  })
})

/** Adds a key to every object and an item to every array inside `value`. */
function touchEverything(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) touchEverything(item)
    value.push('touched')
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const item of Object.values(record)) touchEverything(item)
    record.touched = true
  }
}

describe('isolation', () => {
  it('returns definitions and transforms that share nothing with the ToolDetail', () => {
    const tool = cleanTool({
      mcp: { annotations: { readOnlyHint: true } },
      providerOptions: { openai: { a: { b: 1 } }, anthropic: { c: [1] } },
    })
    const before = structuredClone(tool)
    for (const provider of Object.values(PROVIDERS)) {
      touchEverything(provider.definition(tool))
      touchEverything(provider.transform?.(tool))
    }
    expect(tool).toEqual(before)
  })
})
