// One writer per data folder: a second server (in-process or the CLI) is refused, naming the process that holds the
// folder, and the first server's waiting run is untouched; `toolscope build --runs` reads beside a live server without
// marking anything; a lock left by a process that is gone is taken over; the lock file goes when the server closes.

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { RunSummary } from '../../src/shared/protocol.ts'
import { parseBuildArgs, runBuild } from '../cli/build.ts'
import { DataDirLockedError, LOCK_FILE } from '../history/dataDirLock.ts'
import { finished, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))

/** The stored summary and event types of a run, read straight from history.db (no store, no lock). */
function stored(dataDir: string, runId: string): { status: string; types: string[]; last: Record<string, unknown> } {
  const db = new Database(join(dataDir, 'history.db'), { readonly: true, fileMustExist: true })
  try {
    const run = db.prepare('SELECT id, status FROM runs WHERE run_id = ?').get(runId) as { id: number; status: string }
    const rows = db.prepare('SELECT type, data FROM events WHERE run_pk = ? ORDER BY seq').all(run.id) as Array<{
      type: string
      data: string
    }>
    return {
      status: run.status,
      types: rows.map((r) => r.type),
      last: JSON.parse(rows.at(-1)!.data) as Record<string, unknown>,
    }
  } finally {
    db.close()
  }
}

const stopped = new WeakSet<TestServer>()
/** Stops a server the first time only (a test stops it to read the store, its `finally` stops it when it failed before). */
async function stopOnce(server: TestServer): Promise<void> {
  if (stopped.has(server)) return
  stopped.add(server)
  await server.stop()
}

async function waitingRun(server: TestServer): Promise<string> {
  const runId = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/locked' } })
  await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
  return runId
}

async function approveAndFinish(server: TestServer, runId: string) {
  const res = await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })
  expect(res.status).toBe(200)
  return finished(await server.events(runId))
}

describe('data folder lock', () => {
  it("refuses a second server on the same folder, naming the holder's pid; the first's waiting run completes and is stored as success", {
    timeout: 120_000,
  }, async () => {
    const t = await tempDir()
    const first = await startTestServer({ dataDir: t.dir })
    try {
      const runId = await waitingRun(first)
      const refused = await startTestServer({ dataDir: t.dir }).then(
        (second) => second.stop().then(() => undefined),
        (err: unknown) => err,
      )
      expect(refused).toBeInstanceOf(DataDirLockedError)
      const locked = refused as DataDirLockedError
      expect(locked.code).toBe('data-dir-locked')
      expect(locked.holder?.pid).toBe(process.pid)
      expect(locked.message).toContain(`process ${process.pid}`)
      // The refused start marked nothing: the run still waits, and approving it completes it, in the stream and the store.
      expect(stored(t.dir, runId).status).toBe('awaiting-approval')
      expect(await approveAndFinish(first, runId)).toMatchObject({ status: 'success' })
      await stopOnce(first)
      const after = stored(t.dir, runId)
      expect(after.status).toBe('success')
      expect(after.last).toMatchObject({ type: 'run-finished', status: 'success' })
      expect(after.types).not.toContain('log')
      // Closing released the lock: the folder opens again.
      expect(existsSync(join(t.dir, LOCK_FILE))).toBe(false)
      const next = await startTestServer({ dataDir: t.dir })
      await next.stop()
    } finally {
      await stopOnce(first)
      await t.cleanup()
    }
  })

  it('the CLI refuses a locked folder with the message and a non-zero exit', { timeout: 120_000 }, async () => {
    const t = await tempDir()
    const first = await startTestServer({ dataDir: t.dir })
    try {
      const child = spawn(
        process.execPath,
        [BIN, '--port', '0', '--no-open', '--no-watch', '--no-build', '--data-dir', t.dir],
        { cwd: t.dir, stdio: ['ignore', 'pipe', 'pipe'] },
      )
      let stderr = ''
      child.stderr!.on('data', (chunk) => (stderr += String(chunk)))
      const [code] = (await once(child, 'exit')) as [number]
      expect(code).not.toBe(0)
      expect(stderr).toContain(`is in use by process ${process.pid}`)
    } finally {
      await first.stop()
      await t.cleanup()
    }
  })

  it('toolscope build --runs reads a live folder read-only: the waiting run is not marked and completes afterwards', {
    timeout: 120_000,
  }, async () => {
    const t = await tempDir()
    const dataDir = join(t.dir, 'history')
    const server = await startTestServer({ dataDir })
    try {
      const done = await server.startRun({ toolId: 'echo', input: { text: 'for the demo' } })
      finished(await server.events(done))
      const waiting = await waitingRun(server)
      const app = join(t.dir, 'app')
      await mkdir(app)
      writeFileSync(join(app, 'index.html'), '<!doctype html><title>app</title>')
      const lines: string[] = []
      const out = join(t.dir, 'site')
      expect(
        await runBuild(
          parseBuildArgs(['--out', out, '--runs', `${done},${waiting}`, '--data-dir', dataDir]),
          (l) => lines.push(l),
          app,
        ),
      ).toBe(0)
      expect(lines.join('\n')).toContain('history, success')
      expect(stored(dataDir, waiting).status).toBe('awaiting-approval')
      expect(await approveAndFinish(server, waiting)).toMatchObject({ status: 'success' })
      await stopOnce(server)
      expect(stored(dataDir, waiting)).toMatchObject({
        status: 'success',
        last: { type: 'run-finished', status: 'success' },
      })
    } finally {
      await stopOnce(server)
      await t.cleanup()
    }
  })

  it('takes over a lock whose process is gone', async () => {
    const t = await tempDir()
    try {
      const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
      await once(gone, 'exit')
      writeFileSync(
        join(t.dir, LOCK_FILE),
        JSON.stringify({
          pid: gone.pid,
          startedAt: '2026-12-01T00:00:00.000Z',
          host: (await import('node:os')).hostname(),
        }),
      )
      const server = await startTestServer({ dataDir: t.dir })
      try {
        expect(JSON.parse(readFileSync(join(t.dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid })
        const page = await (await server.api('/api/runs')).json()
        expect(RunSummary.array().parse(page.runs)).toEqual([])
      } finally {
        await server.stop()
      }
    } finally {
      await t.cleanup()
    }
  })
})
