// The history store: runs and their events as rows of an embedded SQLite database (`<dataDir>/history.db`, WAL).
// Events are appended as they happen, in one transaction per batch (≤ flushMs apart), never rewriting a record;
// finished runs are read back page by page. Runs found unfinished at open get a terminal `interrupted` event.

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { RunDetail, RunEvent, RunOrigin, RunPage, RunRecord, RunRecordStatus, RunSummary, StartRunBody } from '../src/shared/protocol.ts'
import { RUN_END_STATUSES, isFinalStatus } from '../src/shared/runStatus.ts'
import { expandViews } from './limits.ts'
import { openDatabase, type Database } from './sqlite.ts'
import { migrate } from './runStoreSchema.ts'
import { importJsonHistory } from './runStoreImport.ts'

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
  log?: (line: string) => void
}

/** A new run's first row. */
export interface NewRun {
  runId: string
  toolId: string
  caller: RunSummary['caller']
  startedAt: string
  /** Already redacted. */
  request: StartRunBody
  /** Set for an imported run or a rerun. */
  origin?: RunOrigin
}

/** Summary fields that change while a run goes on. */
export interface RunProgress {
  status: RunRecordStatus
  eventCount: number
  bytes: number
  finishedAt?: string
  durationMs?: number
}

/** Query of `GET /api/runs`. */
export interface RunQuery {
  tool?: string
  status?: string
  cursor?: string
  limit?: number
}

const INPUT_SUMMARY_CHARS = 120
export const DEFAULT_STORE_LIMITS = { maxRuns: 500, maxBytes: 512 * 1024 * 1024 }

interface RunRow {
  id: number
  run_id: string
  tool_id: string
  status: string
  caller: string
  input_summary: string
  started_at: string
  finished_at: string | null
  duration_ms: number | null
  event_count: number
  origin: string | null
  request?: string
}

const SUMMARY_COLUMNS = 'id, run_id, tool_id, status, caller, input_summary, started_at, finished_at, duration_ms, event_count, origin'

/** Short one-line text of a run's input for lists; never throws. */
export function summarizeInput(request: StartRunBody): string {
  let text: string
  try {
    text = request.input !== undefined ? (JSON.stringify(request.input) ?? '') : (request.inputText ?? '')
  } catch {
    text = '[input could not be shown]'
  }
  return text.length > INPUT_SUMMARY_CHARS ? `${text.slice(0, INPUT_SUMMARY_CHARS - 1)}…` : text
}

function toSummary(row: RunRow): RunSummary {
  return {
    runId: row.run_id,
    toolId: row.tool_id,
    status: row.status as RunRecordStatus,
    caller: row.caller as RunSummary['caller'],
    inputSummary: row.input_summary,
    startedAt: row.started_at,
    ...(row.finished_at ? { finishedAt: row.finished_at } : {}),
    ...(row.duration_ms !== null ? { durationMs: row.duration_ms } : {}),
    eventCount: row.event_count,
    ...(row.origin ? (JSON.parse(row.origin) as RunOrigin) : {}),
  }
}

export class RunStore {
  private db: Database
  private pendingEvents: Array<{ pk: number; seq: number; type: string; data: string }> = []
  private pendingProgress = new Map<number, RunProgress>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private readonly flushMs: number
  private readonly maxRuns: number
  private readonly maxBytes: number
  private readonly log: (line: string) => void
  private stmts
  private writeBatch: () => void

  constructor(options: RunStoreOptions = {}) {
    this.flushMs = options.flushMs ?? 50
    this.maxRuns = options.maxRuns ?? DEFAULT_STORE_LIMITS.maxRuns
    this.maxBytes = options.maxBytes ?? DEFAULT_STORE_LIMITS.maxBytes
    this.log = options.log ?? (() => {})
    let file = ':memory:'
    if (options.dataDir) {
      mkdirSync(options.dataDir, { recursive: true })
      file = join(options.dataDir, 'history.db')
    }
    this.db = openDatabase(file, options.driver)
    this.db.exec('PRAGMA journal_mode = WAL')
    // WAL + NORMAL: a killed process loses nothing committed; only a power cut may lose the last commits.
    this.db.exec('PRAGMA synchronous = NORMAL')
    migrate(this.db)
    const db = this.db
    this.stmts = {
      insertRun: db.prepare(
        `INSERT INTO runs (run_id, tool_id, status, caller, input_summary, started_at, request, event_count, bytes, origin)
         VALUES (@runId, @toolId, 'running', @caller, @inputSummary, @startedAt, @request, 0, 0, @origin)`,
      ),
      insertEvent: db.prepare('INSERT OR IGNORE INTO events (run_pk, seq, type, data) VALUES (?, ?, ?, ?)'),
      progress: db.prepare('UPDATE runs SET status = @status, event_count = @eventCount, bytes = @bytes, finished_at = @finishedAt, duration_ms = @durationMs WHERE id = @pk'),
      byRunId: db.prepare(`SELECT ${SUMMARY_COLUMNS}, request FROM runs WHERE run_id = ?`),
      events: db.prepare('SELECT seq, type, data FROM events WHERE run_pk = ? AND seq > ? ORDER BY seq'),
      lastEvent: db.prepare('SELECT data FROM events WHERE run_pk = ? ORDER BY seq DESC LIMIT 1'),
      unfinished: db.prepare(`SELECT id, started_at, event_count, bytes FROM runs WHERE status NOT IN (${RUN_END_STATUSES.map((s) => `'${s}'`).join(', ')})`),
      totals: db.prepare(`SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM runs`),
      oldestFinished: db.prepare(`SELECT id, bytes FROM runs WHERE status IN (${RUN_END_STATUSES.map((s) => `'${s}'`).join(', ')}) ORDER BY id LIMIT 100`),
      deleteEvents: db.prepare('DELETE FROM events WHERE run_pk = ?'),
      deleteRun: db.prepare('DELETE FROM runs WHERE id = ?'),
    }
    this.writeBatch = this.db.transaction(() => {
      for (const e of this.pendingEvents) this.stmts.insertEvent.run(e.pk, e.seq, e.type, e.data)
      for (const [pk, p] of this.pendingProgress) this.stmts.progress.run({ pk, status: p.status, eventCount: p.eventCount, bytes: p.bytes, finishedAt: p.finishedAt ?? null, durationMs: p.durationMs ?? null })
    })
    if (options.dataDir) importJsonHistory(this, options.dataDir, this.log)
    this.closeUnfinished()
    this.prune()
  }

