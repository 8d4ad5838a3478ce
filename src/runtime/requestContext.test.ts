// RequestContext (Map-like, built from Map / entries / object); the secret helpers are tested in secrets.test.ts.

import { describe, expect, it } from 'vitest'
import { RequestContext } from './index.ts'

describe('RequestContext', () => {
  it('is built from a Map, entries, a plain object or another context and behaves like a Map', () => {
    for (const init of [
      new Map([['a', 1]]),
      [['a', 1]] as Array<[string, unknown]>,
      { a: 1 },
      new RequestContext({ a: 1 }),
    ]) {
      const rc = new RequestContext(init)
      expect(rc.get('a')).toBe(1)
      expect(rc.has('a')).toBe(true)
      expect(rc.size()).toBe(1)
    }
    const rc = new RequestContext<{ a: number; b: string }>()
    rc.set('a', 2)
    rc.set('b', 'x')
    expect([...rc.entries()]).toEqual([
      ['a', 2],
      ['b', 'x'],
    ])
    expect([...rc.keys()]).toEqual(['a', 'b'])
    expect([...rc.values()]).toEqual([2, 'x'])
    expect(rc.toJSON()).toEqual({ a: 2, b: 'x' })
    const seen: string[] = []
    rc.forEach((_v, k) => seen.push(k))
    expect(seen).toEqual(['a', 'b'])
    expect(rc.delete('a')).toBe(true)
    expect(JSON.stringify(rc)).toBe('{"b":"x"}')
  })
})
