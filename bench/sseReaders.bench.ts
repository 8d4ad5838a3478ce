// SSE readers benchmark (`npx tsx bench/sseReaders.bench.ts`): a finished 40 MB run (5,000 writer chunks of 8,000
// characters) in a child server; the time a normal reader takes to read it on an idle server and while 30 readers that
// read nothing and 10 that read 64 KB/s hold streams of it, and the child's RSS (idle, peak, after they leave).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { holdReaders, startChildServer } from '../server/test/streamReaders.ts'

const STALLED = 30
const SLOW = 10
const READS = Number(process.env.BENCH_READS ?? 3)

const dir = await mkdtemp(join(tmpdir(), 'toolscope-bench-'))
const server = startChildServer(dir)
const { origin, port, token } = await server.ready
const { rss, collect } = server

/** RSS after collections, once two readings agree within 2 MB (at most 15 tries). */
async function settledRss(): Promise<number> {
  let before = -100
  for (let i = 0; i < 15; i++) {
    await collect()
    const now = rss()
    if (Math.abs(now - before) < 2) return now
    before = now
  }
  return before
}

/** Times whole reads of the run by a client that reads as fast as it can (fetch: done at the stream's last chunk). */
async function timedReads(runId: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < READS; i++) {
    const t = performance.now()
    const res = await fetch(`${origin}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` } })
    let text = ''
    const decoder = new TextDecoder()
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      text = (text + decoder.decode(chunk, { stream: true })).slice(-200)
    if (!text.includes('event: run-finished')) throw new Error('the stream ended without run-finished')
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

const ms = (times: number[]) =>
  `median ${Math.round(times[times.length >> 1]!)} ms (${times.map(Math.round).join(', ')})`

try {
  const res = await fetch(`${origin}/api/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toolId: 'many-events', input: { count: 5000, size: 8000 } }),
  })
  const { runId } = (await res.json()) as { runId: string }
  // Reading the live run to its end leaves it finished and stored.
  const whole = await (
    await fetch(`${origin}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` } })
  ).arrayBuffer()
  console.log(`SSE readers benchmark (${process.version}), run of ${(whole.byteLength / 1048576).toFixed(1)} MiB`)
  console.log(`  normal reader, idle server: ${ms(await timedReads(runId))}`)
  const idle = await settledRss()
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25)
  const held = holdReaders(port, token, runId, { stalled: STALLED, slow: SLOW })
  await held.ready
  console.log(`  normal reader beside ${STALLED} stalled and ${SLOW} slow readers: ${ms(await timedReads(runId))}`)
  await held.close()
  const justAfter = rss()
  clearInterval(sampler)
  console.log(
    `  RSS: idle ${idle.toFixed(0)} MB, peak with the readers ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}), just after they left ${justAfter.toFixed(0)} MB, settled ${(await settledRss()).toFixed(0)} MB`,
  )
} finally {
  server.stop()
  await rm(dir, { recursive: true, force: true })
}
