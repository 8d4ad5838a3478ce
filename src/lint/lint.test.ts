// lintCatalog over a generated catalog of 1,000 tools with planted problems: every count in the summary is checked
// against what was planted. (The time is printed, not asserted.)
import { describe, expect, it } from 'vitest'
import type { ToolDetail } from '../shared/protocol.ts'
import { cleanInput, cleanTool } from './__fixtures__/tools.ts'
import { ALL_RULES, lintCatalog, lintCatalogSafely } from './lint.ts'
import { PROVIDERS } from './providers/index.ts'
import type { TokenCounter } from './tokens.ts'
import { PROVIDER_IDS } from './types.ts'

const VOCABULARY = Array.from({ length: 600 }, (_, i) => `w${i.toString(36)}`)

/** Eight pseudo-random words per index (a fixed LCG), so descriptions are distinct and reproducible. */
function words(seed: number): string {
  let state = seed * 2654435761 + 1
  const out: string[] = []
  for (let i = 0; i < 8; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648
    out.push(VOCABULARY[state % VOCABULARY.length])
  }
  return `Finds ${out.join(' ')} for the user.`
}

const badName = (i: number) => i % 10 === 0
const noOutput = (i: number) => i % 7 === 0
const duplicate = (i: number) => i % 100 === 1
const duplicated = (i: number) => i % 100 === 0
const optionalField = (i: number) => i % 4 === 0

function generated(i: number): ToolDetail {
  const input = cleanInput()
  if (optionalField(i)) input.required = ['from', 'to']
  const tool = cleanTool({ id: badName(i) ? `tool ${i}` : `tool_${i}`, description: words(duplicate(i) ? i - 1 : i) })
  return { ...tool, schemas: noOutput(i) ? { input } : { ...tool.schemas, input } }
}

