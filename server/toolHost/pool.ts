// The warm workers of one catalog generation. Isolation model: a worker hosts at most one run at a time, from start
// to finish, so a tool that blocks, exits or exhausts the heap can only end its own run (and the blame is exact).
// Starting a run takes a pre-loaded idle worker (one postMessage, no import); a worker whose run ended cleanly
// (builtins intact, nothing left pending) goes back to the pool, any other is terminated. A run waiting for approval
// or resume data leaves its worker as a checkpoint (host.ts); one waiting inside execute (an elicitation answer, a
// step in step mode) keeps its worker idle, and the registry's live-run cap bounds how many such workers exist.
// Waiters are served fairly by key (the tool id): the key served longest ago goes first, so a burst of runs of one
// tool (30 that hang, say) cannot hold a run of another tool behind all of its worker loads.

import { shownId } from '../http/security.ts'
import type { HostWorker } from './hostWorker.ts'
import type { WorkerInit } from './messages.ts'

/** Workers loading at once, at most. */
const MAX_LOADING = 2
/**
 * How long V8 keeps a terminated worker's heap mapped. From V8 13 (Node 24) an isolate's teardown hands its pages to a
 * pool shared by the process, and another isolate unmaps them 8 s later (PagePool::ReleaseOnTearDown); V8 11 and 12
 * (Node 20, 22) unmap them at once. `npm run bench:teardown:node24`, BENCHMARKS.md.
 */
export const TERMINATED_HEAP_LINGER_MS = Number(process.versions.v8.split('.')[0]) >= 13 ? 8_000 : 0
/**
 * How long a worker beyond the spares stays idle before it is let go: a burst of runs reuses the workers of the last
 * one, and a server left idle gives their memory back (each holds its own heap and loaded modules) within 10 s of the
 * burst: 5 s, or 1 s where V8 needs 8 s more to unmap a terminated worker's heap.
 */
export const IDLE_TRIM_MS = TERMINATED_HEAP_LINGER_MS > 0 ? 1_000 : 5_000

/** How workers are made and how many are kept. */
export interface PoolOptions {
  /** Loaded idle workers kept ready for the next runs. */
  spares: number
  /** Idle workers kept at most (the rest are terminated when their run ends). */
  maxIdle: number
  spawn(init: WorkerInit): HostWorker
  /** False when the files changed since this generation loaded (a spare would run newer code than the catalog). */
  unchanged(): Promise<boolean>
  /** Called when a spare found the files changed: the host reloads, which replaces this pool. */
  onStale(): void
  log(line: string): void
}

/** Idle workers of one generation (one load of the tool files), and the runs waiting for one. */
export class WorkerPool {
  /** Idle workers, the longest idle first (take() hands out the most recent: its caches are the warmest). */
  private idle: HostWorker[] = []
  private idleSince = new WeakMap<HostWorker, number>()
  private trimTimer: ReturnType<typeof setTimeout> | undefined
  private waiters: Array<{ key: string; resolve: (w: HostWorker) => void; reject: (e: Error) => void }> = []
  /** When each key was last served (a counter), for fair hand-out. */
  private served = new Map<string, number>()
  private serves = 0
  private spawning = 0
  private failures = 0
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  closed = false

  constructor(
    readonly init: WorkerInit,
    private options: PoolOptions,
    first?: HostWorker,
  ) {
    if (first) this.idle.push(first)
    this.refill()
  }

  /** Number of idle workers (for tests and stats). */
  get idleCount(): number {
    return this.idle.length
  }

  /** Number of workers being loaded. */
  get spawningCount(): number {
    return this.spawning
  }

