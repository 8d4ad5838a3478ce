// Schema-fit checks of stored scenario data against a tool's current schemas. Concurrent checks (a scenario list)
// share one idle worker: they only validate data, and one load is enough. The worker goes back to its pool when the
// last check in flight ends.

import type { HostWorker } from './hostWorker.ts'
import type { FitCheck } from './messages.ts'
import type { WorkerPool } from './pool.ts'

interface FitCheckDeps {
  /** The current pool (a reload replaces it: the next check takes a worker of the new one). */
  pool: () => WorkerPool | undefined
  take: () => Promise<{ worker: HostWorker; pool: WorkerPool }>
  hold: (worker: HostWorker, pool: WorkerPool) => void
  release: (worker: HostWorker, fit: boolean) => void
}

interface Checking {
  pool: WorkerPool | undefined
  worker?: HostWorker
  taken: Promise<HostWorker>
  pending: number
}

export class FitChecks {
  /** The worker that serves the checks in flight, if any. */
  private checking: Checking | undefined

  constructor(private readonly deps: FitCheckDeps) {}

  /** Why the data no longer fits (empty when it fits). */
  async check(check: FitCheck, replyTimeoutMs: number): Promise<string[]> {
    const pool = this.deps.pool()
    if (!this.checking || this.checking.pool !== pool || this.checking.worker?.unusable) {
      const checking: Checking = { pool, pending: 0, taken: undefined as unknown as Promise<HostWorker> }
      checking.taken = this.deps.take().then(({ worker, pool }) => {
        this.deps.hold(worker, pool)
        checking.worker = worker
        return worker
      })
      this.checking = checking
    }
    const checking = this.checking
    checking.pending++
    try {
      const worker = await checking.taken
      return await worker.check(check, replyTimeoutMs)
    } finally {
      if (--checking.pending === 0) {
        if (this.checking === checking) this.checking = undefined
        void checking.taken.then(
          (w) => this.deps.release(w, !w.unusable),
          () => undefined,
        )
      }
    }
  }
}
