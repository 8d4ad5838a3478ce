// A fuzz job's code coverage on the server: jobs share one collection (the first in starts it, the last out stops it,
// one step at a time), a job that joined late keeps only the counts added while it ran, and the source view reads only
// the fuzzed tool's own catalog file, and not when it is over the size bound.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ToolDetail } from '../../src/shared/protocol.ts'
import type { FileCoverage } from '../../src/testbench/fuzz/lcov.ts'
import { coverageSince, CoverageLease, MAX_SOURCE_BYTES, toolFileCoverage } from './fuzzCoverage.ts'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

describe('fuzz job coverage', () => {
  it('starts once for the first job, takes for the others, and stops for the last', async () => {
    const actions: string[] = []
    const lease = new CoverageLease({ coverage: async (action) => (actions.push(action), []) })
    await Promise.all([lease.acquire(), lease.acquire()])
    await lease.release()
    await lease.release()
    expect(actions).toEqual(['start', 'take', 'take', 'stop'])
  })

  it('keeps the counts added since a job joined', () => {
    const before: FileCoverage[] = [{ file: '/a.ts', lines: { 1: 2, 2: 0 } }]
    const after: FileCoverage[] = [
      { file: '/a.ts', lines: { 1: 5, 2: 1 } },
      { file: '/b.ts', lines: { 3: 4 } },
    ]
    expect(coverageSince(before, after)).toEqual([
      { file: '/a.ts', lines: { 1: 3, 2: 1 } },
      { file: '/b.ts', lines: { 3: 4 } },
    ])
  })

  it("reads only the tool's own file, and not a file over the bound", async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolscope-fuzz-coverage-'))
    const own = join(dir, 'tool.ts')
    const other = join(dir, 'other.ts')
    await writeFile(own, 'const a = 1\nexport default a\n')
    await writeFile(other, 'secret\n')
    const tool = { file: own } as ToolDetail
    const files = [
      { file: own, lines: { 1: 3 } },
      { file: other, lines: { 1: 1 } },
    ]
    expect(await toolFileCoverage(tool, files)).toEqual([
      { file: own, source: ['const a = 1', 'export default a', ''], lines: { '1': 3 } },
    ])
    await writeFile(own, 'x'.repeat(MAX_SOURCE_BYTES + 1))
    expect(await toolFileCoverage(tool, files)).toEqual([])
  })
})
