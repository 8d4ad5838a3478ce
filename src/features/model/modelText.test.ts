// Model things in words: tokens and cost (only what the provider reported), provider errors named by their cause,
// a conversation's end, and a call's arguments (pretty JSON, or the exact malformed text).
import { describe, expect, it } from 'vitest'
import {
  argumentsText,
  describeModelError,
  formatCost,
  formatTokens,
  formatUsage,
  modelViewShown,
  percent,
  phaseText,
} from './modelText.ts'

describe('formatUsage', () => {
  it('shows the parts the provider reported, the total derived when missing', () => {
    expect(formatUsage({ inputTokens: 1200, outputTokens: 30 })).toBe('1,200 in · 30 out · 1,230 tokens')
    expect(formatUsage({ inputTokens: 10, outputTokens: 5, totalTokens: 15, cost: 0.00042 })).toBe(
      '10 in · 5 out · 15 tokens · $0.0004',
    )
    expect(formatUsage({ totalTokens: 7 })).toBe('7 tokens')
    expect(formatUsage({})).toBe('tokens not reported')
    expect(formatUsage(undefined)).toBe('tokens not reported')
  })

  it('shows a cost in cents once it is a cent or more', () => {
    expect(formatCost(0.5)).toBe('$0.50')
    expect(formatCost(0.0123)).toBe('$0.01')
    expect(formatCost(0.001)).toBe('$0.0010')
  })

  it('shortens tokens for table cells', () => {
    expect(formatTokens({ totalTokens: 4321 })).toBe('4,321 tok')
    expect(formatTokens({ inputTokens: 3, outputTokens: 4 })).toBe('7 tok')
    expect(formatTokens({})).toBe('—')
  })
})

describe('describeModelError', () => {
  it.each([
    ['Rate limit reached for requests (429)', 'rate-limit'],
    ['Too Many Requests', 'rate-limit'],
    ['The model refused: I cannot help with that', 'refusal'],
    ['Incorrect API key provided', 'key'],
    ['401 Unauthorized', 'key'],
    ['openai:gpt answered HTTP 401 (the key was refused): Incorrect key', 'key'],
    ['No key for openai: set OPENAI_API_KEY in the environment', 'key'],
    ['gpt refused: content filter', 'refusal'],
    ['openai-compatible:m could not be reached at http://127.0.0.1:9/v1: fetch failed', 'base-url'],
    ['Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9', 'base-url'],
    ['fetch failed', 'base-url'],
    ['Not Found', 'base-url'],
    ['Something odd', 'other'],
  ])('names %j as %s', (message, kind) => {
    expect(describeModelError(message).kind).toBe(kind)
  })

  it('says what to do about a base URL and a key', () => {
    expect(describeModelError('ECONNREFUSED').hint).toContain('base URL')
    expect(describeModelError('Invalid API key').hint).toContain('environment')
  })
})

describe('phaseText and argumentsText', () => {
  it('names the end of a conversation', () => {
    expect(phaseText('done', 1)).toBe('Answered in 1 step')
    expect(phaseText('step-limit', 5)).toContain('step limit (5 steps)')
    expect(phaseText('cancelled', 2)).toBe('Cancelled')
  })

  it('indents JSON arguments and keeps malformed ones as sent', () => {
    expect(argumentsText('{"location":"Lima"}')).toEqual({ text: '{\n  "location": "Lima"\n}', json: true })
    expect(argumentsText('{"location": "Li')).toEqual({ text: '{"location": "Li', json: false })
    expect(argumentsText('  ')).toEqual({ text: '', json: false })
  })

  it('rounds a rate to a percentage', () => {
    expect(percent(0.666)).toBe('67%')
    expect(percent(1)).toBe('100%')
  })
})

describe('modelViewShown', () => {
  it('unwraps the tool result the model got, saying when it was an error or a refusal', () => {
    expect(modelViewShown({ type: 'json', value: { temp: 21 } })).toEqual({ value: { temp: 21 } })
    expect(modelViewShown({ type: 'text', value: 'Sunny' })).toEqual({ text: 'Sunny' })
    expect(modelViewShown({ type: 'error-text', value: 'The arguments are not valid JSON' })).toEqual({
      text: 'The arguments are not valid JSON',
      note: 'as an error',
    })
    expect(modelViewShown({ type: 'execution-denied', reason: 'too risky' })).toEqual({
      text: 'too risky',
      note: 'as declined',
    })
    expect(modelViewShown('plain')).toEqual({ text: 'plain' })
    expect(modelViewShown({ other: 1 })).toEqual({ value: { other: 1 } })
  })
})
