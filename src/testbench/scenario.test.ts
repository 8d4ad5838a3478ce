import { describe, expect, it } from 'vitest'
import { assertScenarioName, parseScenario, scenarioJsonSchema } from './scenario.ts'

const valid = { name: 'sunny', toolId: 'weather', input: { location: 'Oslo' }, expect: { status: 'success' } }

describe('scenario files', () => {
  it('parses a minimal scenario and applies defaults', () => {
    const s = parseScenario(JSON.stringify(valid))
    expect(s.decisions).toEqual([])
    expect(s.expect.match).toBe('exact')
  })

  it('names the source and the problem for malformed files', () => {
    expect(() => parseScenario('{ nope', 'a/b.json')).toThrow(/a\/b\.json: not valid JSON/)
    expect(() => parseScenario(JSON.stringify({ ...valid, expect: { status: 'great' } }), 'x.json')).toThrow(
      /x\.json: not a valid scenario: expect\.status/,
    )
    expect(() => parseScenario(JSON.stringify({ ...valid, input: undefined }), 'x.json')).toThrow(
      /needs `input` or `inputText`/,
    )
    expect(() => parseScenario(JSON.stringify({ ...valid, decisions: [{ type: 'maybe' }] }))).toThrow(/decisions\.0/)
  })

  it('refuses names that could leave the scenario folder', () => {
    for (const bad of ['../x', 'a/b', '..', '.hidden', 'a\\b', '', 'x'.repeat(101)])
      expect(() => assertScenarioName(bad)).toThrow(/Invalid scenario name/)
    for (const good of ['happy-path', 'v1.2_ok', 'A']) expect(() => assertScenarioName(good)).not.toThrow()
  })

  it('publishes a JSON Schema that names every top-level field', () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, unknown>; required: string[] }
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['toolId', 'input', 'decisions', 'expect']))
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'toolId', 'expect']))
  })
})

describe('published JSON Schema file', () => {
  it('src/testbench/scenario.schema.json is up to date (regenerate it from scenarioJsonSchema() when the schema changes)', async () => {
    const { readFile } = await import('node:fs/promises')
    const onDisk = JSON.parse(await readFile(new URL('./scenario.schema.json', import.meta.url), 'utf8'))
    expect(onDisk).toEqual(scenarioJsonSchema())
  })
})
