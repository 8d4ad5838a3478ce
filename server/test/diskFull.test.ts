// A full disk, honestly: history.db capped with SQLite's max_page_count, so writes fail with the real SQLITE_FULL.
// Every run in flight (running or waiting) ends with `run-finished` on its stream, the server keeps answering, the
// history list says the disk is full (what the UI's banner reads), and a new run is refused with `storage-failed`.

import { request } from 'node:http'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ApiError, RunPage, type RunEvent } from '../../src/shared/protocol.ts'
import { RunEventFrame } from '../../src/shared/passthroughViews.ts'
import { finished, readSse, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

/**
 * A run's whole stream on a socket of its own: the server's event loop is busy while the runs fill the database, and a
 * pooled keep-alive socket it closes meanwhile would fail the request (ECONNRESET) for reasons that are not the test's.
 */
function streamOf(server: TestServer, runId: string): Promise<RunEvent[]> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}/api/runs/${runId}/events`,
      { headers: { authorization: `Bearer ${server.token}` }, agent: false },
      (res) => {
        void (async () => {
          const events: RunEvent[] = []
          for await (const frame of readSse(new Response(Readable.toWeb(res) as ReadableStream)))
            events.push(RunEventFrame.parse(JSON.parse(frame.data)))
          return events
        })().then(resolve, reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Continues a run in step mode until it pauses before `execute` (at most the five phases step mode pauses before). */
async function pausedBeforeExecute(server: TestServer, runId: string): Promise<void> {
  for (let n = 1; n <= 5; n++) {
    let seen = 0
    const paused = (await waitForEvent(server, runId, (e) => e.type === 'paused' && ++seen === n)).at(-1)
    if (paused?.type === 'paused' && paused.next === 'execute') return
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'continue' } })
  }
  throw new Error(`run ${runId} did not pause before execute`)
}

/** 2 MB of 4 KiB pages: full a while after the four busy runs below have started writing. */
const MAX_PAGES = 500

describe('a full disk', () => {
  it('ends every run with run-finished, keeps answering, and says the disk is full', { timeout: 120_000 }, async () => {
    const server = await startTestServer({ historyMaxPageCount: MAX_PAGES })
    try {
      const waiting = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/x' } })
      await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
      // The four busy runs are held before execute (step mode) until all four have started: otherwise the first could
      // fill the disk before the last one's start is recorded, which refuses that start instead.
      const busy = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          server.startRun({ toolId: 'many-events', input: { count: 50_000, size: 100 + i }, stepping: true }),
        ),
      )
      await Promise.all(busy.map((runId) => pausedBeforeExecute(server, runId)))
      for (const runId of busy)
        await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'continue' } })
      const streams = await Promise.all([waiting, ...busy].map((runId) => streamOf(server, runId)))
      for (const events of streams) {
        expect(finished(events).status).toBe('error')
        expect(events.at(-2)?.type).toBe('error')
      }

      const page = RunPage.parse(await (await server.api('/api/runs')).json())
      expect(page.storage).toMatchObject({ code: 'disk-full' })
      expect((await server.api('/api/tools')).status).toBe(200)

      // A run that could not be recorded is not started: refused with a code, not left to run unsaved.
      const late = await server.api('/api/runs', { method: 'POST', json: { toolId: 'echo', input: { text: 'late' } } })
      expect(late.status).toBe(507)
      expect(ApiError.parse(await late.json()).code).toBe('storage-failed')
    } finally {
      await server.stop()
    }
  })
})
