// The history store: runs and their events as rows of an embedded SQLite database (`<dataDir>/history.db`, WAL), one
// writing process per folder (a lock file), readers read-only. Events are appended in bounded batches (runStoreBatch.ts),
// never rewriting a record; finished runs are read back page by page. Runs found unfinished at open get a terminal
// `interrupted` event. A write the storage refuses (disk full) makes a failing state the registry and UI see.

import type {
  RunDetail,
  RunEvent,
  RunOrigin,
  RunPage,
  RunRecord,
  RunSummary,
  StorageStatus,
} from '../../src/shared/protocol.ts'
import { Status, isFinalStatus } from '../../src/runtime/index.ts'
import type { DataDirLock } from './dataDirLock.ts'
import { compactViews, expandViews } from '../../src/shared/passthroughViews.ts'
import { storageFailureOf, type Database } from './sqlite.ts'
import { openHistory } from './runStoreOpen.ts'
import { StorageFailedError, StoreHealth } from './runStoreHealth.ts'
import { EventBatch } from './runStoreBatch.ts'
import { importJsonHistory } from './runStoreImport.ts'
import { currentRow, storedRequest, type EventRow } from './storedRows.ts'
import {
  prepareStatements,
  SUMMARY_COLUMNS,
  summarizeInput,
  type Statements,
  toSummary,
  type NewRun,
  type RunProgress,
  type RunQuery,
  type RunRow,
} from './runRows.ts'

/** Options of the store. */
export interface RunStoreOptions {
  /** Folder of `history.db`; undefined keeps everything in memory (headless runs). */
  dataDir?: string
  /** Most finished runs kept (oldest dropped first). Default 500. */
  maxRuns?: number
  /** Most bytes of events kept over all finished runs. Default 512 MiB. */
  maxBytes?: number
  /** Longest time an appended event waits before it is written. Default 50 ms. */
  flushMs?: number
  /** Forces the SQLite driver (tests); by default better-sqlite3 when it loads, else node:sqlite. */
  driver?: Database['driver']
  /** Read the history without writing (`toolscope build --runs`, beside a live server): no lock, nothing marked. */
  readOnly?: boolean
  /** Hard cap of history.db in 4 KiB pages (SQLite `max_page_count`): writes past it fail with SQLITE_FULL exactly as on a full disk. Unset: none. */
  maxPageCount?: number
  log?: (line: string) => void
}

export const DEFAULT_STORE_LIMITS = { maxRuns: 500, maxBytes: 512 * 1024 * 1024 }

export class RunStore {
  private db: Database
  private lock: DataDirLock | undefined
  private readonly readOnly: boolean
  private readonly health: StoreHealth
  private failureListener: ((message: string) => void) | undefined
  private readonly batch: EventBatch
  private readonly maxRuns: number
  private readonly maxBytes: number
  private readonly log: (line: string) => void
  private readonly stmts: Statements

  constructor(options: RunStoreOptions = {}) {
    this.maxRuns = options.maxRuns ?? DEFAULT_STORE_LIMITS.maxRuns
    this.maxBytes = options.maxBytes ?? DEFAULT_STORE_LIMITS.maxBytes
    this.log = options.log ?? (() => {})
    this.readOnly = options.readOnly ?? false
    this.health = new StoreHealth(options.dataDir, this.log)
    // Takes the data folder's lock (DataDirLockedError when another process writes it), unless read-only.
    const opened = openHistory(options)
    this.db = opened.db
    this.lock = opened.lock
    const db = this.db
    this.stmts = prepareStatements(db)
    this.batch = new EventBatch({
      db,
      health: this.health,
      flushMs: options.flushMs ?? 50,
      log: this.log,
      onFailure: () => this.notifyFailure(),
      write: (events, progress) => {
        for (const e of events) this.stmts.insertEvent.run(e.pk, e.seq, e.type, e.data)
        for (const [pk, p] of progress)
          this.stmts.progress.run({
            pk,
            status: p.status,
            eventCount: p.eventCount,
            bytes: p.bytes,
            finishedAt: p.finishedAt ?? null,
            durationMs: p.durationMs ?? null,
          })
      },
      probeRow: () => this.stmts.insertEvent.run(-1, 0, 'probe', 'x'.repeat(64 * 1024)),
    })
    if (this.readOnly) return
    try {
      if (options.dataDir) importJsonHistory(this, options.dataDir, this.log)
      // Safe only because the lock says no other process has runs in flight in this history.
      this.closeUnfinished()
      this.prune()
      if (!this.health.ensureReserve())
        this.log(
          'The disk has no room for the 1 MiB history reserve: a full disk may stop runs before their end is saved.',
        )
    } catch (err) {
      this.db.close()
      this.lock?.release()
      throw err
    }
  }

  /** Why history is not being saved right now; undefined while it is. */
  get storage(): StorageStatus | undefined {
    return this.health.status
  }

