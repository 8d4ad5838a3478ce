// A Toolscope server in a child process (childServer.ts: its RSS, a full collection on request) and readers of a run's
// event stream that hold it without reading or read at 64 KB/s, over raw sockets so they can pause. Shared by
// sseBackpressure.test.ts (the bound) and bench/sseReaders.bench.ts (the timings).

import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./childServer.ts', import.meta.url))

/** A server in a child process started with --expose-gc. */
export interface ChildServer {
  child: ChildProcess
  /** Its address and token, once it listens. */
  ready: Promise<{ origin: string; port: number; token: string }>
  /** Its resident memory in MB (Linux /proc). */
  rss(): number
  /** Runs a full collection in it and waits for it to be done. */
  collect(): Promise<void>
  /** Kills it and stops reading its output. */
  stop(): void
}

/** Starts childServer.ts over the fixture tools with history in `dataDir`; the caller stops it (also on failure). */
export function startChildServer(dataDir: string): ChildServer {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout! })
  const queued: string[] = []
  const waiting: Array<(line: string) => void> = []
  lines.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queued.push(line)))
  const next = () =>
    queued.length ? Promise.resolve(queued.shift()!) : new Promise<string>((resolve) => waiting.push(resolve))
  const ready = next().then((line) => {
    const { origin, token } = JSON.parse(line) as { origin: string; token: string }
    return { origin, port: Number(new URL(origin).port), token }
  })
  return {
    child,
    ready,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    async collect() {
      child.stdin!.write('gc\n')
      const answer = await next()
      if (answer !== '{"gc":true}') throw new Error(`the child server answered "gc" with ${answer}`)
    },
    stop() {
      lines.close()
      child.kill('SIGKILL')
    },
  }
}

/** A raw reader of a run's event stream: its socket, when its first bytes came, and when it closed. */
export interface StreamReader {
  socket: Socket
  first: Promise<void>
  closed: Promise<void>
}

/** A raw HTTP reader of a run's event stream that reads only as `onData` lets it (it pauses the socket). */
export function openReader(
  port: number,
  token: string,
  runId: string,
  onData: (socket: Socket, bytes: number) => void,
): StreamReader {
  const socket = connect(port, '127.0.0.1')
  let answered!: () => void
  const first = new Promise<void>((resolve) => (answered = resolve))
  socket.on('data', (chunk: Buffer) => {
    answered()
    onData(socket, chunk.length)
  })
  socket.on('error', () => {}) // destroyed by the caller
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(
    `GET /api/runs/${runId}/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
  )
  return { socket, first, closed }
}

/** Readers holding a run's stream open: `ready` once each got its first bytes; `close()` ends them all. */
export interface HeldReaders {
  readers: StreamReader[]
  ready: Promise<void>
  close(): Promise<void>
}

/** `stalled` readers that read nothing and `slow` ones that read 16 KB every 250 ms (a 64 KB/s client) of run `runId`. */
export function holdReaders(
  port: number,
  token: string,
  runId: string,
  counts: { stalled: number; slow: number },
): HeldReaders {
  const timers: Array<ReturnType<typeof setInterval>> = []
  const stalled = Array.from({ length: counts.stalled }, () =>
    openReader(port, token, runId, (socket) => socket.pause()),
  )
  const slow = Array.from({ length: counts.slow }, () => {
    let slot = 0
    const reader = openReader(port, token, runId, (socket, bytes) => {
      slot += bytes
      if (slot >= 16 * 1024) socket.pause()
    })
    timers.push(
      setInterval(() => {
        slot = 0
        reader.socket.resume()
      }, 250),
    )
    return reader
  })
  const readers = [...stalled, ...slow]
  return {
    readers,
    ready: Promise.all(readers.map((r) => r.first)).then(() => {}),
    async close() {
      for (const timer of timers) clearInterval(timer)
      for (const r of readers) r.socket.destroy()
      await Promise.all(readers.map((r) => r.closed))
    },
  }
}
