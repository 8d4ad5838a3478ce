// What kill -9 loses, measured: a server in a child process runs 4 tools emitting ~1 event/ms each, with an SSE reader
// per run that keeps up (so it is shown events before they are written); once the readers have seen thousands of events
// the server is killed. Every event a reader saw but history.db lacks is lost: at most one write batch,
// MAX_BATCH_EVENTS events, however starved the batch timer was. The figure (events and ms) is printed for the README.

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { MAX_BATCH_EVENTS } from '../history/runStoreBatch.ts'
import { readSse, tempDir } from './helpers.ts'

const CHILD = fileURLToPath(new URL('./childServer.ts', import.meta.url))
const RUNS = 4
/** Events all readers together have seen when the server is killed. */
const SEEN_BEFORE_KILL = 8_000

interface Seen {
  seq: number
  at: number
}

it('kill -9 loses at most one write batch of events', { timeout: 120_000 }, async () => {
  const t = await tempDir()
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, t.dir], { stdio: ['ignore', 'pipe', 'inherit'] })
  const exited = once(child, 'exit')
  try {
    const [line] = (await once(child.stdout!, 'data')) as [Buffer]
    const { origin, token } = JSON.parse(line.toString()) as { origin: string; token: string }
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const runIds: string[] = []
    for (let i = 0; i < RUNS; i++) {
      const res = await fetch(`${origin}/api/runs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ toolId: 'paced-events', input: { count: 100_000, everyMs: 1 } }),
      })
      runIds.push(((await res.json()) as { runId: string }).runId)
    }
    const seen = new Map<string, Seen>()
    let total = 0
    let killed = false
    const kill = () => {
      if (killed) return
      killed = true
      child.kill('SIGKILL')
    }
    const readers = runIds.map(async (runId) => {
      try {
        const res = await fetch(`${origin}/api/runs/${runId}/events`, { headers })
        for await (const frame of readSse(res)) {
          const { seq, at } = JSON.parse(frame.data) as Seen
          seen.set(runId, { seq, at })
          if (++total >= SEEN_BEFORE_KILL) kill()
        }
      } catch (err) {
        // The connection dies with the server; before the kill, a failure is the test's.
        if (!killed) throw err
      }
    })
    await Promise.race([Promise.all(readers), exited])
    expect(killed, `the streams ended after ${total} events, before the kill`).toBe(true)
    await exited
    await Promise.all(readers)

    const db = new Database(join(t.dir, 'history.db'), { readonly: true, fileMustExist: true })
    let lostEvents = 0
    let lostMs = 0
    try {
      for (const runId of runIds) {
        const last = seen.get(runId)
        if (!last) continue
        const stored = db
          .prepare(
            'SELECT e.seq AS seq, e.data AS data FROM events e JOIN runs r ON r.id = e.run_pk WHERE r.run_id = ? ORDER BY e.seq DESC LIMIT 1',
          )
          .get(runId) as { seq: number; data: string } | undefined
        const storedSeq = stored?.seq ?? -1
        // Events are numbered without gaps: everything the reader saw after the last stored one is lost.
        lostEvents += Math.max(0, last.seq - storedSeq)
        const storedAt = stored ? (JSON.parse(stored.data) as Seen).at : 0
        lostMs = Math.max(lostMs, last.seq > storedSeq ? last.at - storedAt : 0)
      }
    } finally {
      db.close()
    }
    console.info(
      `kill -9 after ${total} events seen by ${RUNS} readers: ${lostEvents} events lost (at most ${lostMs.toFixed(1)} ms of a run's events); bound ${MAX_BATCH_EVENTS}`,
    )
    expect(lostEvents).toBeLessThanOrEqual(MAX_BATCH_EVENTS)
  } finally {
    child.kill('SIGKILL')
    await t.cleanup()
  }
})
