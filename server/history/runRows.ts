// The rows of the history's `runs` table as the store reads and writes them: a new run's first row, the fields that
// change while it goes on, the list query, a row turned into the RunSummary the API serves, and the prepared statements
// that read and write them.

import type { RunOrigin, RunRecordStatus, RunSummary, StartRunBody } from '../../src/shared/protocol.ts'
import { RUN_END_STATUSES, type Status } from '../../src/runtime/index.ts'
import type { Database } from './sqlite.ts'
import { EVENT_FORMAT } from './storedRows.ts'

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
  /** Its first status: `running` (the default), or `queued` for a run waiting for an execution slot. */
  status?: typeof Status.running | typeof Status.queued
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

export interface RunRow {
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

export const SUMMARY_COLUMNS =
  'id, run_id, tool_id, status, caller, input_summary, started_at, finished_at, duration_ms, event_count, origin'

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

export function toSummary(row: RunRow): RunSummary {
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

const END_STATUS_LIST = RUN_END_STATUSES.map((s) => `'${s}'`).join(', ')

/** The store's prepared statements over `runs` and `events`. */
export function prepareStatements(db: Database) {
  return {
    insertRun: db.prepare(
      `INSERT INTO runs (run_id, tool_id, status, caller, input_summary, started_at, request, event_count, bytes, origin)
       VALUES (@runId, @toolId, @status, @caller, @inputSummary, @startedAt, @request, 0, 0, @origin)`,
    ),
    insertEvent: db.prepare(
      `INSERT OR IGNORE INTO events (run_pk, seq, type, data, format) VALUES (?, ?, ?, ?, ${EVENT_FORMAT})`,
    ),
    progress: db.prepare(
      'UPDATE runs SET status = @status, event_count = @eventCount, bytes = @bytes, finished_at = @finishedAt, duration_ms = @durationMs WHERE id = @pk',
    ),
    byRunId: db.prepare(`SELECT ${SUMMARY_COLUMNS}, request FROM runs WHERE run_id = ?`),
    events: db.prepare('SELECT seq, type, data, format FROM events WHERE run_pk = ? AND seq > ? ORDER BY seq'),
    lastEvent: db.prepare('SELECT data FROM events WHERE run_pk = ? ORDER BY seq DESC LIMIT 1'),
    unfinished: db.prepare(
      `SELECT id, started_at, event_count, bytes FROM runs WHERE status NOT IN (${END_STATUS_LIST})`,
    ),
    totals: db.prepare(`SELECT count(*) AS n, coalesce(sum(bytes), 0) AS bytes FROM runs`),
    oldestFinished: db.prepare(`SELECT id, bytes FROM runs WHERE status IN (${END_STATUS_LIST}) ORDER BY id LIMIT 100`),
    deleteEvents: db.prepare('DELETE FROM events WHERE run_pk = ?'),
    deleteRun: db.prepare('DELETE FROM runs WHERE id = ?'),
  }
}

export type Statements = ReturnType<typeof prepareStatements>
