// The history store on its own: batched appends, one-time JSON import (closing cut-short runs with a terminal
// event), retention by count and by size (also at open), schema versions, paged summaries and secret redaction.

import { mkdir, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunEvent, RunRecord } from '../../src/shared/protocol.ts'
import { RunStore } from '../history/runStore.ts'
import { openDatabase } from '../history/sqlite.ts'
import { NewerSchemaError, SCHEMA_VERSION } from '../history/runStoreSchema.ts'
import { tempDir } from './helpers.ts'
import { fakeRunHost } from './fakeHost.ts'

const started = (seq = 0): RunEvent => ({
  type: 'run-started',
  seq,
  at: 0,
  toolId: 'echo',
  toolCallId: 'c',
  caller: 'agent',
  background: false,
  stepping: false,
})
const end = (seq: number, status: 'success' | 'error' = 'success'): RunEvent => ({
  type: 'run-finished',
  seq,
  at: seq,
  status,
  durationMs: seq,
})

/** Stores a finished run of `events` events, each about `pad` characters. */
function storeRun(store: RunStore, runId: string, events = 2, pad = 0, toolId = 'echo'): void {
  const pk = store.createRun({
    runId,
    toolId,
    caller: 'agent',
    startedAt: new Date().toISOString(),
    request: { toolId, input: { runId } },
  })
  let bytes = 0
  for (let seq = 0; seq < events; seq++) {
    const e: RunEvent =
      seq === events - 1
        ? end(seq)
        : { type: 'log', seq, at: seq, level: 'info', source: 'observe', message: 'm'.repeat(pad) }
    const data = JSON.stringify(e)
    bytes += data.length
    store.append(pk, seq, e.type, data, {
      status: seq === events - 1 ? 'success' : 'running',
      eventCount: seq + 1,
      bytes,
    })
  }
}

