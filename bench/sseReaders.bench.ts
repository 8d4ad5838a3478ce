// SSE readers benchmark (`npx tsx bench/sseReaders.bench.ts`): a finished 40 MB run (5,000 writer chunks of 8,000
// characters) in a child server; the time a normal reader takes to read it on an idle server and while 30 readers that
// read nothing and 10 that read 64 KB/s hold streams of it, and the child's RSS (idle, peak, after they leave).

import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('../server/test/childServer.ts', import.meta.url))
const STALLED = 30
const SLOW = 10
const READS = Number(process.env.BENCH_READS ?? 3)

const dir = await mkdtemp(join(tmpdir(), 'toolscope-bench-'))
const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, dir], { stdio: ['pipe', 'pipe', 'inherit'] })
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
const nextLine = async () => (await lines.next()).value as string
const { origin, token } = JSON.parse(await nextLine()) as { origin: string; token: string }
const port = Number(new URL(origin).port)
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
const collect = async () => {
  child.stdin!.write('gc\n')
  await nextLine()
}
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

/** A raw reader of the run's stream; `onData` decides how fast it reads (it pauses the socket). */
function reader(runId: string, onData: (socket: Socket, bytes: number) => void) {
  const socket = connect(port, '127.0.0.1')
  let answered!: () => void
  const first = new Promise<void>((resolve) => (answered = resolve))
  socket.on('data', (chunk: Buffer) => {
    answered()
    onData(socket, chunk.length)
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(`GET /api/runs/${runId}/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`)
  return { socket, first, closed }
}

/** Times whole reads of the run by a client that reads as fast as it can (fetch: done at the stream's last chunk). */
async function timedReads(runId: string): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < READS; i++) {
    const t = performance.now()
    const res = await fetch(`${origin}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` } })
    let text = ''
    const decoder = new TextDecoder()
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text = (text + decoder.decode(chunk, { stream: true })).slice(-200)
    if (!text.includes('event: run-finished')) throw new Error('the stream ended without run-finished')
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

const ms = (times: number[]) => `median ${Math.round(times[times.length >> 1]!)} ms (${times.map(Math.round).join(', ')})`

try {
  const res = await fetch(`${origin}/api/runs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toolId: 'many-events', input: { count: 5000, size: 8000 } }),
  })
  const { runId } = (await res.json()) as { runId: string }
  // Reading the live run to its end leaves it finished and stored.
  const whole = await (await fetch(`${origin}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer()
  console.log(`SSE readers benchmark (${process.version}), run of ${(whole.byteLength / 1048576).toFixed(1)} MiB`)
  console.log(`  normal reader, idle server: ${ms(await timedReads(runId))}`)
  const idle = await settledRss()
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25)
  const timers: Array<ReturnType<typeof setInterval>> = []
  const stalled = Array.from({ length: STALLED }, () => reader(runId, (socket) => socket.pause()))
  const slow = Array.from({ length: SLOW }, () => {
    let slot = 0
    const r = reader(runId, (socket, bytes) => {
      slot += bytes
      if (slot >= 16 * 1024) socket.pause()
    })
    timers.push(
      setInterval(() => {
        slot = 0
        r.socket.resume()
      }, 250),
    )
    return r
  })
  await Promise.all([...stalled, ...slow].map((r) => r.first))
  console.log(`  normal reader beside ${STALLED} stalled and ${SLOW} slow readers: ${ms(await timedReads(runId))}`)
  for (const timer of timers) clearInterval(timer)
  for (const r of [...stalled, ...slow]) r.socket.destroy()
  await Promise.all([...stalled, ...slow].map((r) => r.closed))
  const justAfter = rss()
  clearInterval(sampler)
  console.log(`  RSS: idle ${idle.toFixed(0)} MB, peak with the readers ${peak.toFixed(0)} MB (+${(peak - idle).toFixed(0)}), just after they left ${justAfter.toFixed(0)} MB, settled ${(await settledRss()).toFixed(0)} MB`)
} finally {
  child.kill('SIGKILL')
  await rm(dir, { recursive: true, force: true })
}
