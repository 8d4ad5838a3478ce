// Back-pressure of run event streams, measured in a child server process: 30 readers that read nothing and 10 that read
// 64 KB/s on a finished 40 MB run do not make the server hold the run for each of them (it reads the store page by page
// as each client takes it), a normal reader meanwhile gets every event in order, and RSS returns near idle after they leave.

import { expect, it, onTestFinished, vi } from 'vitest'
import { RunExport, type RunEvent } from '../../src/shared/protocol.ts'
import { readSse, tempDir } from './helpers.ts'
import { holdReaders, startChildServer, type HeldReaders } from './streamReaders.ts'

const STALLED = 30
const SLOW = 10
/** Writer chunks of the stored run: 400 of 100,000 characters, a 40 MB run. */
const CHUNKS = 400
const CHUNK_CHARS = 100_000

/** Reads a whole run stream at full speed: its frames' ids, types and the bytes of their data. */
async function readAll(
  origin: string,
  token: string,
  runId: string,
): Promise<{ ids: number[]; types: string[]; bytes: number }> {
  const res = await fetch(`${origin}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` } })
  const read = { ids: [] as number[], types: [] as string[], bytes: 0 }
  for await (const frame of readSse(res)) {
    read.ids.push(Number(frame.id))
    read.types.push(frame.event ?? '')
    read.bytes += frame.data.length
  }
  return read
}

/** Stores a finished 40 MB run: a small run's export with 400 large writer chunks put in, imported (faster than a tool). */
async function importBigRun(origin: string, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const started = await fetch(`${origin}/api/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ toolId: 'echo', input: { text: 'small' } }),
  })
  const { runId } = (await started.json()) as { runId: string }
  await readAll(origin, token, runId)
  const file = RunExport.parse(await (await fetch(`${origin}/api/runs/${runId}/export`, { headers })).json())
  const first = file.run.events[0]!
  const end = file.run.events.at(-1)!
  const text = 'y'.repeat(CHUNK_CHARS)
  const chunks: RunEvent[] = Array.from({ length: CHUNKS }, (_, i) => ({
    type: 'writer-chunk',
    seq: i + 1,
    at: first.at,
    chunk: { i, text },
  }))
  const big: RunExport = {
    ...file,
    run: { ...file.run, events: [{ ...first, seq: 0 }, ...chunks, { ...end, seq: CHUNKS + 1 }] },
  }
  const imported = await fetch(`${origin}/api/runs/import`, { method: 'POST', headers, body: JSON.stringify(big) })
  expect(imported.status).toBe(201)
  return ((await imported.json()) as { runId: string }).runId
}

it('30 stalled and 10 slow readers of a finished 40 MB run: RSS stays within 1.5x the run above idle, and returns after', {
  timeout: 60_000,
}, async () => {
  const t = await tempDir()
  const server = startChildServer(t.dir)
  // Also when the test times out (its own `finally` may then never run).
  onTestFinished(() => server.stop())
  const { rss, collect } = server
  let sampler: ReturnType<typeof setInterval> | undefined
  let held: HeldReaders | undefined
  try {
    const { origin, port, token } = await server.ready
    const runId = await importBigRun(origin, token)
    const runMb = (await readAll(origin, token, runId)).bytes / (1024 * 1024)
    expect(runMb).toBeGreaterThan(38)

    // Idle: RSS after a full collection, once two readings in a row agree (a bounded number of tries).
    let idle = 0
    await vi.waitFor(
      async () => {
        await collect()
        const before = idle
        idle = rss()
        expect(Math.abs(idle - before)).toBeLessThan(3)
      },
      { timeout: 20_000, interval: 100 },
    )

    let peak = 0
    sampler = setInterval(() => (peak = Math.max(peak, rss())), 25)
    held = holdReaders(port, token, runId, { stalled: STALLED, slow: SLOW })
    await held.ready

    // A normal reader meanwhile gets the whole run, in order.
    const normal = await readAll(origin, token, runId)
    expect(normal.ids).toEqual(normal.ids.map((_, i) => i))
    expect(normal.types.at(-1)).toBe('run-finished')
    peak = Math.max(peak, rss())
    expect(peak - idle).toBeLessThan(1.5 * runMb)

    await held.close()
    // Every reader gone: memory comes back near idle (a bounded number of collections).
    await vi.waitFor(
      async () => {
        await collect()
        expect(rss() - idle).toBeLessThan(0.5 * runMb)
      },
      { timeout: 20_000, interval: 200 },
    )
  } finally {
    clearInterval(sampler)
    await held?.close()
    server.stop()
    await t.cleanup()
  }
})
