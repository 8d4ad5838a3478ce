// Memory benchmark (`npm run bench:memory`, `bench:memory:node22`, `bench:memory:node24`): the server started as users
// start it (`toolscope`, the compiled build, its defaults) over the test fixtures in a child process, its RSS sampled
// every 50 ms (BENCH_VIA=test: the soak test's server instead, the source through tsx). Idle RSS 10 s after start, the soak's peak
// (16 clients, 100 MB outputs, 10,000-event runs: server/test/soakMix.ts), idle RSS 10 s after the soak, then ten
// runs of a 100 MB output one after another and their peak. Figures go in BENCHMARKS.md, per Node version.

import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { rssMb, runToEnd, soak, startChildServer } from '../server/test/soakMix.ts'

const IDLE_MS = 10_000

/** The process's thread count (/proc/<pid>/status): the main thread, libuv's and V8's pools, one per tool-host worker. */
function threads(pid: number): number {
  return Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN)
}
const BIG_RUNS = 10

const dataDir = await mkdtemp(join(tmpdir(), 'toolscope-bench-memory-'))
const via = process.env.BENCH_VIA === 'test' ? 'test' : 'bin'
const server = await startChildServer(dataDir, via)
const pid = server.child.pid!
try {
  await sleep(IDLE_MS)
  const idleBefore = rssMb(pid)
  const threadsBefore = threads(pid)
  server.resetPeak()
  const runs = await soak(server)
  const soakPeak = server.peak()
  // RSS and threads each second of the idle after the soak: when the burst's memory goes back, and whether workers are gone.
  const series: string[] = []
  for (let s = 1; s <= IDLE_MS / 1000; s++) {
    await sleep(1000)
    series.push(`${s}s ${rssMb(pid).toFixed(0)}/${threads(pid)}`)
  }
  const idleAfter = rssMb(pid)
  server.resetPeak()
  for (let i = 0; i < BIG_RUNS; i++) await runToEnd(server, 'big-output', { mb: 100 })
  const bigPeak = server.peak()
  const mb = (n: number) => `${n.toFixed(0)} MB`
  console.log(
    `Node ${process.versions.node}, server started ${via === 'bin' ? 'as toolscope (compiled)' : 'by the soak test (source)'}`,
  )
  console.log(`  idle RSS 10 s after start: ${mb(idleBefore)}`)
  console.log(`  soak (16 clients, ${runs} runs): peak RSS ${mb(soakPeak)}`)
  console.log(
    `  idle RSS 10 s after the soak: ${mb(idleAfter)} (${(idleAfter / idleBefore).toFixed(2)}× the idle before)`,
  )
  console.log(`  after the soak, each second (MB/threads; ${threadsBefore} threads idle before): ${series.join(', ')}`)
  console.log(`  ${BIG_RUNS} runs of a 100 MB output, one after another: peak RSS ${mb(bigPeak)}`)
} finally {
  server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
