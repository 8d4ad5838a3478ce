// lcov output and the merge of per-worker line counts.

import { describe, expect, it } from 'vitest'
import { mergeCoverage, toLcov } from './lcov.ts'

describe('lcov', () => {
  it('writes one record per file: SF, DA lines in order, LF, LH, end_of_record', () => {
    expect(toLcov([{ file: '/p/tools/a.ts', lines: { 10: 0, 2: 3, 5: 1 } }])).toBe(
      ['TN:', 'SF:/p/tools/a.ts', 'DA:2,3', 'DA:5,1', 'DA:10,0', 'LF:3', 'LH:2', 'end_of_record', ''].join('\n'),
    )
  })

  it('writes nothing for no files, and a record with LF:0 for a file without executable lines', () => {
    expect(toLcov([])).toBe('')
    expect(toLcov([{ file: 'b.ts', lines: {} }])).toBe('TN:\nSF:b.ts\nLF:0\nLH:0\nend_of_record\n')
  })

  it('sums the counts of the same file from several workers, keeping lines only one of them saw', () => {
    const merged = mergeCoverage(
      [
        { file: 'b.ts', lines: { 1: 1, 2: 0 } },
        { file: 'a.ts', lines: { 4: 2 } },
      ],
      [{ file: 'b.ts', lines: { 2: 2, 3: 0 } }],
    )
    expect(merged).toEqual([
      { file: 'a.ts', lines: { 4: 2 } },
      { file: 'b.ts', lines: { 1: 1, 2: 2, 3: 0 } },
    ])
  })
})
