// The tool host's worker pool: a refused start leaves no worker behind (before or after a hot reload), and workers
// whose run ended cleanly are reused instead of reloaded; one left unfit is replaced only after its run's last event.

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { ToolHost } from '../toolHost/host.ts'
import { HostWorker, type HostWorkerEvents } from '../toolHost/hostWorker.ts'
import { Status } from '../../src/runtime/index.ts'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { FIXTURES, tempDir } from './helpers.ts'

function newHost(): { host: ToolHost; finished: Map<string, RunEvent> } {
  const finished = new Map<string, RunEvent>()
  const host = new ToolHost({
    paths: [FIXTURES],
    watch: false,
    log: () => {},
    spareWorkers: 1,
    sink: { onEvent: (runId, e) => void (e.type === 'run-finished' && finished.set(runId, e)), onRunLost: () => {} },
  })
  return { host, finished }
}

let host: ToolHost | undefined
afterEach(() => host?.close())

describe('worker pool', () => {
  it("a worker let go while it still reports a run is terminated only after that run's last event", async () => {
    const seen: RunEvent[] = []
    let exited: () => void = () => {}
    const gone = new Promise<void>((resolve) => (exited = resolve))
    const events: HostWorkerEvents = {
      onEvent: (_runId, e) => void seen.push(e),
      onStartFailed() {},
      onParked() {},
      onNetwork() {},
      onRunEnded() {},
      onExit: () => exited(),
      log() {},
    }
    const worker = new HostWorker(
      { files: [join(FIXTURES, 'large.ts')], skip: [], interceptNetwork: true },
      events,
      60_000,
    )
    await worker.loadResult
    worker.start('let-go', { toolId: 'many-events', input: { count: 2_000 } }, 30_000)
    worker.letGo('let go mid-run')
    await gone
    expect(seen.at(-1)).toMatchObject({ type: 'run-finished', status: Status.success })
    expect(seen.filter((e) => e.type === 'writer-chunk')).toHaveLength(2_000)
  }, 60_000)

  it("a worker let go while its run's last event is on the way (a full pool) goes only after that event", async () => {
    const finished = new Map<string, RunEvent>()
    const lost = new Map<string, string>()
    // No idle worker kept: every worker whose run ended is let go, right when it says it is free (before run-finished).
    host = new ToolHost({
      paths: [FIXTURES],
      watch: false,
      log: () => {},
      spareWorkers: 0,
      maxIdleWorkers: 0,
      sink: {
        onEvent: (runId, e) => void (e.type === 'run-finished' && finished.set(runId, e)),
        onRunLost: (runId, message) => void lost.set(runId, message),
      },
    })
    await host.ready
    const ids = Array.from({ length: 40 }, (_, i) => `let-go-${i}`)
    for (let i = 0; i < ids.length; i += 4)
      await Promise.all(
        ids.slice(i, i + 4).map((id) => host!.start(id, { toolId: 'echo', input: { text: id } }, 10_000)),
      )
    await vi.waitFor(() => expect(finished.size + lost.size).toBe(ids.length), { timeout: 60_000, interval: 50 })
    expect([...lost.values()]).toEqual([])
    expect([...finished.values()].every((e) => e.type === 'run-finished' && e.status === Status.success)).toBe(true)
  }, 90_000)

  it('a start refused before it reaches the worker leaves no busy or parked worker, even after a reload', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    let deep: unknown = {}
    for (let i = 0; i < 200_000; i++) deep = { a: deep }
    await expect(host.start('refused', { toolId: 'echo', input: deep }, 5_000)).rejects.toThrow(RangeError)
    expect(host.stats().busy).toBe(0)
    await host.reload()
    await vi.waitFor(
      () => {
        const s = host!.stats()
        expect(s.busy).toBe(0)
        expect(s.live).toBe(s.idle + s.loading)
      },
      { timeout: 10_000 },
    )
  })

  it('a worker whose run ended cleanly hosts the next run (no new worker is loaded)', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await vi.waitFor(() => expect(host!.stats().idle).toBe(1), { timeout: 10_000 })
    for (const runId of ['a', 'b', 'c']) {
      await host.start(runId, { toolId: 'echo', input: { text: runId } }, 5_000)
      await vi.waitFor(() => expect(made.finished.get(runId)).toMatchObject({ status: 'success' }), { timeout: 10_000 })
    }
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ busy: 0, loading: 0 }), { timeout: 10_000 })
    // The first worker plus one spare: each run went to a worker that had hosted the previous one.
    expect(host.stats().created).toBe(2)
  })

  it("a tool's console output leaves its worker fit: the next run reuses it", async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await vi.waitFor(() => expect(host!.stats().idle).toBe(1), { timeout: 10_000 })
    for (const runId of ['first', 'second']) {
      await host.start(runId, { toolId: 'console-chatter', input: { count: 1 } }, 5_000)
      await vi.waitFor(() => expect(made.finished.get(runId)).toMatchObject({ status: 'success' }), { timeout: 10_000 })
    }
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ busy: 0, loading: 0 }), { timeout: 10_000 })
    expect(host.stats().created).toBe(2)
  })

  it('a run that leaves its worker unfit still ends with its own result, and the worker is replaced', {
    timeout: 60_000,
  }, async () => {
    const made = newHost()
    host = made.host
    await host.ready
    for (const runId of Array.from({ length: 12 }, (_, i) => `t${i}`)) {
      await host.start(runId, { toolId: 'leaves-timer', input: {} }, 5_000)
      await vi.waitFor(() => expect(made.finished.get(runId)).toBeDefined(), { timeout: 10_000 })
      expect(made.finished.get(runId)).toMatchObject({ status: 'success' })
    }
    await vi.waitFor(() => expect(host!.stats()).toMatchObject({ busy: 0 }), { timeout: 10_000 })
    expect(host.stats().created).toBeGreaterThanOrEqual(4)
  })

  it('a run that leaves a mark on the globals is not seen by the next run of another tool: its worker is replaced, and the log says why', {
    timeout: 30_000,
  }, async () => {
    const outputs = new Map<string, unknown>()
    const log: string[] = []
    host = new ToolHost({
      paths: [FIXTURES],
      watch: false,
      log: (line) => log.push(line),
      spareWorkers: 1,
      sink: { onEvent: (runId, e) => void (e.type === 'output' && outputs.set(runId, e.output)), onRunLost: () => {} },
    })
    await host.ready
    await vi.waitFor(() => expect(host!.stats().idle).toBe(1), { timeout: 10_000 })
    await host.start('leak', { toolId: 'leaves-globals', input: {} }, 5_000)
    await vi.waitFor(
      () => expect(outputs.get('leak')).toEqual({ prototype: 'leaked', marker: 'set', patchedAt: true }),
      { timeout: 10_000 },
    )
    await host.start('after', { toolId: 'reads-globals', input: {} }, 5_000)
    await vi.waitFor(() => expect(outputs.get('after')).toBeDefined(), { timeout: 10_000 })
    expect(outputs.get('after')).toEqual({ prototype: null, marker: null, patchedAt: false })
    const line = log.find((l) => l.includes("changed the worker's globals"))
    expect(line).toContain('Run leak of tool "leaves-globals"')
    expect(line).toMatch(/added globalThis\.toolscopeMarker/)
    expect(line).toMatch(/added Object\.prototype\.toolscopeLeak/)
    expect(line).toMatch(/replaced Array\.prototype\.at/)
    expect(line).toMatch(/the worker is replaced, not reused/)
    // The line saying the worker stopped names the run and its tool too.
    await vi.waitFor(
      () =>
        expect(log).toContainEqual(
          expect.stringMatching(
            /^Tool-host worker \d+ stopped \(run leak of tool "leaves-globals" left it unfit for another run\)\.$/,
          ),
        ),
      { timeout: 10_000 },
    )
  })

  it("a line a module prints at import (Mastra's storage warning) is printed once per host, not once per worker", {
    timeout: 30_000,
  }, async () => {
    const t = await tempDir()
    const written: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk))
      return true
    })
    try {
      const runtime = pathToFileURL(join(fileURLToPath(new URL('../../src/index.ts', import.meta.url)))).href
      await writeFile(
        join(t.dir, 'noisy.ts'),
        [
          `import { threadId } from 'node:worker_threads'`,
          `import { createTool } from '${runtime}'`,
          `console.warn('WARN [Mastra] No storage configured')`,
          `console.warn('loaded in worker ' + threadId)`,
          `export const quiet = createTool({ id: 'quiet', description: 'Does nothing.', execute: async () => ({ ok: true }) })`,
        ].join('\n'),
      )
      host = new ToolHost({
        paths: [t.dir],
        watch: false,
        log: () => {},
        spareWorkers: 3,
        sink: { onEvent: () => {}, onRunLost: () => {} },
      })
      await host.ready
      // Each worker prints its own line after the shared one: once three of them are in, so is whatever came before.
      await vi.waitFor(
        () =>
          expect(
            new Set(
              written
                .join('')
                .split('\n')
                .filter((l) => l.startsWith('loaded in worker')),
            ).size,
          ).toBeGreaterThanOrEqual(3),
        { timeout: 20_000 },
      )
      expect(
        written
          .join('')
          .split('\n')
          .filter((l) => l.includes('No storage configured')),
      ).toEqual(['WARN [Mastra] No storage configured'])
    } finally {
      spy.mockRestore()
      await host?.close()
      host = undefined
      await t.cleanup()
    }
  })

  it('a host closed while its first load runs leaves no worker behind', async () => {
    host = newHost().host
    const booting = host.ready
    await host.close()
    await booting.catch(() => undefined)
    await vi.waitFor(() => expect(host!.stats().live).toBe(0), { timeout: 10_000 })
  })

  it('concurrent fit checks (a scenario list) share one worker instead of loading one each', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await vi.waitFor(() => expect(host!.stats().idle).toBe(1), { timeout: 10_000 })
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        host!.checkFit({ toolId: 'echo', input: { text: `t${i}` }, resumeData: [] }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 10 }, () => []))
    expect(await host.checkFit({ toolId: 'echo', input: { text: 1 }, resumeData: [] })).not.toEqual([])
    expect(host.stats().created).toBe(2)
  })
})
