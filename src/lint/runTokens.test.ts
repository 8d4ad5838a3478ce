// runTokens: every view of every phase counted per provider, long texts scaled from a prefix and marked estimates,
// and the model-view rule under the config.
import { describe, expect, it } from 'vitest'
import type { Views } from '../shared/protocol.ts'
import { runTokens } from './runTokens.ts'
import { MAX_EXACT_TOKEN_CHARS } from './tokens.ts'
import type { TokenCounter } from './tokens.ts'

const exact = (provider: string): TokenCounter => ({
  provider,
  encoding: 'chars',
  estimate: false,
  count: (text) => text.length,
})
const counters = {
  openai: exact('openai'),
  anthropic: exact('anthropic'),
  gemini: { ...exact('gemini'), estimate: true },
}
const views = (raw: unknown, model?: Views['model']): Views => ({
  raw,
  display: { value: raw, passthrough: true },
  transcript: { value: 'saved' },
  model,
})

describe('runTokens', () => {
  it('counts raw, display, transcript and model of each phase with each counter', () => {
    const tokens = runTokens(
      {
        runId: 'r',
        toolId: 't',
        views: { input: views({ a: 1 }), output: views('hello', { type: 'text', value: 'hi' }) },
      },
      counters,
    )
    expect(tokens.counters).toEqual([
      { provider: 'openai', label: 'OpenAI (function tools)', encoding: 'chars', estimate: false },
      { provider: 'anthropic', label: 'Anthropic', encoding: 'chars', estimate: false },
      { provider: 'gemini', label: 'Google Gemini', encoding: 'chars', estimate: true },
    ])
    expect(tokens.phases.input).toEqual({
      raw: expect.any(Object),
      display: expect.any(Object),
      transcript: expect.any(Object),
      findings: [],
    })
    expect(tokens.phases.input!.raw.openai).toEqual({ count: '{"a":1}'.length, estimate: false })
    expect(tokens.phases.output!.raw.openai.count).toBe(5)
    expect(tokens.phases.output!.transcript.anthropic.count).toBe(5)
    expect(tokens.phases.output!.model!.gemini).toEqual({ count: 2, estimate: true })
    expect(tokens.phases.output!.findings).toEqual([])
  })

  it('scales a text longer than the exact limit from its prefix and marks it an estimate', () => {
    const long = 'ab'.repeat(MAX_EXACT_TOKEN_CHARS)
    const halfCounter = { ...exact('openai'), count: (text: string) => Math.ceil(text.length / 2) }
    const tokens = runTokens(
      { runId: 'r', toolId: 't', views: { output: views(long) } },
      { ...counters, openai: halfCounter },
    )
    expect(tokens.phases.output!.raw.openai).toEqual({ count: long.length / 2, estimate: true })
    expect(tokens.phases.output!.raw.anthropic).toEqual({ count: long.length, estimate: true })
  })

  it('warns about a model view over maxModelViewTokens unless the tool turns the rule off', () => {
    const run = {
      runId: 'r',
      toolId: 't',
      views: { output: views('x', { type: 'text' as const, value: 'y'.repeat(50) }) },
    }
    expect(runTokens(run, counters, { maxModelViewTokens: 40 }).phases.output!.findings).toEqual([
      expect.objectContaining({
        ruleId: 'model-view-tokens',
        severity: 'warning',
        message: expect.stringContaining("this run's output is 50 tokens (chars), over the budget of 40"),
      }),
    ])
    expect(
      runTokens(run, counters, { maxModelViewTokens: 40, rules: { 'model-view-tokens': 'error' } }).phases.output!
        .findings[0]!.severity,
    ).toBe('error')
    expect(
      runTokens(run, counters, { maxModelViewTokens: 40, tools: { t: { rules: { 'model-view-tokens': 'off' } } } })
        .phases.output!.findings,
    ).toEqual([])
  })
})
