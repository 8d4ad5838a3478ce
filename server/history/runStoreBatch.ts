// The history store's write batch: appended events wait at most flushMs, MAX_BATCH_EVENTS events or MAX_BATCH_BYTES
// bytes, then go in one transaction. A write the storage refuses (disk full, I/O error) is kept, bounded, and retried;
// the store's health says it is failing until a retry proves the storage takes writes again.

import type { RunProgress } from './runRows.ts'
import { StoreHealth } from './runStoreHealth.ts'
import { storageFailureOf, type Database, type StorageFailureCode } from './sqlite.ts'

/**
 * Most events, and bytes, a batch holds before it is written without waiting for the timer. A busy event loop can
 * starve the flushMs timer (runs at ~1 event/ms each, SSE readers): the batch bound, not the timer, then bounds what
 * kill -9 loses. 200 events are 50 ms of 4 runs at 1 event/ms, one transaction of them takes ~1–2 ms, and 256 KiB
 * keeps a few large events from waiting behind the count.
 */
export const MAX_BATCH_EVENTS = 200
export const MAX_BATCH_BYTES = 256 * 1024

/** One queued event row. */
export interface PendingEvent {
  pk: number
  seq: number
  type: string
  data: string
}

/** What the batch writes through. */
export interface BatchDeps {
  db: Database
  health: StoreHealth
  flushMs: number
  /** Writes events and summaries; called inside one transaction. */
  write(events: readonly PendingEvent[], progress: ReadonlyMap<number, RunProgress>): void
  /** Inserts one probe row (rolled back): proves the database has room for new pages. */
  probeRow(): void
  /** Told when the storage starts failing (the registry then ends the runs in flight). */
  onFailure(): void
  log(line: string): void
}

export class EventBatch {
  private events: PendingEvent[] = []
  private bytes = 0
  private progress = new Map<number, RunProgress>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly writeAll: () => void
  /** Events dropped while failing (past the batch bound), said once when it starts and totalled when it recovers. */
  private dropped = 0

  constructor(private readonly deps: BatchDeps) {
    this.writeAll = deps.db.transaction(() => deps.write(this.events, this.progress))
  }

  /** Queues one event; writes the batch when it reaches its bound, else within flushMs. */
  add(event: PendingEvent, progress: RunProgress): void {
    this.events.push(event)
    this.bytes += event.data.length
    this.progress.set(event.pk, progress)
    if (this.events.length >= MAX_BATCH_EVENTS || this.bytes >= MAX_BATCH_BYTES) return this.flush()
    this.timer ??= setTimeout(() => this.flush(), this.deps.flushMs)
    this.timer.unref?.()
  }

  /** Queued events of one run after `afterSeq`, in order: a failing store holds them, and readers see them as written. */
  pendingOf(pk: number, afterSeq: number): PendingEvent[] {
    return this.events.filter((e) => e.pk === pk && e.seq > afterSeq).sort((a, b) => a.seq - b.seq)
  }

  /** A run's queued summary fields, newer than its row while they wait. */
  progressOf(pk: number): RunProgress | undefined {
    return this.progress.get(pk)
  }

  /** Writes every queued event and summary in one transaction. */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.events.length === 0 && this.progress.size === 0) return
    try {
      this.writeAll()
    } catch (err) {
      const code = storageFailureOf(err)
      if (!code) this.deps.log(`Could not save run events: ${(err as Error).message}`)
      // The storage refused it: the batch is kept (bounded) and written once the storage takes writes again.
      else if (!this.fail(code, err)) return this.keepBounded()
    }
    this.clear()
  }

  /**
   * Enters the failing state (or stays in it). On entering, the reserve file is deleted to make room and the batch is
   * tried once more; the registry is told and ends the runs in flight, whose terminal events then use that room.
   * True when the batch got written.
   */
  fail(code: StorageFailureCode, err: unknown): boolean {
    const { health } = this.deps
    const first = health.fail(code, err)
    health.retryLater(() => this.retry())
    if (!first) return false
    this.deps.onFailure()
    if (!health.releaseReserve()) return false
    try {
      this.writeAll()
      return true
    } catch {
      return false
    }
  }

  private clear(): void {
    this.events = []
    this.bytes = 0
    this.progress.clear()
  }

  /** While failing, the kept batch stays within the batch bound: older events go first, runs' ends are kept. */
  private keepBounded(): void {
    const before = this.dropped
    while (this.events.length > MAX_BATCH_EVENTS || this.bytes > MAX_BATCH_BYTES) {
      const i = this.events.findIndex((e) => e.type !== 'run-finished')
      if (i < 0) break
      this.bytes -= this.events[i].data.length
      this.events.splice(i, 1)
      this.dropped++
    }
    if (before === 0 && this.dropped > 0)
      this.deps.log(
        "History cannot be written: run events past the last 200 held are dropped until it can (the runs' ends are kept).",
      )
  }

  /**
   * A failing store checks every RETRY_MS whether it can write again: the reserve can be re-created (the disk has
   * room), the kept batch is written, and a rolled-back 64 KiB insert goes through. Then it says it saves again.
   */
  private retry(): void {
    const { health } = this.deps
    const again = () => health.retryLater(() => this.retry())
    if (!health.status) return
    if (!health.ensureReserve()) return again()
    try {
      this.writeAll()
      this.clear()
    } catch {
      return again()
    }
    if (!this.probe()) return again()
    if (this.dropped) this.deps.log(`${this.dropped} run event(s) were not saved while history could not be written.`)
    this.dropped = 0
    health.recover()
  }

  private probe(): boolean {
    const rollback = new Error('probe')
    try {
      this.deps.db.transaction(() => {
        this.deps.probeRow()
        throw rollback
      })()
    } catch (err) {
      return err === rollback
    }
    return true
  }
}
