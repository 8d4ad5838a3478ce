import { describe, expect, it } from 'vitest'
import { evalJsonSchema, parseEvalFile, toolsNamedBy } from './evalFile.ts'

const minimal = {
  name: 'weather-in-lima',
  prompt: 'What is the weather in Lima?',
  tools: ['weather-tool'],
  expect: { calls: [{ tool: 'weather-tool', args: { location: 'Lima' } }] },
  k: 3,
}

const parsed = (value: unknown) => parseEvalFile(JSON.stringify(value))

describe('eval files', () => {
  it('parses the minimal form and applies defaults', () => {
    const result = parsed(minimal)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.cases).toEqual([{ ...minimal, threshold: 1 }])
    const bare = parsed({ name: 'x', prompt: 'hi', expect: {} })
    expect(bare.ok && bare.cases[0]).toMatchObject({ tools: 'all', k: 1, threshold: 1 })
  })

  it('takes an array of cases, a conversation, answers, run settings and variants', () => {
    const full = {
      $schema: '../node_modules/toolscope/src/testbench/eval.schema.json',
      name: 'full',
      system: 'You are terse.',
      messages: [
        { role: 'user', content: 'I am in Peru.' },
        { role: 'assistant', content: 'Noted.' },
      ],
      prompt: 'Weather in the capital?',
      tools: 'all',
      expect: {
        calls: [{ tool: 'weather-tool', args: { location: { $any: 'string' } }, count: 1 }],
        notCalled: ['delete-file'],
        first: 'weather-tool',
        callCount: { min: 1, max: 2 },
        answerIncludes: ['Lima', 'sunny'],
      },
      k: 5,
      threshold: 0.8,
      maxSteps: 3,
      network: 'replay',
      cassette: 'lima',
      clock: 'fake',
      answers: {
        approve: { 'delete-file': false },
        resumeData: { 'book-seat': { seat: '1A' } },
        elicitation: { 'ask-name': { name: 'Ada' } },
      },
      variants: {
        terse: { 'weather-tool': { description: 'Weather.' } },
        schema: { 'weather-tool': { inputSchema: { type: 'object' } } },
      },
    }
    const result = parsed([full, { ...minimal, expect: { callCount: 0 } }])
    expect(result.ok, JSON.stringify(result)).toBe(true)
    if (!result.ok) return
    expect(result.cases.map((c) => c.name)).toEqual(['full', 'weather-in-lima'])
    expect(toolsNamedBy(result.cases[0]!)).toEqual(['weather-tool'])
    expect(toolsNamedBy(result.cases[1]!)).toEqual(['weather-tool'])
  })

  it('names the place and the reason of every problem', () => {
    expect(parseEvalFile('{ nope')).toEqual({ ok: false, problems: [expect.stringMatching(/^not valid JSON/)] })
    const bad = parsed([minimal, { ...minimal, name: 'two', k: 0, expect: { calls: [{ args: {} }], colour: 'red' } }])
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.problems.join('\n')).toMatch(/^\[1\]\.expect\.calls\.0\.tool: /m)
    expect(bad.problems.join('\n')).toMatch(/^\[1\]\.expect: Unrecognized key: "colour"/m)
    expect(bad.problems.join('\n')).toMatch(/^\[1\]\.k: /m)
    const single = parsed({ ...minimal, threshold: 2, callCount: 1 })
    expect(!single.ok && single.problems).toEqual([
      expect.stringMatching(/^threshold: /),
      expect.stringMatching(/^\(root\): Unrecognized key: "callCount"/),
    ])
    expect(parsed([])).toEqual({ ok: false, problems: [expect.stringMatching(/non-empty array/)] })
    const variant = parsed({ ...minimal, variants: { 'bad name': { 'weather-tool': {} } } })
    expect(!variant.ok && variant.problems.join('\n')).toMatch(/variants.*variant name/)
    const empty = parsed({ ...minimal, variants: { v: { 'weather-tool': {} } } })
    expect(!empty.ok && empty.problems.join('\n')).toMatch(/^variants\.v\.weather-tool: a variant changes/m)
    const bounds = parsed({ ...minimal, expect: { callCount: { min: 3, max: 1 } } })
    expect(!bounds.ok && bounds.problems.join('\n')).toMatch(/min.*must not be above/)
  })

  it('reads a case of version 1 or without a version, and names a case written by a newer Toolscope', () => {
    expect(parsed({ ...minimal, version: 1 }).ok).toBe(true)
    const newer = parsed([minimal, { ...minimal, name: 'later', version: 2 }])
    expect(!newer.ok && newer.problems).toEqual([expect.stringMatching(/^\[1\]: .*eval case.*version 2.*version 1/)])
  })

  it('publishes a JSON Schema that takes one case or an array of them', () => {
    const schema = evalJsonSchema() as {
      anyOf: Array<{ type: string; properties?: Record<string, unknown>; required?: string[] }>
    }
    const single = schema.anyOf.find((s) => s.type === 'object')!
    expect(Object.keys(single.properties!)).toEqual(
      expect.arrayContaining([
        'name',
        'prompt',
        'messages',
        'tools',
        'expect',
        'k',
        'threshold',
        'answers',
        'variants',
        'network',
        'clock',
      ]),
    )
    expect(single.required).toEqual(expect.arrayContaining(['name', 'prompt', 'expect']))
    expect(schema.anyOf.some((s) => s.type === 'array')).toBe(true)
  })
})

describe('published JSON Schema file', () => {
  it('src/testbench/eval.schema.json is up to date (regenerate it from evalJsonSchema() when the schema changes)', async () => {
    const { readFile } = await import('node:fs/promises')
    const onDisk = JSON.parse(await readFile(new URL('../eval.schema.json', import.meta.url), 'utf8'))
    expect(onDisk).toEqual(evalJsonSchema())
  })
})
