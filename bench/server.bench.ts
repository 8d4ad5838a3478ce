// Server benchmark (`npm run bench:server`): run round trip POST /api/runs → run-finished over SSE (p50/p99),
// then runs per second with 16 concurrent clients on loopback, checking every stream is complete and in order;
// then the time to success of a run started while another tool spins;
// then the history store: GET /api/runs over 500 stored runs of 10,000 events, and reopening one such run's stream;
// then an MCP tool's round trip through Toolscope against the SDK client calling the same server (bench/mcpEcho.ts).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/index.ts'
import { RunStore } from '../server/history/runStore.ts'
import { mcpEchoBench } from './mcpEcho.ts'

const FIXTURES = fileURLToPath(new URL('../server/test/fixtures/tools/', import.meta.url))
const SEQUENTIAL = Number(process.env.BENCH_RUNS ?? 500)
const CLIENTS = 16
const CONCURRENT_MS = Number(process.env.BENCH_MS ?? 10_000)

const dataDir = await mkdtemp(join(tmpdir(), 'toolscope-bench-'))
const server = await startServer({ port: 0, dataDir, watch: false, paths: [FIXTURES], log: () => {} })
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }

/** One run: POST, then read the SSE stream to run-finished; returns the seq numbers seen. */
async function oneRun(
  toolId: string,
  input: unknown,
  origin = server.origin,
  h: Record<string, string> = headers,
): Promise<number[]> {
  const res = await fetch(`${origin}/api/runs`, { method: 'POST', headers: h, body: JSON.stringify({ toolId, input }) })
  if (res.status !== 201) throw new Error(`POST /api/runs → ${res.status}: ${await res.text()}`)
  const { runId } = (await res.json()) as { runId: string }
  const stream = await fetch(`${origin}/api/runs/${runId}/events`, { headers: h })
  const text = await stream.text() // the server closes the stream after run-finished
  const seqs = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))
  if (!/event: run-finished\n/.test(text)) throw new Error(`run ${runId}: no run-finished`)
  return seqs
}

function check(seqs: number[], label: string): void {
  seqs.forEach((s, i) => {
    if (s !== i)
      throw new Error(`${label}: event lost or reordered (expected seq ${i}, got ${s}) in [${seqs.join(',')}]`)
  })
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

// Warm-up: tool host, JIT, sockets.
for (let i = 0; i < 50; i++) check(await oneRun('echo', { text: `warm ${i}` }), 'warm-up')

const latencies: number[] = []
for (let i = 0; i < SEQUENTIAL; i++) {
  const t0 = performance.now()
  check(await oneRun('echo', { text: `run ${i}` }), 'sequential')
  latencies.push(performance.now() - t0)
}
latencies.sort((a, b) => a - b)

// Network interception's cost with no traffic: the same echo round trip against a second server whose tool host does
// not intercept HTTP, interleaved in blocks of 25 runs so both see the same machine.
const plain = await startServer({
  port: 0,
  dataDir: await mkdtemp(join(tmpdir(), 'toolscope-bench-plain-')),
  watch: false,
  paths: [FIXTURES],
  log: () => {},
  interceptNetwork: false,
})
const plainHeaders = { authorization: `Bearer ${plain.token}`, 'content-type': 'application/json' }
for (let i = 0; i < 50; i++) await oneRun('echo', { text: `warm ${i}` }, plain.origin, plainHeaders)
const withInterception: number[] = []
const withoutInterception: number[] = []
for (let block = 0; block < SEQUENTIAL / 25; block++) {
  for (const [origin, h, out] of [
    [server.origin, headers, withInterception],
    [plain.origin, plainHeaders, withoutInterception],
  ] as const) {
    for (let i = 0; i < 25; i++) {
      const t0 = performance.now()
      check(await oneRun('echo', { text: `side ${i}` }, origin, h), 'side by side')
      out.push(performance.now() - t0)
    }
  }
}
await plain.close()
withInterception.sort((a, b) => a - b)
withoutInterception.sort((a, b) => a - b)

// Warm-up of the 16-client phase: each concurrent run has its own worker, loaded once and reused afterwards.
const rampStart = performance.now()
await Promise.all(Array.from({ length: CLIENTS }, (_, client) => oneRun('echo', { text: `ramp ${client}` })))
const rampMs = performance.now() - rampStart

let completed = 0
let events = 0
const deadline = performance.now() + CONCURRENT_MS
const started = performance.now()
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, client) => {
    while (performance.now() < deadline) {
      // chatty writes 20 chunks: a longer stream makes loss or reordering visible.
      const seqs = await oneRun(client % 2 ? 'echo' : 'chatty', client % 2 ? { text: `c${client}` } : { count: 20 })
      check(seqs, `client ${client}`)
      completed++
      events += seqs.length
    }
  }),
)
const elapsed = (performance.now() - started) / 1000

