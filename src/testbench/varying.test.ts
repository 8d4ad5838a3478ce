import { describe, expect, it } from 'vitest'
import { compareOutcome } from './match.ts'
import {
  generatedValues,
  isMatchedAt,
  MAX_VARYING,
  pathText,
  setAt,
  valueAt,
  varyingValues,
  withMatchers,
} from './varying.ts'

const at = '2026-12-02T01:00:00.000Z'
const later = '2026-12-02T01:00:05.123Z'

describe('varyingValues', () => {
  it('matches each value that differs by the kind both runs share, and leaves equal values exact', () => {
    const first = {
      status: 'success' as const,
      raw: { id: 'a1', at, n: 1, same: 'x', list: [{ id: 'p' }, { id: 'q' }] },
    }
    const second = {
      status: 'success' as const,
      raw: { id: 'b2', at: later, n: 2, same: 'x', list: [{ id: 'p' }, { id: 'r' }] },
    }
    const { matchers, unmatchable } = varyingValues(first, second)
    expect(matchers).toEqual([
      { path: ['raw', 'id'], kind: 'string', why: 'differs' },
      { path: ['raw', 'at'], kind: 'date', why: 'differs' },
      { path: ['raw', 'n'], kind: 'number', why: 'differs' },
      { path: ['raw', 'list', 1, 'id'], kind: 'string', why: 'differs' },
    ])
    expect(unmatchable).toEqual([])
    // The first run's expectation with those matchers accepts the second run.
    const expectation = withMatchers({ status: 'success', match: 'exact', raw: first.raw }, matchers)
    expect(compareOutcome(expectation, second)).toEqual([])
  })

  it('reports what differs with no matcher that fits: a flag, a changed length, other keys, a type change, a text model view', () => {
    const first = {
      status: 'success' as const,
      raw: { ok: true, list: [1], obj: { a: 1 }, v: 'x' },
      model: { type: 'text', value: 'made at 1' },
    }
    const second = {
      status: 'success' as const,
      raw: { ok: false, list: [1, 2], obj: { b: 1 }, v: 3 },
      model: { type: 'text', value: 'made at 2' },
    }
    const { matchers, unmatchable } = varyingValues(first, second)
    expect(matchers).toEqual([])
    expect(unmatchable.map(pathText)).toEqual(['raw.ok', 'raw.list', 'raw.obj', 'raw.v', 'model'])
  })

  it('looks into a JSON model view by its value and stops at a bound on a huge result', () => {
    const model = (id: string) => ({ type: 'json', value: { id } })
    expect(
      varyingValues({ status: 'success', model: model('a') }, { status: 'success', model: model('b') }).matchers,
    ).toEqual([{ path: ['model', 'value', 'id'], kind: 'string', why: 'differs' }])
    const many = (p: string) => ({
      status: 'success' as const,
      raw: Array.from({ length: 5000 }, (_, i) => `${p}${i}`),
    })
    expect(varyingValues(many('a'), many('b')).matchers).toHaveLength(MAX_VARYING)
  })
})

describe('generatedValues', () => {
  it('guesses ids, date-times and epoch milliseconds, and leaves other values alone', () => {
    const outcome = {
      status: 'success' as const,
      raw: { id: '5f3a2b1c-0d9e-4f8a-b7c6-1e2d3c4b5a69', at, ms: 1_796_000_000_000, count: 3, name: 'x' },
      model: { type: 'json', value: { at } },
    }
    expect(generatedValues(outcome).matchers.map((m) => `${pathText(m.path)}:${m.kind}`)).toEqual([
      'raw.id:string',
      'raw.at:date',
      'raw.ms:number',
      'model.value.at:date',
    ])
  })
})

describe('paths', () => {
  it('set, read and print values by path without touching the original', () => {
    const root = { raw: { items: [{ 'first name': 'a' }] } }
    const path = ['raw', 'items', 0, 'first name']
    const next = setAt(root, path, { $any: 'string' })
    expect(root.raw.items[0]!['first name']).toBe('a')
    expect(isMatchedAt(next, path)).toBe(true)
    expect(valueAt(next, ['raw', 'items', 3]).found).toBe(false)
    expect(pathText(path)).toBe('raw.items[0]["first name"]')
  })

  it('skips a matcher whose view the expectation no longer checks', () => {
    const expectation = { status: 'success' as const, match: 'exact' as const, raw: { id: 'a' } }
    expect(
      withMatchers(expectation, [
        { path: ['display', 'id'], kind: 'string' },
        { path: ['raw', 'id'], kind: 'string' },
      ]),
    ).toEqual({ ...expectation, raw: { id: { $any: 'string' } } })
  })
})
