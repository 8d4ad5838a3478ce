// History on disk: survives a restart, runs in flight when the process was killed come back `interrupted`,
// leftovers of cut-short writes are ignored, and only the newest runs are kept.

import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { watch } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RunList, type RunRecord } from '../../src/shared/protocol.ts'
import { History } from '../history.ts'
import { RunRegistry } from '../runs.ts'
import type { ToolHost } from '../toolHost/host.ts'
import { finished, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

const CHILD = fileURLToPath(new URL('./childServer.ts', import.meta.url))

/** Resolves once the stored record has `status`; driven by file-system events, no polling sleeps. The watcher is
 * started (synchronously) before the first check, so a write landing in between is never missed. */
async function waitForStoredStatus(file: string, status: string): Promise<void> {
  const matches = async () => {
    const text = await readFile(file, 'utf8').catch(() => '')
    return text !== '' && (JSON.parse(text) as { status: string }).status === status
  }
  let wake = () => {}
  const watcher = watch(dirname(file), () => wake())
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

async function runs(server: TestServer): Promise<RunRecord[]> {
  return RunList.parse(await (await server.api('/api/runs')).json()).runs
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
        const record = (await runs(second)).find((r) => r.runId === runId)
        expect(record).toMatchObject({ status: 'success', toolId: 'echo', request: { input: { text: 'persist me' } } })
        expect(record?.events).toEqual(events)
        // The replay endpoint works for stored runs too.
        expect(finished(await second.events(runId)).status).toBe('success')
      } finally {
        await second.stop()
      }
    } finally {
      await t.cleanup()
    }
  })

  it('a clean shutdown ends runs in flight and saves their final state before it returns', async () => {
    const t = await tempDir()
    try {
      const server = await startTestServer({ dataDir: t.dir })
      const runId = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/x' } })
      await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
      await server.stop()
      const stored = JSON.parse(await readFile(join(t.dir, 'runs', `${runId}.json`), 'utf8')) as RunRecord
      expect(stored.status).toBe('error')
      expect(stored.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'error' })
      expect(stored.events.find((e) => e.type === 'error')).toMatchObject({ message: 'The server was closed while the run was in flight.' })
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
      const start = await fetch(`${origin}/api/runs`, { method: 'POST', headers, body: JSON.stringify({ toolId: 'delete-file', input: { path: 'p' } }) })
      const { runId } = (await start.json()) as { runId: string }
      const fake = { api: (p: string, init?: RequestInit) => fetch(`${origin}${p}`, { ...init, headers }) } as unknown as TestServer
      await waitForEvent(fake, runId, (e) => e.type === 'approval-requested')
      // The kill must come after the write reached the disk (a crash may lose the last milliseconds, by design).
      await waitForStoredStatus(join(t.dir, 'runs', `${runId}.json`), 'awaiting-approval')
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
      const next = await startTestServer({ dataDir: t.dir })
      try {
        const record = (await runs(next)).find((r) => r.runId === runId)
        expect(record?.status).toBe('interrupted')
        expect(record?.events.at(-1)?.type).toBe('approval-requested')
        const late = await next.api(`/api/runs/${runId}/approval`, { method: 'POST', json: { approved: true } })
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

  it('ignores temp files left by a write a crash cut short', async () => {
    const t = await tempDir()
    try {
      const history = new History(t.dir)
      await history.load()
      await writeFile(join(history.dir, 'abc.json.123.xyz.tmp'), '{"runId": "abc", "tool')
      expect(await history.load()).toEqual([])
      expect(await readdir(history.dir)).toEqual([])
    } finally {
      await t.cleanup()
    }
  })

  it('keeps only the newest runs (memory and disk)', async () => {
    const t = await tempDir()
    try {
      const history = new History(t.dir)
      // A fake host at the boundary: every run starts and the test feeds events itself.
      const registry = new RunRegistry({ history, timeoutMs: 60_000, maxRuns: 3, log: () => {} })
      registry.host = { start: async () => {}, control: async () => undefined, terminateRunWorker: () => {} } as unknown as ToolHost
      await registry.init()
      const ids: string[] = []
      for (let i = 0; i < 5; i++) {
        const id = await registry.start({ toolId: 'echo', input: { i } })
        registry.onEvent(id, { type: 'run-started', seq: 0, at: 0, toolId: 'echo', toolCallId: 'c', caller: 'agent', background: false, stepping: false })
        registry.onEvent(id, { type: 'run-finished', seq: 1, at: 1, status: 'success', durationMs: 1 })
        ids.push(id)
      }
      await history.flush()
      expect(registry.list().map((r) => r.runId)).toEqual(ids.slice(2).reverse())
      expect((await readdir(history.dir)).sort()).toEqual(ids.slice(2).map((id) => `${id}.json`).sort())
    } finally {
      await t.cleanup()
    }
  })
})
