// When a terminated worker's heap goes back to the system (`bench:teardown`, `bench:teardown:node22`,
// `bench:teardown:node24`): four workers each hold 200,000 small objects and collect, three are terminated, and the
// process's RSS is read every 0.5 s for 12 s. Node 24's V8 keeps their pages 8 s after the termination, Node 22's gives
// them back at once: why the pool lets idle workers go sooner on Node 24 (IDLE_TRIM_MS, server/toolHost/pool.ts).
// Run with --expose-gc so each worker collects before it is terminated (what the tool-host workers do when idle).

import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'

const rssMb = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024)
const WORKER = `
const { parentPort } = require('node:worker_threads')
globalThis.kept = []
for (let i = 0; i < 200000; i++) kept.push({ a: i, b: 'x' + i, c: [i] })
globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
parentPort.postMessage('ready')
setInterval(() => {}, 1000)`

const before = rssMb()
const workers: Worker[] = []
for (let i = 0; i < 4; i++) {
  const worker = new Worker(WORKER, { eval: true })
  await new Promise((resolve) => worker.once('message', resolve))
  workers.push(worker)
}
const loaded = rssMb()
await Promise.all(workers.slice(1).map((w) => w.terminate()))
const terminated = rssMb()
const series: string[] = []
for (let t = 0.5; t <= 12; t += 0.5) {
  await sleep(500)
  series.push(`${t.toFixed(1)}s ${rssMb()}`)
}
console.log(
  `Node ${process.versions.node} (V8 ${process.versions.v8}), gc ${typeof globalThis.gc === 'function' ? 'exposed' : 'not exposed'}`,
)
console.log(`  RSS: ${before} MB at start, ${loaded} MB with four workers, ${terminated} MB once three are terminated`)
console.log(`  after the termination: ${series.join(', ')}`)
await workers[0]!.terminate()
