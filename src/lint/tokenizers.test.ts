// The real tokenizers against counts published for known strings, and the model view's text as counted.
import { describe, expect, it } from 'vitest'
import { modelViewText } from './modelView.ts'
import { estimateTokenCounters, loadTokenCounters } from './tokenizers.ts'

describe('loadTokenCounters', () => {
  it('counts OpenAI text with o200k_base: "hello world" is 2 tokens, as tiktoken encodes it ([24912, 2375])', async () => {
    const counters = await loadTokenCounters()
    for (const id of ['openai', 'openai-strict', 'mcp'] as const) {
      expect(counters[id]).toMatchObject({ encoding: 'o200k_base', estimate: false })
      expect(counters[id].count('hello world')).toBe(2)
    }
    expect(counters.openai.count('Hello, world!')).toBe(4)
  })

  it('counts special-token strings in a tool’s text as text instead of refusing them', async () => {
    const { openai } = await loadTokenCounters()
    expect(openai.count('a <|endoftext|> b')).toBeGreaterThan(3)
  })

  it('counts Anthropic text with the published Claude tokenizer, labelled an estimate: "hello world!" is 3 tokens', async () => {
    // 3 is the count of Anthropic's own anthropic-tokenizer-typescript test for this string.
    const { anthropic } = await loadTokenCounters()
    expect(anthropic).toMatchObject({ encoding: 'Claude 2 tokenizer', estimate: true })
    expect(anthropic.count('hello world!')).toBe(3)
  })

  it('estimates Gemini as characters ÷ 4, and loads once per process', async () => {
    const first = await loadTokenCounters()
    expect(first.gemini).toMatchObject({ estimate: true, encoding: 'chars/4' })
    expect(first.gemini.count('x'.repeat(9))).toBe(3)
    expect(await loadTokenCounters()).toBe(first)
    expect(estimateTokenCounters().openai).toMatchObject({ estimate: true })
  })
})

describe('modelViewText', () => {
  it('is the text as the model reads it: strings as they are, JSON serialized, content by its text parts', () => {
    expect(modelViewText({ type: 'text', value: 'hi' })).toBe('hi')
    expect(modelViewText({ type: 'json', value: { a: [1, 2] } })).toBe('{"a":[1,2]}')
    expect(modelViewText({ type: 'execution-denied', reason: 'no' })).toBe('no')
    expect(
      modelViewText({
        type: 'content',
        value: [
          { type: 'text', text: 'a' },
          { type: 'image-url', url: 'https://x/y.png' },
          { type: 'text', text: 'b' },
        ],
      }),
    ).toBe('a\n\nb')
  })
})
