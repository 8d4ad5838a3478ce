import { describe, expect, it } from 'vitest'
import { compareOutcome, formatMismatches } from './match.ts'

describe('compareOutcome', () => {
  it('accepts an identical outcome', () => {
    const views = { raw: { a: 1, b: [1, 2] }, display: { a: 1 } }
    expect(compareOutcome({ status: 'success', match: 'exact', ...views }, { status: 'success', ...views })).toEqual([])
  })

  it('reports status and nested value differences by path', () => {
    const mismatches = compareOutcome(
      { status: 'success', match: 'exact', raw: { items: [{ id: 1 }, { id: 2 }] } },
      { status: 'error', raw: { items: [{ id: 1 }, { id: 3 }] } },
    )
    expect(mismatches).toEqual([
      { path: 'status', expected: 'success', actual: 'error' },
      { path: 'raw.items[1].id', expected: 2, actual: 3 },
    ])
    expect(formatMismatches(mismatches)).toContain('raw.items[1].id\n    - expected: 2\n    + actual:   3')
  })

  it('exact match refuses extra keys, partial match allows them', () => {
    const actual = { status: 'success' as const, raw: { a: 1, extra: true } }
    expect(compareOutcome({ status: 'success', match: 'exact', raw: { a: 1 } }, actual)).toEqual([
      { path: 'raw.extra', expected: undefined, actual: true },
    ])
    expect(compareOutcome({ status: 'success', match: 'partial', raw: { a: 1 } }, actual)).toEqual([])
  })

  it('treats arrays of another length as a mismatch even in partial mode', () => {
    expect(
      compareOutcome({ status: 'success', match: 'partial', raw: [1] }, { status: 'success', raw: [1, 2] }),
    ).toHaveLength(1)
  })

  it('only checks the views the expectation names', () => {
    expect(
      compareOutcome(
        { status: 'success', match: 'exact' },
        { status: 'success', raw: 42, model: { type: 'text', value: 'x' } },
      ),
    ).toEqual([])
  })
})

describe('values a scenario stored redacted', () => {
  it('match whatever stands there now, alone or inside a longer string; the rest must still be equal', () => {
    const expected = {
      status: 'success' as const,
      match: 'exact' as const,
      raw: { apiKey: '[REDACTED]', header: 'Bearer [REDACTED] (v1)', n: '[REDACTED]' },
    }
    expect(
      compareOutcome(expected, {
        status: 'success',
        raw: { apiKey: 'sk-live-1', header: 'Bearer sk-live-1 (v1)', n: 42 },
      }),
    ).toEqual([])
    expect(
      compareOutcome(expected, {
        status: 'success',
        raw: { apiKey: 'sk-live-1', header: 'Basic sk-live-1 (v1)', n: 42 },
      }),
    ).toEqual([{ path: 'raw.header', expected: 'Bearer [REDACTED] (v1)', actual: 'Basic sk-live-1 (v1)' }])
    // Only strings and numbers were ever redacted: a missing value or an object is still a difference.
    expect(
      compareOutcome(expected, { status: 'success', raw: { header: 'Bearer x (v1)', n: { a: 1 } } }).map((m) => m.path),
    ).toEqual(['raw.apiKey', 'raw.n'])
  })
})
