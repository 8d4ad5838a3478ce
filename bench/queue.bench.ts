// Queue benchmark (`npm run bench:queue`): 30 runs of a tool that waits until aborted, started together, then a quick
// run: how long each start takes to answer, how long the quick run takes to finish beside them, how long until all 30
// execute, the memory they hold, and how long aborting them takes to free every slot. Server in this process (its
// workers are threads, so process RSS counts them); figures go in BENCHMARKS.md.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/index.ts'

const FIXTURES = fileURLToPath(new URL('../server/test/fixtures/tools/', import.meta.url))
const HUNG = Number(process.env.BENCH_HUNG ?? 30)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MiB = 1024 * 1024

const dataDir = await mkdtemp(join(tmpdir(), 'toolscope-bench-queue-'))
const server = await startServer({ port: 0, dataDir, watch: false, paths: [FIXTURES], log: () => {} })
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }
const api = (path: string, body?: unknown) =>
  fetch(
    `${server.origin}${path}`,
    body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
  )

async function start(toolId: string, input: unknown): Promise<{ runId: string; ms: number }> {
  const t0 = performance.now()
  const res = await api('/api/runs', { toolId, input })
  if (res.status !== 201) throw new Error(`POST /api/runs → ${res.status}: ${await res.text()}`)
  const { runId } = (await res.json()) as { runId: string }
  return { runId, ms: performance.now() - t0 }
}

/** Reads a run's stream until a frame of `type` (the stream stays a watcher meanwhile, as the playground's does). */
async function until(runId: string, type: string): Promise<void> {
  const controller = new AbortController()
  const res = await fetch(`${server.origin}/api/runs/${runId}/events`, { headers, signal: controller.signal })
  const decoder = new TextDecoder()
  let text = ''
  const reader = res.body!.getReader()
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`run ${runId}: stream ended before ${type}`)
    text += decoder.decode(value, { stream: true })
    if (text.includes(`event: ${type}\n`)) break
  }
  await reader.cancel().catch(() => undefined)
  controller.abort()
}

async function capacity(): Promise<{ executing: number; queued: number; live: number; slots: number }> {
  return (await api('/api/capacity')).json() as never
}

await (await api('/api/tools')).text()
const idleRss = process.memoryUsage().rss
console.log(`slots: ${(await capacity()).slots}; idle RSS ${(idleRss / MiB).toFixed(0)} MB`)
for (let round = 1; round <= ROUNDS; round++) {
  const before = process.memoryUsage().rss
  const t0 = performance.now()
  const starts = await Promise.all(Array.from({ length: HUNG }, () => start('wait-abort', {})))
  const executing = Promise.all(starts.map((s) => until(s.runId, 'input-available')))
  const quick = await start('echo', { text: 'beside the hung ones' })
  await until(quick.runId, 'run-finished')
  const quickMs = performance.now() - t0 - Math.max(...starts.map((s) => s.ms))
  await executing
  const allMs = performance.now() - t0
  const hungRss = process.memoryUsage().rss
  const cap = await capacity()
  if (cap.executing !== HUNG) throw new Error(`expected ${HUNG} executing, got ${JSON.stringify(cap)}`)
  const a0 = performance.now()
  await Promise.all(starts.map((s) => api(`/api/runs/${s.runId}/control`, { type: 'abort' })))
  while ((await capacity()).live > 0) await new Promise((r) => setTimeout(r, 20))
  const freeMs = performance.now() - a0
  const maxStart = Math.max(...starts.map((s) => s.ms), quick.ms)
  console.log(
    `round ${round}: slowest start answer ${maxStart.toFixed(0)} ms; quick run done ${quickMs.toFixed(0)} ms after the starts answered; ` +
      `all ${HUNG} executing after ${allMs.toFixed(0)} ms; RSS +${((hungRss - before) / MiB).toFixed(0)} MB (${((hungRss - before) / MiB / HUNG).toFixed(1)} MB a hung run); ` +
      `abort frees every slot in ${freeMs.toFixed(0)} ms`,
  )
}
await server.close()
await rm(dataDir, { recursive: true, force: true })
