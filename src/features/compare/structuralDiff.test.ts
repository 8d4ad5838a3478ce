// Unit tests of the structural comparison behind the "differs from Raw" badge and highlights.
import { describe, expect, it } from 'vitest'
import { changedFlags, diffPaths, taggedLines } from './structuralDiff.ts'

describe('diffPaths', () => {
  it('finds nothing for equal values, whatever their key order', () => {
    expect(diffPaths({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toEqual([])
  })

  it('flags a removed key (which a line diff missed) and not the line that only lost its trailing comma', () => {
    const raw = { city: 'Porto', apiKey: 'sk' }
    const view = { city: 'Porto' }
    expect(diffPaths(raw, view)).toEqual([{ path: 'apiKey', kind: 'removed' }])
    const lines = taggedLines(view)
    expect(changedFlags(lines, diffPaths(raw, view))).toEqual([false, false, false])
  })

  it('names added, removed and changed paths, nested and in arrays', () => {
    expect(
      diffPaths(
        { a: { b: 1, c: 2 }, list: [1, 2, 3], s: 'x' },
        { a: { b: 9, d: 4 }, list: [1, 2], s: 'x', 'odd key': true },
      ),
    ).toEqual([
      { path: 'a.b', kind: 'changed' },
      { path: 'a.d', kind: 'added' },
      { path: 'a.c', kind: 'removed' },
      { path: 'list[2]', kind: 'removed' },
      { path: '["odd key"]', kind: 'added' },
    ])
  })

  it('treats a change of type as a change of the whole path', () => {
    expect(diffPaths({ a: [1] }, { a: { 0: 1 } })).toEqual([{ path: 'a', kind: 'changed' }])
    expect(diffPaths({ a: 1 }, 'text')).toEqual([{ path: '', kind: 'changed' }])
  })
})

describe('taggedLines', () => {
  it('prints exactly what JSON.stringify(v, null, 2) prints', () => {
    for (const v of [
      { a: 1, b: [1, 'x', { c: {} }], d: [], e: null, f: undefined },
      [],
      'str',
      3,
      null,
      { 'k"ey': [[]] },
    ]) {
      expect(
        taggedLines(v)
          .map((l) => l.text)
          .join('\n'),
      ).toBe(JSON.stringify(v, null, 2))
    }
  })

  it('highlights the lines of added and changed paths, brackets included', () => {
    const raw = { a: 1, keep: true }
    const view = { a: 2, keep: true, extra: { x: 1 } }
    const lines = taggedLines(view)
    expect(lines.map((l) => l.text)).toEqual([
      '{',
      '  "a": 2,',
      '  "keep": true,',
      '  "extra": {',
      '    "x": 1',
      '  }',
      '}',
    ])
    expect(changedFlags(lines, diffPaths(raw, view))).toEqual([false, true, false, true, true, true, false])
  })
})
