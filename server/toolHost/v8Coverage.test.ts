// The pure parts of the worker's coverage: source map decoding and a line's count from V8's nested ranges.

import { describe, expect, it } from 'vitest'
import { decodeMappings, lineCounts, scriptLines } from './v8Coverage.ts'

describe('v8Coverage', () => {
  it('decodes source map mappings: generated column, source, source line (relative fields summed)', () => {
    // [0,0,0,0] [2,0,0,2] ; [0,0,1,0] [4,0,2,1] [-1,0,-1,-1] (a one-field segment maps nothing)
    expect(decodeMappings('AAAA,EAAE,C;AACA,IAEC,DADD')).toEqual([
      [
        [0, 0, 0],
        [2, 0, 0],
      ],
      [
        [0, 0, 1],
        [4, 0, 3],
        [3, 0, 2],
      ],
    ])
  })

  it("counts a line as its pieces' innermost ranges say, the most of them", () => {
    const lines = {
      file: 'f.ts',
      segments: [
        { offset: 1, line: 1 },
        { offset: 12, line: 2 },
        { offset: 22, line: 3 },
        { offset: 25, line: 3 },
        { offset: 99, line: 4 },
      ],
    }
    const ranges = [
      { startOffset: 0, endOffset: 40, count: 5 },
      { startOffset: 10, endOffset: 20, count: 0 },
      { startOffset: 24, endOffset: 30, count: 7 },
    ]
    // Line 4 lies outside every range (a function V8 left out of this take): not listed.
    expect(lineCounts(lines, ranges)).toEqual({ 1: 5, 2: 0, 3: 7 })
  })

  it('takes each generated line as its own source line when nothing transformed the file', () => {
    // Blank lines are not executable.
    expect(scriptLines('/nowhere/plain.js', 'a()\n  b()\n\nc()\n').segments).toEqual([
      { offset: 0, line: 1 },
      { offset: 6, line: 2 },
      { offset: 11, line: 4 },
    ])
  })
})
