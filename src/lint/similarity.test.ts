// The near-duplicate search against brute force, and the token estimate.
import { describe, expect, it } from 'vitest'
import { descriptionTokens, jaccard, similarPairs } from './similarity.ts'
import { definitionText, estimateTokenCounter } from './tokens.ts'

describe('similarity', () => {
  it('tokenises case- and punctuation-insensitively, in any script', () => {
    expect([...descriptionTokens('Find the café, FIND it! 2 times')]).toEqual([
      'find',
      'the',
      'café',
      'it',
      '2',
      'times',
    ])
  })

  it('computes Jaccard similarity', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3)
    expect(jaccard(new Set(), new Set())).toBe(1)
  })

  it('finds exactly the pairs brute force finds', () => {
    let state = 7
    const next = () => (state = (state * 48271) % 2147483647)
    const sets = Array.from({ length: 300 }, () => {
      const size = 3 + (next() % 12)
      return new Set(Array.from({ length: size }, () => `t${next() % 20}`))
    })
    for (const threshold of [0.5, 0.8, 0.9, 1]) {
      const expected: string[] = []
      for (let b = 0; b < sets.length; b += 1) {
        for (let a = 0; a < b; a += 1)
          if (sets[a].size > 0 && jaccard(sets[a], sets[b]) >= threshold) expected.push(`${a}-${b}`)
      }
      const found = similarPairs(sets, threshold).map((p) => `${Math.min(p.a, p.b)}-${Math.max(p.a, p.b)}`)
      expect(found.sort()).toEqual(expected.sort())
    }
  })
})

describe('token estimate', () => {
  it('counts a quarter token per character, rounded up, and says it is an estimate', () => {
    const counter = estimateTokenCounter('openai')
    expect(counter).toMatchObject({ provider: 'openai', encoding: 'chars/4', estimate: true })
    expect(counter.count('')).toBe(0)
    expect(counter.count('abcde')).toBe(2)
  })

  it('counts a definition as compact JSON', () => {
    expect(definitionText({ a: [1, 2] })).toBe('{"a":[1,2]}')
  })
})
