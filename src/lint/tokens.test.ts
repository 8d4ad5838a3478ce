// Bounded token counting: a long unbroken run reaches the tokenizer in pieces (BPE is quadratic in one run), ordinary
// text is cut only between words, and past the exact limit a prefix is counted and scaled, marked an estimate.

import { describe, expect, it } from 'vitest'
import { countTokensBounded, MAX_EXACT_TOKEN_CHARS, MAX_TOKEN_PIECE_CHARS, type TokenCounter } from './tokens.ts'

/** A counter that counts characters and remembers every text it was handed. */
function spy(): TokenCounter & { seen: string[] } {
  const seen: string[] = []
  return { provider: 'spy', encoding: 'chars', estimate: false, seen, count: (text) => (seen.push(text), text.length) }
}

describe('countTokensBounded', () => {
  it('counts a short text in one call, exactly', () => {
    const counter = spy()
    expect(countTokensBounded(counter, 'hello world')).toEqual({ count: 11, estimate: false })
    expect(counter.seen).toEqual(['hello world'])
  })

  it('hands a megabyte unbroken run over in bounded pieces, counts only a prefix and says so', () => {
    const counter = spy()
    const text = 'x'.repeat(1_000_000)
    expect(countTokensBounded(counter, text)).toEqual({
      count: 1_000_000,
      estimate: true,
      sampledChars: MAX_EXACT_TOKEN_CHARS,
    })
    expect(Math.max(...counter.seen.map((s) => s.length))).toBeLessThanOrEqual(MAX_TOKEN_PIECE_CHARS)
    expect(counter.seen.join('').length).toBe(MAX_EXACT_TOKEN_CHARS)
  })

  it('cuts ordinary text only before a word, so every piece is whole words', () => {
    const counter = spy()
    const text = Array.from({ length: 3_000 }, (_, i) => `word${i}`).join(' ')
    expect(countTokensBounded(counter, text)).toEqual({ count: text.length, estimate: false })
    expect(counter.seen.length).toBeGreaterThan(1)
    for (const piece of counter.seen.slice(1)) expect(piece).toMatch(/^ word\d+/)
    expect(counter.seen.join('')).toBe(text)
  })

  it('never splits a surrogate pair', () => {
    const counter = spy()
    const text = '😀'.repeat(MAX_TOKEN_PIECE_CHARS)
    countTokensBounded(counter, text)
    for (const piece of counter.seen) expect(piece.length % 2).toBe(0)
  })
})
