// Idle workers beyond the spares are let go after IDLE_TRIM_MS without a run: a burst reuses them, an idle server
// gives their memory back. Stub workers and fake timers: the pool's own bookkeeping, not worker loading.

import { afterEach, expect, it, vi } from 'vitest'
import type { HostWorker } from '../toolHost/hostWorker.ts'
import { IDLE_TRIM_MS, TERMINATED_HEAP_LINGER_MS, WorkerPool } from '../toolHost/pool.ts'

function stubWorker(): HostWorker & { reason?: string } {
  const terminate = (reason: string) => ((w as { reason?: string }).reason = reason)
  // A stub has no run in flight: letting it go terminates it at once, as a real worker with no runs does.
  const w = { unusable: false, loadResult: Promise.resolve({ tools: [], errors: [] }), terminate, letGo: terminate }
  return w as unknown as HostWorker & { reason?: string }
}

afterEach(() => {
  vi.useRealTimers()
})

it('keeps the spares and lets go of the other idle workers once they have been idle for IDLE_TRIM_MS', async () => {
  // Timers and the clock only: loads settle through promises, flushed with a real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const settle = () => new Promise((resolve) => setImmediate(resolve))
  const spawned: Array<ReturnType<typeof stubWorker>> = []
  const pool = new WorkerPool(
    { files: [], skip: [], interceptNetwork: false },
    {
      spares: 1,
      maxIdle: 4,
      spawn: () => {
        const w = stubWorker()
        spawned.push(w)
        return w
      },
      unchanged: async () => true,
      onStale: () => {},
      log: () => {},
    },
  )
  // A burst of three runs: the spare and two more workers, all given back when their runs end.
  await settle()
  expect(pool.idleCount).toBe(1)
  const burst = await Promise.all([pool.take('a'), pool.take('a'), pool.take('a')])
  for (const w of burst) pool.give(w, true)
  await settle()
  const idle = pool.idleCount
  expect(idle).toBeGreaterThanOrEqual(3)
  // Just before the delay nothing is let go; a run taken meanwhile still finds a warm worker.
  vi.advanceTimersByTime(IDLE_TRIM_MS - 1)
  expect(pool.idleCount).toBe(idle)
  const recent = (await pool.take('b')) as ReturnType<typeof stubWorker>
  pool.give(recent, true)
  vi.advanceTimersByTime(1)
  // The ones idle the whole time went, down to the one spare: the one just given back (the warmest) stays.
  expect(pool.idleCount).toBe(1)
  expect(recent.reason).toBeUndefined()
  vi.advanceTimersByTime(IDLE_TRIM_MS * 2)
  expect(pool.idleCount).toBe(1)
  expect(spawned.filter((w) => w.reason).map((w) => w.reason)).toEqual(
    Array(idle - 1).fill(`idle for ${IDLE_TRIM_MS / 1000} s beyond the 1 kept ready`),
  )
  pool.close('test over')
})

it("lets a burst's extra workers go early enough that their memory is back within 10 s, V8's linger included", () => {
  // Node 24's V8 unmaps a terminated worker's heap 8 s after the termination: the trim comes before it, not after.
  expect(IDLE_TRIM_MS + TERMINATED_HEAP_LINGER_MS).toBeLessThan(10_000)
})
