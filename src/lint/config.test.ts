// The lint config: its zod schema, and rules turned off or re-levelled per project, per provider and per tool.
import { describe, expect, it } from 'vitest'
import { cleanTool, objectOf, text, withInput } from './__fixtures__/tools.ts'
import { LintConfig, ruleSetting } from './config.ts'
import { lintCatalog } from './lint.ts'

const terse = cleanTool({ id: 'terse', description: 'Weather' })
const other = cleanTool({ id: 'other', description: 'Tiny' })
const lintIds = (config: LintConfig, toolIndex = 0) =>
  lintCatalog([terse, other], config).tools[toolIndex].lint.map((f) => `${f.ruleId}:${f.severity}`)

describe('LintConfig', () => {
  it('accepts the documented shape and rejects unknown keys and settings', () => {
    expect(
      LintConfig.parse({
        rules: { 'missing-output-schema': 'off' },
        tools: { a: { rules: { 'openai-strict/*': 'error' } } },
        maxDefinitionTokens: 500,
        minDescriptionLength: 10,
      }),
    ).toBeTruthy()
    expect(LintConfig.safeParse({ rules: { x: 'info' } }).success).toBe(false)
    expect(LintConfig.safeParse({ rule: {} }).success).toBe(false)
    expect(LintConfig.safeParse({ maxDefinitionTokens: 0 }).success).toBe(false)
  })

  it('resolves tool over project over default, and a provider wildcard', () => {
    const defaults = new Map([['openai/name-format', 'error' as const]])
    const config: LintConfig = {
      rules: { 'openai/*': 'warning' },
      tools: { t: { rules: { 'openai/name-format': 'off' } } },
    }
    expect(ruleSetting('openai/name-format', 't', config, defaults)).toBe('off')
    expect(ruleSetting('openai/name-format', 'u', config, defaults)).toBe('warning')
    expect(ruleSetting('openai/name-format', 'u', {}, defaults)).toBe('error')
  })
})

describe('config applied by lintCatalog', () => {
  it('reports a rule at its default severity with no config', () => {
    expect(lintIds({})).toEqual(['description-too-short:warning'])
  })

  it('turns a rule off for the whole project', () => {
    const result = lintCatalog([terse, other], { rules: { 'description-too-short': 'off' } })
    expect(result.tools.map((t) => t.lint)).toEqual([[], []])
    expect(result.summary.warnings).toBe(0)
  })

  it('turns a rule off for one tool only', () => {
    const config: LintConfig = { tools: { terse: { rules: { 'description-too-short': 'off' } } } }
    expect(lintIds(config, 0)).toEqual([])
    expect(lintIds(config, 1)).toEqual(['description-too-short:warning'])
  })

  it('raises a rule to error, and a tool can lower it again', () => {
    const config: LintConfig = {
      rules: { 'description-too-short': 'error' },
      tools: { other: { rules: { 'description-too-short': 'warning' } } },
    }
    expect(lintIds(config, 0)).toEqual(['description-too-short:error'])
    expect(lintIds(config, 1)).toEqual(['description-too-short:warning'])
  })

  it('turns every rule of a provider off with a wildcard, per project and per tool', () => {
    const bad = withInput(objectOf({ a: { type: 'string', format: 'uri', description: 'd' } }), { id: 'bad.name' })
    const checked = lintCatalog([bad]).tools[0].providers['openai-strict'] ?? []
    expect(checked.map((f) => f.ruleId)).toEqual(['openai/name-format', 'openai-strict/format'])
    expect(lintCatalog([bad], { rules: { 'openai-strict/*': 'off' } }).tools[0].providers['openai-strict']).toEqual([
      expect.objectContaining({ ruleId: 'openai/name-format' }),
    ])
    expect(
      lintCatalog([bad], { tools: { 'bad.name': { rules: { 'openai-strict/*': 'off', 'openai/*': 'off' } } } }).tools[0]
        .providers['openai-strict'],
    ).toEqual([])
  })

  it('turns on a rule that is off by default', () => {
    const patterned = withInput(objectOf({ a: { type: 'string', pattern: '^a', description: 'd' } }))
    expect(lintCatalog([patterned]).tools[0].providers['openai-strict']).toEqual([])
    const on = lintCatalog([patterned], { rules: { 'openai-strict/fine-tuned-keyword': 'warning' } }).tools[0]
      .providers['openai-strict']
    expect(on).toEqual([
      expect.objectContaining({
        ruleId: 'openai-strict/fine-tuned-keyword',
        severity: 'warning',
        path: '/schemas/input/properties/a/pattern',
      }),
    ])
  })

  it('uses the configured thresholds', () => {
    expect(lintIds({ minDescriptionLength: 3 })).toEqual([])
    const wordy = cleanTool({ schemas: { input: objectOf({ a: text('x'.repeat(400)) }), output: {} } })
    expect(lintCatalog([wordy], { maxDefinitionTokens: 50 }).tools[0].lint.map((f) => f.ruleId)).toEqual([
      'definition-tokens',
    ])
  })
})