  /** Records a new run at once (so it is listed and survives a crash); returns its row key. */
  createRun(run: NewRun): number {
    const origin = run.origin && Object.keys(run.origin).length ? JSON.stringify(run.origin) : null
    const info = this.stmts.insertRun.run({ ...run, inputSummary: summarizeInput(run.request), request: JSON.stringify(run.request), origin })
    return Number(info.lastInsertRowid)
  }

  /** Queues one event (already serialised) and the run's new summary fields; written within flushMs. */
  append(pk: number, seq: number, type: string, data: string, progress: RunProgress): void {
    this.pendingEvents.push({ pk, seq, type, data })
    this.pendingProgress.set(pk, progress)
    if (isFinalStatus(progress.status)) {
      // A run's end is written at once: the list, a restart and the retention all see it.
      this.flush()
      this.prune()
      return
    }
    this.timer ??= setTimeout(() => this.flush(), this.flushMs)
    this.timer.unref?.()
  }

  /** Writes every queued event and summary in one transaction. */
  flush(): void {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.pendingEvents.length === 0 && this.pendingProgress.size === 0) return
    try {
      this.writeBatch()
    } catch (err) {
      this.log(`Could not save run events: ${(err as Error).message}`)
    }
    this.pendingEvents = []
    this.pendingProgress.clear()
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
    return { runs: page.map(toSummary), ...(rows.length > limit ? { nextCursor: String(page.at(-1)!.id) } : {}) }
  }

  /** One run without its events. */
  detail(runId: string): RunDetail | undefined {
    this.flush()
    const row = this.stmts.byRunId.get(runId) as RunRow | undefined
    return row && { ...toSummary(row), request: JSON.parse(row.request!) as StartRunBody }
  }

  /** The row key of a stored run. */
  keyOf(runId: string): number | undefined {
    return (this.stmts.byRunId.get(runId) as RunRow | undefined)?.id
  }

  /** A run's events after `afterSeq`, in order, views expanded. */
  *events(runId: string, afterSeq = -1): Generator<RunEvent> {
    this.flush()
    const pk = this.keyOf(runId)
    if (pk === undefined) return
    for (const row of this.stmts.events.iterate(pk, afterSeq) as Iterable<{ data: string }>) yield expandViews(JSON.parse(row.data) as RunEvent)
  }

  /**
   * A run's events after `afterSeq` as stored JSON text, for replaying a finished run: rows whose views were stored
   * compact (passthrough without value) or that predate the type column are parsed and re-serialised.
   */
  *eventTexts(runId: string, afterSeq = -1): Generator<{ seq: number; type: string; json: string }> {
    this.flush()
    const pk = this.keyOf(runId)
    if (pk === undefined) return
    for (const row of this.stmts.events.iterate(pk, afterSeq) as Iterable<{ seq: number; type: string | null; data: string }>) {
      if (row.type !== null && !row.data.includes('"passthrough":true')) {
        yield { seq: row.seq, type: row.type, json: row.data }
        continue
      }
      const event = expandViews(JSON.parse(row.data) as RunEvent)
      yield { seq: row.seq, type: event.type, json: JSON.stringify(event) }
    }
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
      const pk = this.createRun({ runId: record.runId, toolId: record.toolId, caller: record.request.caller ?? 'agent', startedAt: record.startedAt, request: record.request, origin })
      let bytes = 0
      for (const e of record.events) {
        const data = JSON.stringify(e)
        bytes += data.length
        this.stmts.insertEvent.run(pk, e.seq, e.type, data)
      }
      this.stmts.progress.run({ pk, status: record.status, eventCount: record.events.length, bytes, finishedAt: record.finishedAt ?? null, durationMs: record.durationMs ?? null })
    })()
  }

  /** Runs left unfinished by a crash get a terminal `interrupted` event, so every reader sees them end. */
  private closeUnfinished(): void {
    const rows = this.stmts.unfinished.all() as Array<{ id: number; started_at: string; event_count: number; bytes: number }>
    if (rows.length === 0) return
    this.db.transaction(() => {
      for (const row of rows) {
        const last = this.stmts.lastEvent.get(row.id) as { data: string } | undefined
        const lastEvent = last ? (JSON.parse(last.data) as RunEvent) : undefined
        const at = lastEvent?.at ?? 0
        const end: RunEvent = { type: 'run-finished', seq: (lastEvent?.seq ?? -1) + 1, at, status: 'interrupted', durationMs: at }
        const data = JSON.stringify(end)
        this.stmts.insertEvent.run(row.id, end.seq, end.type, data)
        this.stmts.progress.run({ pk: row.id, status: 'interrupted', eventCount: row.event_count + 1, bytes: row.bytes + data.length, finishedAt: new Date().toISOString(), durationMs: at })
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
      this.db.transaction(() => {
        for (const id of drop) {
          this.stmts.deleteEvents.run(id)
          this.stmts.deleteRun.run(id)
        }
      })()
      if (drop.length < oldest.length) return
    }
  }

  close(): void {
    this.flush()
    this.db.close()
  }
}