// A run started while another tool spins (blocks its thread): time to success; the spinning run is then aborted.
const spinTimes: number[] = []
for (let i = 0; i < 5; i++) {
  const res = await fetch(`${server.origin}/api/runs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ toolId: 'spin', input: {} }),
  })
  const { runId: spinId } = (await res.json()) as { runId: string }
  const t0 = performance.now()
  check(await oneRun('echo', { text: `beside spin ${i}` }), 'beside a spinning tool')
  spinTimes.push(performance.now() - t0)
  await fetch(`${server.origin}/api/runs/${spinId}/control`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'abort' }),
  })
  await (await fetch(`${server.origin}/api/runs/${spinId}/events`, { headers })).text()
}
spinTimes.sort((a, b) => a - b)

console.log(`Server benchmark (${process.version}, loopback)`)
console.log(
  `  round trip POST → run-finished (echo, ${SEQUENTIAL} sequential runs): p50 ${pct(latencies, 50).toFixed(2)} ms, p99 ${pct(latencies, 99).toFixed(2)} ms`,
)
console.log(
  `  network interception, no traffic (echo, ${SEQUENTIAL} runs each, interleaved): p50 ${pct(withInterception, 50).toFixed(2)} ms on, ${pct(withoutInterception, 50).toFixed(2)} ms off (${(pct(withInterception, 50) / pct(withoutInterception, 50)).toFixed(2)}×, target ≤ 1.10×); p99 ${pct(withInterception, 99).toFixed(2)} / ${pct(withoutInterception, 99).toFixed(2)} ms`,
)
console.log(
  `  ${CLIENTS} concurrent clients, ${elapsed.toFixed(1)} s: ${completed} runs, ${(completed / elapsed).toFixed(0)} runs/s, ${(events / elapsed).toFixed(0)} events/s, 0 lost or reordered`,
)
console.log(`  first 16 concurrent runs (cold: loads the extra workers): ${rampMs.toFixed(0)} ms`)
console.log(
  `  run started while another tool spins (echo, 5 times): time to success median ${pct(spinTimes, 50).toFixed(2)} ms, max ${spinTimes.at(-1)!.toFixed(2)} ms`,
)

await server.close()
await rm(dataDir, { recursive: true, force: true })

// History store: 500 finished runs of 10,000 events each, written through the store's own append path.
const STORED_RUNS = Number(process.env.BENCH_STORED_RUNS ?? 500)
const EVENTS_PER_RUN = 10_000
const historyDir = await mkdtemp(join(tmpdir(), 'toolscope-bench-history-'))
const limits = { historyMaxRuns: STORED_RUNS, historyMaxBytes: 16 * 1024 ** 3 }
const fillStarted = performance.now()
const store = new RunStore({ dataDir: historyDir, maxRuns: limits.historyMaxRuns, maxBytes: limits.historyMaxBytes })
const stored: string[] = []
for (let r = 0; r < STORED_RUNS; r++) {
  const runId = `bench-${String(r).padStart(4, '0')}`
  const pk = store.createRun({
    runId,
    toolId: r % 2 ? 'chatty' : 'many-events',
    caller: 'agent',
    startedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, r)).toISOString(),
    request: { toolId: 'chatty', input: { count: EVENTS_PER_RUN } },
  })
  let bytes = 0
  for (let seq = 0; seq < EVENTS_PER_RUN; seq++) {
    const last = seq === EVENTS_PER_RUN - 1
    const data = last
      ? JSON.stringify({ type: 'run-finished', seq, at: seq, status: 'success', durationMs: seq })
      : `{"type":"writer-chunk","seq":${seq},"at":${seq},"chunk":{"i":${seq}}}`
    bytes += data.length
    store.append(pk, seq, last ? 'run-finished' : 'writer-chunk', data, {
      status: last ? 'success' : 'running',
      eventCount: seq + 1,
      bytes,
      ...(last ? { finishedAt: new Date().toISOString(), durationMs: seq } : {}),
    })
  }
  stored.push(runId)
}
store.close()
const fillSeconds = (performance.now() - fillStarted) / 1000

const history = await startServer({
  port: 0,
  dataDir: historyDir,
  watch: false,
  paths: [FIXTURES],
  log: () => {},
  ...limits,
})
const auth = { authorization: `Bearer ${history.token}` }
const listTimes: number[] = []
let listBytes = 0
for (let i = 0; i < 30; i++) {
  const t0 = performance.now()
  const text = await (await fetch(`${history.origin}/api/runs`, { headers: auth })).text()
  listTimes.push(performance.now() - t0)
  listBytes = text.length
}
listTimes.sort((a, b) => a - b)
const reopenTimes: number[] = []
for (let i = 0; i < 10; i++) {
  const runId = stored[(i * 37) % stored.length]
  const t0 = performance.now()
  const text = await (await fetch(`${history.origin}/api/runs/${runId}/events`, { headers: auth })).text()
  reopenTimes.push(performance.now() - t0)
  const seqs = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))
  if (seqs.length !== EVENTS_PER_RUN) throw new Error(`reopen ${runId}: ${seqs.length} events`)
  check(seqs, `reopen ${runId}`)
}
reopenTimes.sort((a, b) => a - b)
console.log(`  history: ${STORED_RUNS} stored runs × ${EVENTS_PER_RUN} events (written in ${fillSeconds.toFixed(1)} s)`)
console.log(
  `  GET /api/runs (first page, ${listBytes} bytes): p50 ${pct(listTimes, 50).toFixed(2)} ms, max ${listTimes.at(-1)!.toFixed(2)} ms (target ≤ 50 ms)`,
)
console.log(
  `  reopen a ${EVENTS_PER_RUN}-event run from the store (SSE to the last event): p50 ${pct(reopenTimes, 50).toFixed(1)} ms, max ${reopenTimes.at(-1)!.toFixed(1)} ms (target ≤ 300 ms)`,
)
await history.close()
await rm(historyDir, { recursive: true, force: true })

for (const line of await mcpEchoBench(Number(process.env.BENCH_MCP_RUNS ?? 200), FIXTURES)) console.log(line)
