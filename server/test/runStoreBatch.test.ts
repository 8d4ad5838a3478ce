// The store's write batch on its own: bounded by events and bytes, not only by time (a starved timer cannot hold
// more); a full database (SQLite max_page_count, the real SQLITE_FULL) puts the store in a failing state whose kept
// run ends readers still see, the reserve file is given up for them, and the store says when it saves again.

import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { RunStore } from '../history/runStore.ts'
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../history/runStoreBatch.ts'
import { RESERVE_FILE, RETRY_MS } from '../history/runStoreHealth.ts'
import { tempDir } from './helpers.ts'

const log = (seq: number, pad = 0): RunEvent => ({
  type: 'log',
  seq,
  at: seq,
  level: 'info',
  source: 'observe',
  message: 'm'.repeat(pad),
})
const end = (seq: number): RunEvent => ({ type: 'run-finished', seq, at: seq, status: 'error', durationMs: seq })

describe('run store batch', () => {
  let t: Awaited<ReturnType<typeof tempDir>>
  beforeEach(async () => {
    t = await tempDir()
    vi.useFakeTimers()
  })
  afterEach(async () => {
    vi.useRealTimers()
    await t.cleanup()
  })

  function storedCount(): number {
    const reader = new Database(join(t.dir, 'history.db'), { readonly: true })
    try {
      return (reader.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n
    } finally {
      reader.close()
    }
  }

  it('writes a batch when it reaches MAX_BATCH_EVENTS events or MAX_BATCH_BYTES bytes, without the timer', () => {
    // The timer never fires here (fake timers, never advanced): only the bounds can write.
    const store = new RunStore({ dataDir: t.dir, flushMs: 50 })
    const pk = store.createRun({
      runId: 'r',
      toolId: 'echo',
      caller: 'agent',
      startedAt: new Date().toISOString(),
      request: { toolId: 'echo' },
    })
    let seq = 0
    const append = (pad = 0) => {
      const data = JSON.stringify(log(seq, pad))
      store.append(pk, seq++, 'log', data, { status: 'running', eventCount: seq, bytes: 0 })
    }
    for (let i = 0; i < MAX_BATCH_EVENTS - 1; i++) append()
    expect(storedCount()).toBe(0)
    append()
    expect(storedCount()).toBe(MAX_BATCH_EVENTS)
    // Two events of more than half the byte bound each: the second one writes the batch.
    append(MAX_BATCH_BYTES / 2)
    expect(storedCount()).toBe(MAX_BATCH_EVENTS)
    append(MAX_BATCH_BYTES / 2)
    expect(storedCount()).toBe(MAX_BATCH_EVENTS + 2)
    store.close()
  })

  it('on SQLITE_FULL: tells the registry once, gives up the reserve, refuses new runs, keeps the run ends readers see', async () => {
    const lines: string[] = []
    const store = new RunStore({ dataDir: t.dir, maxPageCount: 30, log: (l) => lines.push(l) })
    expect(existsSync(join(t.dir, RESERVE_FILE))).toBe(true)
    const failures: string[] = []
    store.onWriteFailure((message) => failures.push(message))
    const pk = store.createRun({
      runId: 'r',
      toolId: 'echo',
      caller: 'agent',
      startedAt: new Date().toISOString(),
      request: { toolId: 'echo' },
    })
    let seq = 0
    while (!store.storage && seq < 10_000)
      store.append(pk, seq, 'log', JSON.stringify(log(seq, 4_000)), { status: 'running', eventCount: ++seq, bytes: 0 })
    expect(store.storage).toMatchObject({ code: 'disk-full' })
    expect(existsSync(join(t.dir, RESERVE_FILE))).toBe(false)
    expect(store.list().storage?.code).toBe('disk-full')
    expect(() =>
      store.createRun({
        runId: 'late',
        toolId: 'echo',
        caller: 'agent',
        startedAt: new Date().toISOString(),
        request: { toolId: 'echo' },
      }),
    ).toThrow(expect.objectContaining({ code: 'storage-failed' }))
    // The run's end cannot be written (the page cap holds), but every reader sees the run end.
    const last = seq
    store.append(pk, last, 'run-finished', JSON.stringify(end(last)), {
      status: 'error',
      eventCount: last + 1,
      bytes: 0,
      finishedAt: new Date().toISOString(),
      durationMs: last,
    })
    expect([...store.events('r')].at(-1)).toMatchObject({ type: 'run-finished', status: 'error' })
    expect(store.detail('r')?.status).toBe('error')
    // Told once, deferred out of the failing append (the registry then appends the runs' ends), with the reason.
    await Promise.resolve()
    expect(failures).toEqual([store.storage?.message])
    expect(lines.filter((l) => l === store.storage?.message)).toHaveLength(1)
    store.close()
  })

  it('a failing store retries every RETRY_MS and recovers once writes go through again', () => {
    const store = new RunStore({ dataDir: t.dir, maxPageCount: 30 })
    const pk = store.createRun({
      runId: 'r',
      toolId: 'echo',
      caller: 'agent',
      startedAt: new Date().toISOString(),
      request: { toolId: 'echo' },
    })
    let seq = 0
    while (!store.storage && seq < 10_000)
      store.append(pk, seq, 'log', JSON.stringify(log(seq, 4_000)), { status: 'running', eventCount: ++seq, bytes: 0 })
    store.append(pk, seq, 'run-finished', JSON.stringify(end(seq)), {
      status: 'error',
      eventCount: seq + 1,
      bytes: 0,
      finishedAt: new Date().toISOString(),
      durationMs: seq,
    })
    vi.advanceTimersByTime(RETRY_MS)
    expect(store.storage?.code).toBe('disk-full')
    // Room again, as freeing disk space gives: the cap of the store's own connection is raised.
    ;(store as unknown as { db: { exec(sql: string): void } }).db.exec('PRAGMA max_page_count = 100000')
    vi.advanceTimersByTime(RETRY_MS)
    expect(store.storage).toBeUndefined()
    expect(existsSync(join(t.dir, RESERVE_FILE))).toBe(true)
    expect(store.list().runs[0]).toMatchObject({ runId: 'r', status: 'error' })
    store.close()
    const reopened = new RunStore({ dataDir: t.dir })
    expect([...reopened.events('r')].at(-1)).toMatchObject({ type: 'run-finished', status: 'error' })
    reopened.close()
  })
})