describe('lintCatalog', () => {
  it('lints 1,000 tools and counts every planted problem', () => {
    const tools = Array.from({ length: 1000 }, (_, i) => generated(i))
    const started = performance.now()
    const result = lintCatalog(tools)
    const elapsed = performance.now() - started
    console.log(`lintCatalog: 1,000 tools, ${PROVIDER_IDS.length} providers, in ${elapsed.toFixed(0)} ms`)

    const count = (predicate: (i: number) => boolean) => tools.filter((_, i) => predicate(i)).length
    const names = count(badName)
    const duplicates = count((i) => duplicate(i) || duplicated(i))
    const withWarnings = count((i) => badName(i) || noOutput(i) || duplicate(i) || duplicated(i) || optionalField(i))

    expect(result.summary).toEqual({
      tools: 1000,
      toolsWithErrors: names,
      toolsWithWarnings: withWarnings,
      // A bad name is one openai/name-format finding, though both OpenAI views list it: counted once in the totals.
      errors: names * 3,
      warnings: names + count(noOutput) + duplicates + count(optionalField),
      providers: {
        openai: { errors: names, warnings: 0 },
        'openai-strict': { errors: names, warnings: count(optionalField) },
        anthropic: { errors: names, warnings: 0 },
        gemini: { errors: names, warnings: 0 },
        mcp: { errors: 0, warnings: names },
      },
      lint: { errors: 0, warnings: count(noOutput) + duplicates },
      rules: {
        'openai/name-format': { errors: names, warnings: 0 },
        'anthropic/name-format': { errors: names, warnings: 0 },
        'gemini/name-format': { errors: names, warnings: 0 },
        'mcp/name-format': { errors: 0, warnings: names },
        'openai-strict/all-required': { errors: 0, warnings: count(optionalField) },
        'missing-output-schema': { errors: 0, warnings: count(noOutput) },
        'duplicate-description': { errors: 0, warnings: duplicates },
      },
      definitionTokens: Object.fromEntries(
        PROVIDER_IDS.map((id) => [
          id,
          { provider: id, count: expect.any(Number), estimate: true, encoding: 'chars/4' },
        ]),
      ),
    })
    expect(result.summary.definitionTokens.openai!.count).toBe(
      result.tools.reduce((sum, tool) => sum + tool.definitionTokens.openai!.count, 0),
    )
    expect(result.tools[1].lint[0].message).toContain('the same as "tool 0"')
    expect(result.tools[3]).toMatchObject({
      toolId: 'tool_3',
      errors: 0,
      warnings: 0,
      lint: [],
      tokens: { provider: 'openai', estimate: true, encoding: 'chars/4' },
    })
  })

  it('checks only the providers asked for', () => {
    const result = lintCatalog([cleanTool({ id: 'a b' })], {}, { providers: ['anthropic'] })
    expect(Object.keys(result.tools[0].providers)).toEqual(['anthropic'])
    expect(result.summary.providers).toEqual({ anthropic: { errors: 1, warnings: 0 } })
  })

  it('counts each provider’s definition with that provider’s counter, and totals them over the catalog', () => {
    const byLength: TokenCounter = {
      provider: 'anthropic',
      encoding: 'test',
      estimate: false,
      count: (text) => text.length,
    }
    const tools = [cleanTool(), { ...cleanTool(), id: 'second_tool' }]
    const lint = lintCatalog(tools, {}, { tokenCounters: { anthropic: byLength }, tokenProvider: 'anthropic' })
    const lengths = tools.map((tool) => JSON.stringify(PROVIDERS.anthropic.definition(tool)).length)
    expect(lint.tools[0].tokens).toEqual({
      provider: 'anthropic',
      count: lengths[0],
      estimate: false,
      encoding: 'test',
    })
    expect(lint.tools[0].definitionTokens.anthropic).toEqual(lint.tools[0].tokens)
    expect(lint.tools[0].definitionTokens.openai).toMatchObject({
      provider: 'openai',
      estimate: true,
      encoding: 'chars/4',
    })
    expect(lint.summary.definitionTokens.anthropic).toEqual({
      provider: 'anthropic',
      count: lengths[0] + lengths[1],
      estimate: false,
      encoding: 'test',
    })
    expect(Object.keys(lint.summary.definitionTokens).sort()).toEqual([...PROVIDER_IDS].sort())
  })

  it('reports a recorded model view over maxModelViewTokens for its tool only, and the config turns the rule off', () => {
    const tools = [cleanTool(), { ...cleanTool(), id: 'second_tool' }]
    const big = {
      toolId: tools[0].id,
      source: 'scenario "all"',
      model: { type: 'text' as const, value: 'x'.repeat(4 * 120) },
    }
    const small = {
      toolId: tools[1].id,
      source: 'scenario "one"',
      model: { type: 'json' as const, value: { ok: true } },
    }
    const lint = lintCatalog(tools, { maxModelViewTokens: 100 }, { modelViews: [big, small] })
    expect(lint.tools[0].lint.filter((f) => f.ruleId === 'model-view-tokens')).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: expect.stringContaining('scenario "all" is about 120 tokens (estimated), over the budget of 100'),
      }),
    ])
    expect(lint.tools[1].lint.map((f) => f.ruleId)).not.toContain('model-view-tokens')
    const off = lintCatalog(
      tools,
      { maxModelViewTokens: 100, tools: { [tools[0].id]: { rules: { 'model-view-tokens': 'off' } } } },
      { modelViews: [big] },
    )
    expect(off.tools[0].lint.map((f) => f.ruleId)).not.toContain('model-view-tokens')
  })

  it('knows every rule once, each with a default and a summary', () => {
    const ids = ALL_RULES.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const rule of ALL_RULES) expect(rule.summary.length).toBeGreaterThan(10)
  })
})

describe('lintCatalogSafely', () => {
  it('reports a lint that throws and gives an empty result instead of failing its caller', () => {
    const errors: string[] = []
    const broken = { ...cleanTool(), schemas: null } as unknown as ToolDetail
    expect(lintCatalogSafely([broken], {}, (err) => errors.push(err.message))).toEqual({
      tools: [],
      summary: expect.objectContaining({ tools: 0, errors: 0 }),
    })
    expect(errors).toHaveLength(1)
    expect(lintCatalogSafely([cleanTool()], {}, (err) => errors.push(err.message)).tools).toHaveLength(1)
  })
})
