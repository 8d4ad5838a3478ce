// History store: survives a restart, runs in flight when the process was killed or stopped come back `interrupted`
// WITH a terminal event (so nothing offers Resume and streams close), old JSON history is imported once, lists are
// summaries with filters and paging, retention applies by count and size, and secrets never reach the store.

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { watch } from 'node:fs'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RunDetail, RunPage, type RunSummary } from '../../src/shared/protocol.ts'
import { startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

const CHILD = fileURLToPath(new URL('./childServer.ts', import.meta.url))

/** Resolves once the stored run has `status` in history.db; driven by file-system events (WAL writes), no polling
 * sleeps. The watcher is started (synchronously) before the first check, so a write landing in between is never missed. */
async function waitForStoredStatus(dataDir: string, runId: string, status: string): Promise<void> {
  const matches = async () => {
    const db = new Database(join(dataDir, 'history.db'), { readonly: true, fileMustExist: true })
    try {
      return (
        (db.prepare('SELECT status FROM runs WHERE run_id = ?').get(runId) as { status: string } | undefined)
          ?.status === status
      )
    } finally {
      db.close()
    }
  }
  let wake = () => {}
  const watcher = watch(dataDir, () => wake())
  try {
    for (;;) {
      const changed = new Promise<void>((resolve) => (wake = resolve))
      if (await matches()) return
      await changed
    }
  } finally {
    watcher.close()
  }
}

async function runs(server: TestServer, query = ''): Promise<RunSummary[]> {
  return RunPage.parse(await (await server.api(`/api/runs${query}`)).json()).runs
}

describe('history', () => {
  it('keeps finished runs across a restart', async () => {
    const t = await tempDir()
    try {
      const first = await startTestServer({ dataDir: t.dir })
      const runId = await first.startRun({ toolId: 'echo', input: { text: 'persist me' } })
      const events = await first.events(runId)
      await first.stop()
      const second = await startTestServer({ dataDir: t.dir })
      try {
        const summary = (await runs(second)).find((r) => r.runId === runId)
        expect(summary).toMatchObject({ status: 'success', toolId: 'echo', eventCount: events.length })
        expect(RunDetail.parse(await (await second.api(`/api/runs/${runId}`)).json()).request).toMatchObject({
          input: { text: 'persist me' },
        })
        // The replay endpoint streams stored runs from the store, identical to the live stream.
        expect(await second.events(runId)).toEqual(events)
        expect(await second.events(runId, 1)).toEqual(events.slice(2))
      } finally {
        await second.stop()
      }
    } finally {
      await t.cleanup()
    }
  })

  it('a legacy JSON record nested 5,000 deep or linked out of the data folder is skipped with a log line; the rest import', async () => {
    const t = await tempDir()
    const outside = await tempDir()
    try {
      const runsDir = join(t.dir, 'runs')
      await mkdir(runsDir)
      const record = (runId: string, input: string) =>
        `{"runId":"${runId}","toolId":"echo","status":"success","startedAt":"2026-01-01T00:00:00Z","request":{"toolId":"echo","input":${input}},` +
        `"events":[{"type":"run-started","seq":0,"at":0,"toolId":"echo","toolCallId":"c","caller":"agent","background":false,"stepping":false},{"type":"run-finished","seq":1,"at":1,"status":"success","durationMs":1}]}`
      await writeFile(join(runsDir, 'deep.json'), record('deep', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)))
      await writeFile(join(runsDir, 'good.json'), record('good', '{"text":"kept"}'))
      const secret = join(outside.dir, 'secret.txt')
      await writeFile(secret, 'PLANTED-TARGET-TEXT not json')
      await symlink(secret, join(runsDir, 'linked.json'))
      const log: string[] = []
      const server = await startTestServer({ dataDir: t.dir, log: (line) => log.push(line) })
      try {
        expect((await runs(server)).map((r) => r.runId)).toEqual(['good'])
        const lines = log.join('\n')
        expect(lines).toMatch(/Not importing history file deep\.json: JSON is nested deeper than 256 levels/)
        expect(lines).toMatch(/Not importing history file linked\.json: it is a symbolic link/)
        expect(lines).toMatch(/Imported 1 run\(s\)/)
        expect(lines).not.toContain('PLANTED-TARGET-TEXT')
      } finally {
        await server.stop()
      }
    } finally {
      await outside.cleanup()
      await t.cleanup()
    }
  })

  it('a clean shutdown (SIGTERM) ends runs in flight as interrupted, with a terminal event, before it returns', async () => {
    const t = await tempDir()
    try {
      const server = await startTestServer({ dataDir: t.dir })
      const runId = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/x' } })
      await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
      await server.stop()
      const next = await startTestServer({ dataDir: t.dir })
      try {
        expect((await runs(next)).find((r) => r.runId === runId)?.status).toBe('interrupted')
        const events = await next.events(runId)
        expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'interrupted' })
        expect(
          events.find((e) => e.type === 'log' && e.message === 'The server was closed while the run was in flight.'),
        ).toBeDefined()
      } finally {
        await next.stop()
      }
    } finally {
      await t.cleanup()
    }
  })

  it('lists runs in flight when the server was killed as interrupted', async () => {
    const t = await tempDir()
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, t.dir], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const [line] = (await once(child.stdout!, 'data')) as [Buffer]
      const { origin, token } = JSON.parse(line.toString()) as { origin: string; token: string }
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const start = await fetch(`${origin}/api/runs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ toolId: 'delete-file', input: { path: 'p' } }),
      })
      const { runId } = (await start.json()) as { runId: string }
      const fake = {
        api: (p: string, init?: RequestInit) => fetch(`${origin}${p}`, { ...init, headers }),
      } as unknown as TestServer
      await waitForEvent(fake, runId, (e) => e.type === 'approval-requested')
      // The kill must come after the write reached the disk (a crash may lose the last milliseconds, by design).
      await waitForStoredStatus(t.dir, runId, 'awaiting-approval')
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
      const next = await startTestServer({ dataDir: t.dir })
      try {
        expect((await runs(next)).find((r) => r.runId === runId)?.status).toBe('interrupted')
        // The log itself ends: a reopened page sees a finished run (no live prompt) and the stream closes at once.
        const events = await next.events(runId)
        expect(events.map((e) => e.type).slice(-2)).toEqual(['approval-requested', 'run-finished'])
        expect(events.at(-1)).toMatchObject({
          type: 'run-finished',
          status: 'interrupted',
          seq: events.at(-2)!.seq + 1,
        })
        expect(await next.events(runId, events.at(-1)!.seq)).toEqual([])
        const late = await next.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })
        expect(late.status).toBe(409)
        expect((await late.json()).state).toBe('interrupted')
      } finally {
        await next.stop()
      }
    } finally {
      child.kill('SIGKILL')
      await t.cleanup()
    }
  })
})
