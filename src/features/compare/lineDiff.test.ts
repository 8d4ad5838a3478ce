// Unit tests of the line diff behind the "differs from Raw" highlight.
import { describe, expect, it } from 'vitest'
import { changedLines } from './lineDiff.ts'

describe('changedLines', () => {
  it('marks nothing for equal texts', () => {
    expect(changedLines(['a', 'b'], ['a', 'b'])).toEqual([false, false])
  })
  it('marks inserted and modified lines only', () => {
    expect(changedLines(['{', '  "a": 1,', '  "b": 2', '}'], ['{', '  "a": 1,', '  "c": 3,', '  "b": 2', '}'])).toEqual([false, false, true, false, false])
    expect(changedLines(['{', '  "secret": "x"', '}'], ['{', '  "secret": "***"', '}'])).toEqual([false, true, false])
  })
  it('marks everything against an empty base', () => {
    expect(changedLines([], ['x', 'y'])).toEqual([true, true])
  })
})
