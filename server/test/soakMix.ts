// The soak's load, shared by the soak test and the memory bench (npm run bench:memory): 16 clients against a server in
// a child process, one pushing 100 MB outputs, four pushing 10,000-event runs, the rest small runs; each client reads
// every run to its end and checks that no event was lost or reordered. Also the child server and its RSS.

import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { request } from 'node:http'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { RunEventFrame } from '../../src/shared/passthroughViews.ts'
import { readSse } from './helpers.ts'

const CHILD = fileURLToPath(new URL('./childServer.ts', import.meta.url))
const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url))
const FIXTURE_TOOLS = fileURLToPath(new URL('./fixtures/tools/', import.meta.url))
const BIN_TOKEN = 'soak-mix-token-0123456789'
/** The worker's heap limit (`workerHeapMb`): room for one 100 MB output, and V8 collects before the process grows past it. */
const WORKER_HEAP_MB = 256

/** One HTTP request on its own socket (no pooled keep-alive socket that the loaded server may close meanwhile). */
export function call(
  url: string,
  init: { method?: string; headers: Record<string, string>; body?: string },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      resolve(new Response(Readable.toWeb(res) as ReadableStream, { status: res.statusCode }))
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

/** The resident memory of process `pid` in MB (Linux: /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** A Toolscope server over the test fixtures in a child process (this Node, tsx), with its RSS sampled every 50 ms. */
export interface ChildServer {
  child: ChildProcess
  origin: string
  headers: Record<string, string>
  /** The highest RSS sampled since the last reset (MB). */
  peak(): number
  resetPeak(): void
  /** How the child ended, if it did. */
  exit(): string | undefined
  stop(): void
}

/**
 * `via: 'test'` (default): childServer.ts, the source through tsx, a 256 MiB worker heap. `via: 'bin'`: the way users run
 * it, `toolscope` (bin/toolscope.mjs, the compiled build) with its defaults.
 */
export async function startChildServer(dataDir: string, via: 'test' | 'bin' = 'test'): Promise<ChildServer> {
  const child =
    via === 'bin'
      ? spawn(
          process.execPath,
          [BIN, FIXTURE_TOOLS, '--port', '0', '--token', BIN_TOKEN, '--no-open', '--no-watch', '--data-dir', dataDir],
          { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TOOLSCOPE_COMPILED: '1' } },
        )
      : spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, String(WORKER_HEAP_MB)], {
          stdio: ['ignore', 'pipe', 'inherit'],
        })
  let peak = 0
  let exit: string | undefined
  child.once('exit', (code, signal) => (exit = `exit ${code} ${signal}`))
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(child.pid!))
    } catch {
      // the child is gone: exit() says so
    }
  }, 50)
  const { origin, token } =
    via === 'bin'
      ? await binOrigin(child)
      : (JSON.parse(((await once(child.stdout!, 'data')) as [Buffer])[0].toString()) as {
          origin: string
          token: string
        })
  return {
    child,
    origin,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    peak: () => peak,
    resetPeak: () => (peak = 0),
    exit: () => exit,
    stop() {
      clearInterval(sampler)
      child.kill('SIGKILL')
    },
  }
}

/** The origin the binary prints ("Toolscope is running: http://127.0.0.1:<port>/?token=…"); its later output is drained. */
function binOrigin(child: ChildProcess): Promise<{ origin: string; token: string }> {
  return new Promise((resolve, reject) => {
    let text = ''
    // A listener, not `for await`: leaving that loop would destroy the pipe, and the server's next line would fail (EPIPE).
    const onData = (chunk: Buffer) => {
      if (text.length > 64 * 1024) return
      text += String(chunk)
      const found = /Toolscope is running: (http:\/\/[^/\s]+)\//.exec(text)
      if (found) resolve({ origin: found[1]!, token: BIN_TOKEN })
    }
    child.stdout!.on('data', onData)
    child.once('exit', () => reject(new Error(`toolscope ended before saying where it runs: ${text.slice(0, 500)}`)))
  })
}

/** Which run a client starts: client 0 pushes 100 MB outputs, clients 1–4 push 10,000 events, the rest small runs. */
function workOf(client: number): {
  toolId: string
  input: Record<string, unknown>
  problem: (events: RunEvent[]) => string | undefined
} {
  if (client < 1) {
    return {
      toolId: 'big-output',
      input: { mb: 100 },
      problem: (events) =>
        (events.find((e) => e.type === 'output')?.truncated?.originalBytes ?? 0) >= 100 * 1024 * 1024
          ? undefined
          : 'the 100 MB output was not reported whole',
    }
  }
  if (client < 5) {
    return {
      toolId: 'many-events',
      input: { count: 10_000, size: 8 },
      problem: (events) => {
        const chunks = events.flatMap((e) => (e.type === 'writer-chunk' ? [(e.chunk as { i: number }).i] : []))
        return chunks.length === 10_000 && chunks.every((i, n) => i === n)
          ? undefined
          : `writer chunks lost or reordered (${chunks.length} of 10000)`
      },
    }
  }
  return {
    toolId: 'chatty',
    input: { count: 20 },
    problem: (events) =>
      events.filter((e) => e.type === 'writer-chunk').length === 20 ? undefined : 'writer chunks lost',
  }
}

/** Runs one started run's stream to its end; throws naming what went wrong. */
export async function runToEnd(
  server: Pick<ChildServer, 'origin' | 'headers'>,
  toolId: string,
  input: unknown,
): Promise<RunEvent[]> {
  const res = await call(`${server.origin}/api/runs`, {
    method: 'POST',
    headers: server.headers,
    body: JSON.stringify({ toolId, input }),
  })
  if (res.status !== 201) throw new Error(`POST /api/runs ${toolId} → ${res.status}`)
  const { runId } = (await res.json()) as { runId: string }
  const events: RunEvent[] = []
  for await (const f of readSse(await call(`${server.origin}/api/runs/${runId}/events`, { headers: server.headers })))
    events.push(RunEventFrame.parse(JSON.parse(f.data)))
  if (!events.every((e, i) => e.seq === i)) throw new Error(`${toolId}: events out of order`)
  const last = events.at(-1)
  if (last?.type !== 'run-finished' || last.status !== 'success') {
    const why = events.findLast((e) => e.type === 'aborted' || e.type === 'error' || e.type === 'log')
    throw new Error(
      `${toolId} (${runId}): ended ${JSON.stringify(last?.type === 'run-finished' ? last.status : last?.type)} after ${events.length} events; last word: ${JSON.stringify(why)?.slice(0, 400)}`,
    )
  }
  return events
}

/** The soak: `clients` clients until `budgetMs` passed or each ran `maxRuns`; resolves with the runs completed. */
export async function soak(
  server: Pick<ChildServer, 'origin' | 'headers'>,
  options = { clients: 16, budgetMs: 30_000, maxRuns: 6 },
): Promise<number> {
  const deadline = Date.now() + options.budgetMs
  let completed = 0
  const client = async (n: number) => {
    for (let turn = 0; turn < options.maxRuns && Date.now() < deadline; turn++) {
      const work = workOf(n)
      const problem = work.problem(await runToEnd(server, work.toolId, work.input))
      if (problem) throw new Error(`${work.toolId}: ${problem}`)
      completed++
    }
  }
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)))
  return completed
}