describe('run store', () => {
  let t: Awaited<ReturnType<typeof tempDir>>
  beforeEach(async () => {
    t = await tempDir()
  })
  afterEach(async () => {
    vi.useRealTimers()
    await t.cleanup()
  })

  it('writes appended events in one batch within flushMs, and a run end at once', () => {
    vi.useFakeTimers()
    const store = new RunStore({ dataDir: t.dir, flushMs: 50 })
    const reader = openDatabase(join(t.dir, 'history.db'), undefined, true)
    const count = () => (reader.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n
    const pk = store.createRun({
      runId: 'r1',
      toolId: 'echo',
      caller: 'agent',
      startedAt: '2026-01-01T00:00:00Z',
      request: { toolId: 'echo' },
    })
    store.append(pk, 0, 'run-started', JSON.stringify(started()), { status: 'running', eventCount: 1, bytes: 10 })
    expect(count()).toBe(0)
    vi.advanceTimersByTime(50)
    expect(count()).toBe(1)
    store.append(pk, 1, 'run-finished', JSON.stringify(end(1)), { status: 'success', eventCount: 2, bytes: 20 })
    expect(count()).toBe(2)
    expect(reader.prepare('SELECT status FROM runs').get()).toEqual({ status: 'success' })
    reader.close()
    store.close()
  })

  it('imports JSON history once; a record cut short gets a terminal interrupted event; secrets are redacted', async () => {
    const runsDir = join(t.dir, 'runs')
    await mkdir(runsDir)
    const done: RunRecord = {
      runId: 'done',
      toolId: 'echo',
      status: 'success',
      startedAt: '2026-01-01T00:00:00Z',
      request: { toolId: 'echo', requestContext: { apiKey: 'sk-planted', user: 'u' } },
      events: [started(), end(1)],
    }
    const cut: RunRecord = {
      runId: 'cut',
      toolId: 'delete-file',
      status: 'interrupted',
      startedAt: '2026-01-02T00:00:00Z',
      request: { toolId: 'delete-file' },
      events: [
        started(),
        {
          type: 'approval-requested',
          seq: 1,
          at: 1,
          input: {},
          views: { raw: {}, display: { value: {} }, transcript: { value: {} } },
        },
      ],
    }
    await writeFile(join(runsDir, 'done.json'), JSON.stringify(done))
    await writeFile(join(runsDir, 'cut.json'), JSON.stringify(cut))
    await writeFile(join(runsDir, 'broken.json'), '{"runId": "x", "tool')
    const log: string[] = []
    let store = new RunStore({ dataDir: t.dir, log: (l) => log.push(l) })
    expect(store.list().runs.map((r) => [r.runId, r.status])).toEqual([
      ['cut', 'interrupted'],
      ['done', 'success'],
    ])
    expect([...store.events('cut')].map((e) => e.type)).toEqual(['run-started', 'approval-requested', 'run-finished'])
    expect([...store.events('cut')].at(-1)).toMatchObject({ status: 'interrupted', seq: 2 })
    expect(store.detail('done')?.request.requestContext).toEqual({ apiKey: '[REDACTED]', user: 'u' })
    expect(log.join('\n')).toMatch(/Not importing history file broken.json/)
    expect(await readdir(t.dir)).toContain('runs.imported')
    store.close()
    store = new RunStore({ dataDir: t.dir })
    expect(store.list().runs).toHaveLength(2)
    store.close()
  })

  it('keeps the newest runs by count and by size, also when opening', () => {
    let store = new RunStore({ dataDir: t.dir, maxRuns: 100 })
    for (let i = 0; i < 6; i++) storeRun(store, `r${i}`, 3, 1_000)
    store.close()
    store = new RunStore({ dataDir: t.dir, maxRuns: 4 })
    expect(store.list().runs.map((r) => r.runId)).toEqual(['r5', 'r4', 'r3', 'r2'])
    storeRun(store, 'r6', 3, 1_000)
    expect(store.list().runs.map((r) => r.runId)).toEqual(['r6', 'r5', 'r4', 'r3'])
    store.close()
    // Each run is a bit over 2,000 bytes: 5,000 bytes hold two.
    store = new RunStore({ dataDir: t.dir, maxBytes: 5_000 })
    expect(store.list().runs.map((r) => r.runId)).toEqual(['r6', 'r5'])
    expect([...store.events('r3')]).toEqual([])
    store.close()
  })

  it('lists summaries newest first, filtered by tool and status, page by page', () => {
    const store = new RunStore()
    for (let i = 0; i < 7; i++) storeRun(store, `r${i}`, 2, 0, i % 2 ? 'odd' : 'even')
    store.createRun({
      runId: 'live',
      toolId: 'odd',
      caller: 'mcp',
      startedAt: new Date().toISOString(),
      request: { toolId: 'odd', input: { text: 'z'.repeat(500) } },
    })
    const first = store.list({ limit: 3 })
    expect(first.runs.map((r) => r.runId)).toEqual(['live', 'r6', 'r5'])
    expect(first.runs[0]).toMatchObject({ caller: 'mcp', status: 'running', eventCount: 0 })
    expect(first.runs[0].inputSummary.length).toBeLessThanOrEqual(120)
    expect(first.runs[0].inputSummary.endsWith('…')).toBe(true)
    const second = store.list({ limit: 3, cursor: first.nextCursor })
    expect(second.runs.map((r) => r.runId)).toEqual(['r4', 'r3', 'r2'])
    const last = store.list({ limit: 3, cursor: second.nextCursor })
    expect(last.runs.map((r) => r.runId)).toEqual(['r1', 'r0'])
    expect(last.nextCursor).toBeUndefined()
    expect(store.list({ tool: 'odd', status: 'success' }).runs.map((r) => r.runId)).toEqual(['r5', 'r3', 'r1'])
    store.close()
  })

  it('records the schema version, and refuses a database written by a newer version', () => {
    new RunStore({ dataDir: t.dir }).close()
    const db = openDatabase(join(t.dir, 'history.db'))
    expect(db.prepare('SELECT version FROM schema_version').get()).toEqual({ version: SCHEMA_VERSION })
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'runs_by_tool'").get(),
    ).toBeDefined()
    db.prepare('UPDATE schema_version SET version = ?').run(SCHEMA_VERSION + 1)
    db.close()
    expect(() => new RunStore({ dataDir: t.dir })).toThrow(NewerSchemaError)
  })

  it('upgrades a version-1 database step by step', () => {
    const db = openDatabase(join(t.dir, 'history.db'))
    db.exec('CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (1);')
    db.exec(`CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL UNIQUE, tool_id TEXT NOT NULL, status TEXT NOT NULL, caller TEXT NOT NULL,
      input_summary TEXT NOT NULL, started_at TEXT NOT NULL, finished_at TEXT, duration_ms REAL, event_count INTEGER NOT NULL, bytes INTEGER NOT NULL, request TEXT NOT NULL);
      CREATE TABLE events (run_pk INTEGER NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (run_pk, seq)) WITHOUT ROWID;`)
    db.prepare(
      "INSERT INTO runs (run_id, tool_id, status, caller, input_summary, started_at, event_count, bytes, request) VALUES ('old', 'echo', 'success', 'agent', '', '2025-01-01', 1, 10, '{\"toolId\":\"echo\"}')",
    ).run()
    db.prepare('INSERT INTO events (run_pk, seq, data) VALUES (1, 0, ?)').run(JSON.stringify(end(0)))
    db.close()
    const store = new RunStore({ dataDir: t.dir })
    storeRun(store, 'after-upgrade')
    expect(store.list({ tool: 'echo' }).runs.map((r) => r.runId)).toEqual(['after-upgrade', 'old'])
    // Version 3 added the event type: stored text is replayed as is.
    expect([...store.eventTexts('after-upgrade')].map((e) => e.type)).toEqual(['log', 'run-finished'])
    // A row written before the type column existed is parsed on read.
    expect([...store.eventTexts('old')]).toEqual([{ seq: 0, type: 'run-finished', json: JSON.stringify(end(0)) }])
    store.close()
  })
})

describe('run registry memory', () => {
  it('holds only live runs: a finished run leaves memory and is read back from the store', async () => {
    const { RunRegistry } = await import('../runs/runs.ts')
    const store = new RunStore()
    // A fake host at the boundary: every run starts and the test feeds the events itself.
    const host = fakeRunHost()
    const registry = new RunRegistry({ host, store, timeoutMs: 60_000, log: () => {} })
    const ids: string[] = []
    for (let i = 0; i < 20; i++) {
      const id = await registry.start({ toolId: 'echo', input: { i } })
      registry.onEvent(id, started())
      for (let seq = 1; seq < 100; seq++)
        registry.onEvent(id, { type: 'log', seq, at: seq, level: 'info', source: 'observe', message: 'x'.repeat(1000) })
      registry.onEvent(id, end(100))
      ids.push(id)
    }
    expect(registry.liveCount).toBe(0)
    expect(registry.list({ limit: 500 }).runs.map((r) => r.runId)).toEqual(ids.reverse())
    expect(registry.get(ids[0])?.events).toHaveLength(101)
    const open = await registry.start({ toolId: 'echo', input: {} })
    registry.onEvent(open, started())
    expect(registry.liveCount).toBe(1)
    expect(registry.detail(open)?.status).toBe('running')
    store.close()
  })
})