  /**
   * An idle loaded worker (at once when one is ready); the caller owns it until it gives it back or it
   * dies. `key` (the tool id) is what waiters are served fairly by.
   */
  take(key = ''): Promise<HostWorker> {
    if (this.closed) return Promise.reject(new Error('The tool host was replaced or closed.'))
    let worker: HostWorker | undefined
    while ((worker = this.idle.pop()) && worker.unusable);
    if (worker) {
      this.served.set(key, ++this.serves)
      this.refill()
      return Promise.resolve(worker)
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ key, resolve, reject })
      this.refill()
    })
  }

  /** The waiter to serve next: the first of the key served longest ago (never served comes first). */
  private nextWaiter(): (typeof this.waiters)[number] | undefined {
    let best = -1
    for (let i = 0; i < this.waiters.length; i++) {
      if (best < 0 || (this.served.get(this.waiters[i]!.key) ?? 0) < (this.served.get(this.waiters[best]!.key) ?? 0))
        best = i
    }
    if (best < 0) return undefined
    const [waiter] = this.waiters.splice(best, 1)
    this.served.set(waiter!.key, ++this.serves)
    // Forget keys nobody waits for any more, so the map stays as small as the set of waiting tools.
    if (this.served.size > 64)
      for (const k of this.served.keys()) if (!this.waiters.some((w) => w.key === k)) this.served.delete(k)
    return waiter
  }

  /** Gives back a worker whose run ended; it is kept only when fit, of this generation, and below the idle cap. */
  give(worker: HostWorker, fit: boolean): void {
    // A worker being terminated (its run broke the protocol, was killed…) may still report its run as ended.
    if (!fit || this.closed || worker.unusable) {
      // Named, so that the log line "Tool-host worker N stopped (…)" says which run of which tool did it.
      const last = !fit ? worker.lastRun : undefined
      return worker.terminate(
        last
          ? `run ${shownId(last.runId)} of tool "${shownId(last.toolId)}" left it unfit for another run`
          : 'its run left it unfit for another run',
      )
    }
    const waiter = this.nextWaiter()
    if (waiter) return waiter.resolve(worker)
    if (this.idle.length >= this.options.maxIdle) return worker.letGo('more idle workers than needed')
    this.idle.push(worker)
    this.idleSince.set(worker, Date.now())
    this.scheduleTrim()
  }

  private scheduleTrim(delay = IDLE_TRIM_MS): void {
    if (this.trimTimer || this.closed || this.idle.length <= this.options.spares) return
    this.trimTimer = setTimeout(() => this.trim(), delay)
    this.trimTimer.unref?.()
  }

  /** Lets go of the workers beyond the spares that have been idle for IDLE_TRIM_MS; looks again when the next one will have. */
  private trim(): void {
    this.trimTimer = undefined
    const now = Date.now()
    while (this.idle.length > this.options.spares) {
      const since = this.idleSince.get(this.idle[0]!) ?? now
      if (now - since < IDLE_TRIM_MS) return this.scheduleTrim(IDLE_TRIM_MS - (now - since))
      this.idle.shift()!.letGo(`idle for ${IDLE_TRIM_MS / 1000} s beyond the ${this.options.spares} kept ready`)
    }
  }

  /** Forgets a worker that died (an idle one may be killed from outside) and loads a replacement if needed. */
  forget(worker: HostWorker): void {
    this.idle = this.idle.filter((w) => w !== worker)
    if (!this.closed) this.refill()
  }

  /** Terminates idle workers and refuses waiters; busy workers are left to finish their run. */
  close(reason: string): void {
    this.closed = true
    clearTimeout(this.retryTimer)
    clearTimeout(this.trimTimer)
    for (const w of this.idle) w.letGo(reason)
    this.idle = []
    for (const w of this.waiters.splice(0)) w.reject(new Error(`The tool host was ${reason}.`))
  }

  private refill(): void {
    if (this.closed || this.retryTimer) return
    // At most two loads at a time: a load is CPU-heavy, and meanwhile waiters are also served by workers whose run ends.
    while (this.spawning < MAX_LOADING && this.idle.length + this.spawning < this.options.spares + this.waiters.length)
      this.spawnOne()
  }

  private spawnOne(): void {
    this.spawning++
    const worker = this.options.spawn(this.init)
    worker.loadResult.then(
      async () => {
        const current = await this.options.unchanged()
        this.spawning--
        this.failures = 0
        if (this.closed) return worker.terminate('replaced by a reloaded tool host')
        if (!current) {
          worker.terminate('the tool files changed while it loaded')
          return this.options.onStale()
        }
        this.give(worker, true)
        this.refill()
      },
      (err: Error) => {
        this.spawning--
        this.failures++
        this.options.log(`A spare tool-host worker failed to load: ${err.message}`)
        // Back off when something kills every fresh worker, instead of spinning; waiters fail after a few tries.
        if (this.failures >= 3)
          for (const w of this.waiters.splice(0))
            w.reject(new Error(`No tool-host worker could be started: ${err.message}`))
        const delay = Math.min(5_000, 100 * 2 ** this.failures)
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined
          this.refill()
        }, delay)
        this.retryTimer.unref?.()
      },
    )
  }
}