  /** Called once when writes start failing: the registry ends the runs in flight. */
  onWriteFailure(listener: (message: string) => void): void {
    this.failureListener = listener
  }

  private notifyFailure(): void {
    // Deferred: the failure is found inside an append, and the listener appends the runs' terminal events.
    queueMicrotask(() => this.health.status && this.failureListener?.(this.health.status.message))
  }

  /**
   * Records a new run at once (so it is listed and survives a crash); returns its row key. Throws StorageFailedError
   * while the storage refuses writes: a run that cannot be recorded is not started.
   */
  createRun(run: NewRun): number {
    if (this.readOnly) throw new Error('This history store is read-only.')
    if (this.health.status) throw new StorageFailedError(this.health.status)
    const origin = run.origin && Object.keys(run.origin).length ? JSON.stringify(run.origin) : null
    try {
      const info = this.stmts.insertRun.run({
        ...run,
        status: run.status ?? Status.running,
        inputSummary: summarizeInput(run.request),
        request: JSON.stringify(run.request),
        origin,
      })
      return Number(info.lastInsertRowid)
    } catch (err) {
      const code = storageFailureOf(err)
      if (!code) throw err
      this.batch.fail(code, err)
      throw new StorageFailedError(this.health.status!)
    }
  }

  /** Queues one event (already serialised) and the run's new summary fields; written within flushMs or the batch bound. */
  append(pk: number, seq: number, type: string, data: string, progress: RunProgress): void {
    if (this.readOnly) throw new Error('This history store is read-only.')
    this.batch.add({ pk, seq, type, data }, progress)
    if (isFinalStatus(progress.status)) {
      // A run's end is written at once: the list, a restart and the retention all see it.
      this.flush()
      this.prune()
    }
  }

  /** Writes every queued event and summary in one transaction. */
  flush(): void {
    this.batch.flush()
  }

  /** Summaries, newest first, filtered by tool and status; `cursor` is the previous page's `nextCursor`. */
  list(query: RunQuery = {}): RunPage {
    this.flush()
    const limit = Math.min(Math.max(query.limit ?? 50, 1), 500)
    const where: string[] = []
    const params: Array<string | number> = []
    const filter = (clause: string, value: string | number) => {
      where.push(clause)
      params.push(value)
    }
    if (query.tool) filter('tool_id = ?', query.tool)
    if (query.status) filter('status = ?', query.status)
    const cursor = query.cursor !== undefined ? Number(query.cursor) : NaN
    if (Number.isInteger(cursor)) filter('id < ?', cursor)
    const sql = `SELECT ${SUMMARY_COLUMNS} FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`
    const rows = this.db.prepare(sql).all(...params, limit + 1) as RunRow[]
    const page = rows.slice(0, limit)
    const storage = this.health.status
    return {
      runs: page.map((row) => this.summarize(row)),
      ...(rows.length > limit ? { nextCursor: String(page.at(-1)!.id) } : {}),
      ...(storage ? { storage } : {}),
    }
  }

  /** One run without its events. */
  detail(runId: string): RunDetail | undefined {
    this.flush()
    const row = this.stmts.byRunId.get(runId) as RunRow | undefined
    return row && { ...this.summarize(row), request: storedRequest(row.request!) }
  }

  /** A row's summary, with the fields still queued (a failing store holds a run's end until it can write it). */
  private summarize(row: RunRow): RunSummary {
    const summary = toSummary(row)
    const queued = this.batch.progressOf(row.id)
    if (!queued) return summary
    const { status, eventCount, finishedAt, durationMs } = queued
    return {
      ...summary,
      status,
      eventCount,
      ...(finishedAt ? { finishedAt } : {}),
      ...(durationMs !== undefined ? { durationMs } : {}),
    }
  }

  /** A run's event rows after `afterSeq`: the stored ones, then those still queued (only while the storage fails). */
  private *rows(runId: string, afterSeq: number): Generator<EventRow> {
    this.flush()
    const pk = this.keyOf(runId)
    if (pk === undefined) return
    let last = afterSeq
    for (const row of this.stmts.events.iterate(pk, afterSeq) as Iterable<EventRow & { format: number | null }>) {
      last = row.seq
      yield currentRow(row)
    }
    yield* this.batch.pendingOf(pk, last)
  }

  /** The row key of a stored run. */
  keyOf(runId: string): number | undefined {
    return (this.stmts.byRunId.get(runId) as RunRow | undefined)?.id
  }

  /** A run's events after `afterSeq`, in order, views expanded. */
  *events(runId: string, afterSeq = -1): Generator<RunEvent> {
    for (const row of this.rows(runId, afterSeq)) yield expandViews(JSON.parse(row.data) as RunEvent)
  }

