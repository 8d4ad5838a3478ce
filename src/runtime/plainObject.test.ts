// The one plain-object check: object literals and null-prototype objects only.
import { describe, expect, it } from 'vitest'
import { isPlainObject } from './index.ts'

describe('isPlainObject', () => {
  it('accepts object literals and Object.create(null), and nothing else', () => {
    expect(isPlainObject({ a: 1 })).toBe(true)
    expect(isPlainObject(Object.create(null))).toBe(true)
    for (const other of [null, undefined, 1, 'a', [], new Date(0), new Map(), new (class A {})()])
      expect(isPlainObject(other)).toBe(false)
  })
})
