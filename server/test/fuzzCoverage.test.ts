// Code coverage of a tool's own source through the tool host: V8 precise coverage in the workers, mapped to lines of
// the TypeScript file (not the transpiled JavaScript, which tsx emits on one line), merged across the workers that
// ran the calls, and written as lcov. A branch only some inputs reach is covered after those inputs and not before.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { CatalogEvent, RunEvent } from '../../src/shared/protocol.ts'
import { toLcov } from '../../src/testbench/fuzz/lcov.ts'
import { ToolHost } from '../toolHost/host.ts'
import { tempProject, type TempProject } from './tempProject.ts'

const SRC = fileURLToPath(new URL('../../src/index.ts', import.meta.url))

/** Type-only lines before and inside the code, so TypeScript lines and JavaScript positions differ. */
const SOURCE = `// Coverage fixture: one branch for small numbers, another for large ones.
import { z } from 'zod'
import { createTool } from ${JSON.stringify(SRC)}

type Size = 'small' | 'large'

interface Verdict {
  size: Size
}

export const sizer = createTool({
  id: 'sizer',
  description: 'Says whether a number is small or large',
  inputSchema: z.object({ n: z.number() }),
  execute: async ({ n }): Promise<Verdict> => {
    let size: Size
    if (n < 10) {
      size = 'small' // SMALL
    } else {
      size = 'large' // LARGE
    }
    return { size } // RETURN
  },
})

export function neverCalled(x: number): number {
  return x * 2 // NEVER
}
`
const lineOf = (marker: string) => SOURCE.split('\n').findIndex((l) => l.includes(`// ${marker}`)) + 1

let project: TempProject | undefined
let host: ToolHost | undefined
afterEach(async () => {
  await host?.close()
  await project?.cleanup()
  host = project = undefined
})

async function startHost(
  spareWorkers = 1,
): Promise<{ host: ToolHost; file: string; run: (runId: string, n: number) => Promise<void> }> {
  project = await tempProject([])
  const file = join(project.tools, 'sizer.ts')
  await writeFile(file, SOURCE)
  const finished = new Map<string, RunEvent>()
  host = new ToolHost({
    paths: [project.tools],
    watch: false,
    log: () => {},
    spareWorkers,
    sink: { onEvent: (runId, e) => void (e.type === 'run-finished' && finished.set(runId, e)), onRunLost: () => {} },
  })
  await host.ready
  const started = host
  const run = async (runId: string, n: number) => {
    await started.start(runId, { toolId: 'sizer', input: { n } }, 10_000)
    await vi.waitFor(() => expect(finished.get(runId)).toMatchObject({ status: 'success' }), { timeout: 20_000 })
  }
  return { host, file, run }
}

describe('code coverage of tool files', () => {
  it('maps counts to TypeScript lines: the branch run is covered, the other branch and an uncalled function are not', async () => {
    const { host, file, run } = await startHost(2)
    expect(await host.coverage('take')).toEqual([])
    await host.coverage('start')
    // Two at once on two warm workers: both workers' counts are summed.
    await vi.waitFor(() => expect(host.stats().idle).toBe(2), { timeout: 30_000 })
    await Promise.all([run('a', 3), run('b', 4)])
    const [coverage, ...others] = await host.coverage('take')
    expect(others).toEqual([])
    expect(coverage!.file).toBe(file)
    const lines = coverage!.lines
    expect(lines[lineOf('SMALL')]).toBe(2)
    expect(lines[lineOf('RETURN')]).toBe(2)
    expect(lines[lineOf('LARGE')]).toBe(0)
    expect(lines[lineOf('NEVER')]).toBe(0)
    // Module code ran at each worker's import: both loads were counted.
    expect(lines[SOURCE.split('\n').indexOf("  id: 'sizer',") + 1]).toBe(2)
    // Type-only lines are not executable: they are not listed at all.
    expect(lines[SOURCE.split('\n').indexOf("type Size = 'small' | 'large'") + 1]).toBeUndefined()
    expect(lines[SOURCE.split('\n').indexOf('  size: Size') + 1]).toBeUndefined()
    expect(toLcov([coverage!])).toContain(`DA:${lineOf('SMALL')},2\nDA:${lineOf('SMALL') + 1},`)
    expect(toLcov([coverage!])).toContain(`DA:${lineOf('LARGE')},0\n`)
  }, 90_000)

  it('counts the other branch once an input reaches it, and stops counting after stop', async () => {
    const { host, run } = await startHost()
    // Switching coverage reloads the workers, but nothing changed: no catalog event (no "Tools reloaded" notice).
    const events: CatalogEvent[] = []
    host.onCatalogChange((e) => void events.push(e))
    await host.coverage('start')
    await run('small', 1)
    expect((await host.coverage('take'))[0]!.lines[lineOf('LARGE')]).toBe(0)
    await run('large', 50)
    const taken = await host.coverage('stop')
    expect(taken[0]!.lines[lineOf('LARGE')]).toBe(1)
    expect(taken[0]!.lines[lineOf('SMALL')]).toBe(1)
    await run('after', 60)
    expect(await host.coverage('take')).toEqual([])
    expect(events).toEqual([])
  }, 90_000)
})