  /**
   * A run's events after `afterSeq` as stored JSON text, for the SSE stream: sent as stored, passthrough views compact
   * (the client expands them); only rows that predate the type column are parsed, to read their type.
   */
  *eventTexts(runId: string, afterSeq = -1): Generator<{ seq: number; type: string; json: string }> {
    for (const row of this.rows(runId, afterSeq)) {
      yield { seq: row.seq, type: row.type ?? (JSON.parse(row.data) as RunEvent).type, json: row.data }
    }
  }

  /**
   * One page of eventTexts: the events after `afterSeq` up to about `maxBytes` of JSON (at least one when any is left).
   * An SSE stream reads a run this way, a page each time its client has taken the last one.
   */
  eventTextPage(runId: string, afterSeq: number, maxBytes: number): Array<{ seq: number; type: string; json: string }> {
    const page: Array<{ seq: number; type: string; json: string }> = []
    let bytes = 0
    for (const e of this.eventTexts(runId, afterSeq)) {
      page.push(e)
      bytes += e.json.length
      // Leaving the loop ends the generator, which resets the statement: no cursor stays open between pages.
      if (bytes >= maxBytes) break
    }
    return page
  }

  /** The whole record (export, scenarios, MCP results): read from the rows. */
  record(runId: string): RunRecord | undefined {
    const detail = this.detail(runId)
    if (!detail) return undefined
    const { runId: id, toolId, status, startedAt, finishedAt, durationMs, request } = detail
    return { runId: id, toolId, status, startedAt, finishedAt, durationMs, request, events: [...this.events(runId)] }
  }

  /** Imports one whole record (JSON history of older versions, an exported run); an existing run id is left alone. */
  importRecord(record: RunRecord, origin?: RunOrigin): void {
    if (this.keyOf(record.runId) !== undefined) return
    this.db.transaction(() => {
      const pk = this.createRun({
        runId: record.runId,
        toolId: record.toolId,
        caller: record.request.caller ?? 'agent',
        startedAt: record.startedAt,
        request: record.request,
        origin,
      })
      let bytes = 0
      for (const e of record.events) {
        // Stored as live runs are: passthrough views compact.
        const data = JSON.stringify(compactViews(e))
        bytes += data.length
        this.stmts.insertEvent.run(pk, e.seq, e.type, data)
      }
      this.stmts.progress.run({
        pk,
        status: record.status,
        eventCount: record.events.length,
        bytes,
        finishedAt: record.finishedAt ?? null,
        durationMs: record.durationMs ?? null,
      })
    })()
  }

  /** Runs left unfinished by a crash get a terminal `interrupted` event, so every reader sees them end. */
  private closeUnfinished(): void {
    const rows = this.stmts.unfinished.all() as Array<{
      id: number
      started_at: string
      event_count: number
      bytes: number
    }>
    if (rows.length === 0) return
    this.db.transaction(() => {
      for (const row of rows) {
        const last = this.stmts.lastEvent.get(row.id) as { data: string } | undefined
        const lastEvent = last ? (JSON.parse(last.data) as RunEvent) : undefined
        const at = lastEvent?.at ?? 0
        const end: RunEvent = {
          type: 'run-finished',
          seq: (lastEvent?.seq ?? -1) + 1,
          at,
          status: Status.interrupted,
          durationMs: at,
        }
        const data = JSON.stringify(end)
        this.stmts.insertEvent.run(row.id, end.seq, end.type, data)
        this.stmts.progress.run({
          pk: row.id,
          status: Status.interrupted,
          eventCount: row.event_count + 1,
          bytes: row.bytes + data.length,
          finishedAt: new Date().toISOString(),
          durationMs: at,
        })
      }
    })()
    this.log(`${rows.length} run(s) were in flight when Toolscope stopped; they are listed as interrupted.`)
  }

  /** Drops the oldest finished runs past the count or size limit. */
  prune(): void {
    for (;;) {
      const { n, bytes } = this.stmts.totals.get() as { n: number; bytes: number }
      if (n <= this.maxRuns && bytes <= this.maxBytes) return
      const oldest = this.stmts.oldestFinished.all() as Array<{ id: number; bytes: number }>
      if (oldest.length === 0) return
      let count = n
      let size = bytes
      const drop: number[] = []
      for (const row of oldest) {
        if (count <= this.maxRuns && size <= this.maxBytes) break
        drop.push(row.id)
        count--
        size -= row.bytes
      }
      try {
        this.db.transaction(() => {
          for (const id of drop) {
            this.stmts.deleteEvents.run(id)
            this.stmts.deleteRun.run(id)
          }
        })()
      } catch (err) {
        // Deleting writes too (WAL frames): on a full disk it fails like any write.
        const code = storageFailureOf(err)
        if (!code) throw err
        this.batch.fail(code, err)
        return
      }
      if (drop.length < oldest.length) return
    }
  }

  close(): void {
    this.health.stop()
    if (!this.readOnly) this.flush()
    this.db.close()
    this.lock?.release()
    this.lock = undefined
  }
}
