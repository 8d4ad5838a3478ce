// toPlainJson: every value a tool may produce becomes JSON that survives postMessage and HTTP unchanged.
import { describe, expect, it } from 'vitest'
import { toPlainJson } from './sanitize.ts'

describe('toPlainJson', () => {
  it('converts BigInt, Date, functions, symbols, non-finite numbers, Map, Set and typed arrays', () => {
    const out = toPlainJson({
      b: 5n,
      d: new Date(0),
      f: function named() {},
      s: Symbol('x'),
      n: NaN,
      m: new Map([['k', 1]]),
      set: new Set([1, 2]),
      bytes: new Uint8Array(3),
    })
    expect(out).toEqual({
      b: '5n',
      d: '1970-01-01T00:00:00.000Z',
      f: '[Function named]',
      s: 'Symbol(x)',
      n: 'NaN',
      m: { k: 1 },
      set: [1, 2],
      bytes: '[Uint8Array 3 bytes]',
    })
  })

  it('drops undefined properties like JSON, keeps array slots as null, marks cycles but not shared references', () => {
    const shared = { v: 1 }
    const cyclic: Record<string, unknown> = { shared, again: shared }
    cyclic.self = cyclic
    expect(toPlainJson({ u: undefined, list: [undefined, 1], cyclic })).toEqual({
      list: [null, 1],
      cyclic: { shared: { v: 1 }, again: { v: 1 }, self: '[Circular]' },
    })
  })

  it('keeps an Error’s name, message, cause and own fields', () => {
    const err = Object.assign(new TypeError('bad', { cause: new Error('root') }), { code: 'E_BAD' })
    expect(toPlainJson(err)).toEqual({
      name: 'TypeError',
      message: 'bad',
      code: 'E_BAD',
      cause: { name: 'Error', message: 'root' },
    })
  })

  it('keeps a __proto__ key as an own key, without touching the prototype', () => {
    const out = toPlainJson(JSON.parse('{"__proto__":{"polluted":true},"a":1}')) as Record<string, unknown>
    expect(Object.keys(out)).toEqual(['__proto__', 'a'])
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
  })
})
