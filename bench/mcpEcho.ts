// MCP echo round trip, the last part of `npm run bench:server`: the `echo` tool of
// @modelcontextprotocol/server-everything over stdio, called (a) through Toolscope — POST /api/runs for everything_echo,
// its events stream read to run-finished — and (b) directly with the SDK client on a second instance of the same server,
// interleaved in one process after a warm-up; p50, p95 and mean of both and the ratio of the p50s. Past 1.5× the round
// trip is taken apart in a second interleaved pass, so the reason is measured rather than guessed: when the POST
// answers, the events stream opens, its first event arrives and run-finished ends it; the MCP call and the whole run as
// the run's own events time them; the same HTTP path for an in-process tool (the fixtures' echo, run in a worker); one
// plain authenticated GET (the floor of any request); the same MCP run in Toolscope's process with no HTTP and no
// history (McpSources and a sink, the SDK's part of its call timed in place); the SDK call Toolscope makes
// (tasks.callToolStream) on the direct client beside callTool; and, in a pass of its own, the history store's share of
// a run (its methods timed in place).

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { startServer, type StartedServer, type StartServerOptions } from '../server/index.ts'
import { parseMcpFlag, type McpServerSpec } from '../server/mcpSources/config.ts'
import { McpSources } from '../server/mcpSources/sources.ts'
import type { McpConnection } from '../server/mcpSources/connection.ts'
import { RunStore } from '../server/history/runStore.ts'
import type { RunEvent } from '../src/shared/protocol.ts'

// Relative to the package root, where npm runs the bench.
const EVERYTHING = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'
const WARMUP = 30
const MCP_SPEC = parseMcpFlag(`everything=node ${EVERYTHING} stdio`)
const MCP_ECHO = { toolId: 'everything_echo', input: { message: 'hi' } }
/** Past this p50 ratio (Toolscope / direct), where Toolscope's time goes is measured and printed. */
const SLOW_RATIO = 1.5

/** One run through Toolscope: ms from the POST's start to each stage, and the MCP call and whole run as its events time them. */
interface RunStages {
  post: number
  open: number
  first: number
  finished: number
  /** input-available → output: the tool's call (for an MCP tool, the round trip to its server). */
  call: number
  /** run-finished's durationMs. */
  run: number
}

interface Toolscope {
  server: StartedServer
  headers: Record<string, string>
  close(): Promise<void>
}

interface Stats {
  p50: number
  p95: number
  mean: number
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

function stats(values: number[]): Stats {
  const sorted = [...values].sort((x, y) => x - y)
  return { p50: pct(sorted, 50), p95: pct(sorted, 95), mean: values.reduce((s, v) => s + v, 0) / values.length }
}

const ms = (v: number) => `${v.toFixed(2)} ms`
const summary = (s: Stats) => `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, mean ${ms(s.mean)}`
const median = (values: number[]) => stats(values).p50

/** A Toolscope server in this process, its data in a temp folder; resolves once its tools (MCP ones included) are listed. */
async function startToolscope(options: Partial<StartServerOptions>): Promise<Toolscope> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolscope-bench-mcp-'))
  const server = await startServer({
    port: 0,
    dataDir,
    watch: false,
    paths: [],
    mcpConfigDir: false,
    log: () => {},
    ...options,
  })
  await server.loaded
  return {
    server,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    async close() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

type TimedEvent = { type: string; at: number; status?: string; durationMs?: number }

/** The run's own timing from its events; throws unless it succeeded. */
function runTiming(events: TimedEvent[], label: string): { call: number; run: number } {
  const at = (type: string) => events.find((e) => e.type === type)
  const input = at('input-available')
  const output = at('output')
  const finished = at('run-finished')
  if (!input || !output || finished?.status !== 'success')
    throw new Error(`${label}: the run did not succeed (${events.map((e) => e.type).join(', ')})`)
  return { call: output.at - input.at, run: finished.durationMs! }
}

/** POST /api/runs, then the events stream read until the server closes it after run-finished. */
async function timedRun(ts: Toolscope, toolId: string, input: unknown): Promise<RunStages> {
  const t0 = performance.now()
  const res = await fetch(`${ts.server.origin}/api/runs`, {
    method: 'POST',
    headers: ts.headers,
    body: JSON.stringify({ toolId, input }),
  })
  if (res.status !== 201) throw new Error(`POST /api/runs → ${res.status}: ${await res.text()}`)
  const { runId } = (await res.json()) as { runId: string }
  const post = performance.now() - t0
  const stream = await fetch(`${ts.server.origin}/api/runs/${runId}/events`, { headers: ts.headers })
  const open = performance.now() - t0
  const decoder = new TextDecoder()
  let text = ''
  let first = 0
  for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true })
    // The stream opens with a `: connected` comment; the first event is the first `event:` line.
    if (!first && /^event: /m.test(text)) first = performance.now() - t0
  }
  const finished = performance.now() - t0
  const events = [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as TimedEvent)
  return { post, open, first, finished, ...runTiming(events, `${toolId} run ${runId}`) }
}

/** One authenticated GET of a tiny answer: what any request costs on this path (fetch, the router, the guards). */
async function timedGet(ts: Toolscope): Promise<number> {
  const t0 = performance.now()
  const res = await fetch(`${ts.server.origin}/api/capacity`, { headers: ts.headers })
  await res.text()
  if (res.status !== 200) throw new Error(`GET /api/capacity → ${res.status}`)
  return performance.now() - t0
}

/** A run of the bare MCP part: its round trip, its call and whole run as its events time them, and the SDK's part of the call. */
interface BareRun {
  finished: number
  call: number
  run: number
  sdk: number
}

/** Times Toolscope's own SDK client's callToolStream in place (the client is private to McpSources); `last()` is the last call's ms. */
function timeSdkCalls(sources: McpSources, name: string): { last(): number } {
  const client = (sources as unknown as { connections: Map<string, McpConnection> }).connections.get(name)!.client!
  const tasks = client.experimental.tasks
  const original = tasks.callToolStream.bind(tasks)
  let last = 0
  tasks.callToolStream = async function* (...args: Parameters<typeof original>) {
    const t0 = performance.now()
    for await (const message of original(...args)) {
      if (message.type === 'result') last = performance.now() - t0
      yield message
    }
  } as typeof tasks.callToolStream
  return { last: () => last }
}

/** Toolscope's MCP part alone (McpSources: its SDK client, the runtime), its events to a sink: no HTTP, no history. */
async function bareSources(spec: McpServerSpec): Promise<{ run(): Promise<BareRun>; close(): Promise<void> }> {
  const waiting = new Map<string, { events: TimedEvent[]; done: () => void; lost: (err: Error) => void }>()
  const sources = new McpSources({
    servers: [spec],
    watch: false,
    log: () => {},
    changed: () => {},
    sink: {
      onEvent(runId: string, event: RunEvent) {
        const run = waiting.get(runId)
        run?.events.push(event as TimedEvent)
        if (event.type === 'run-finished') run?.done()
      },
      onRunLost: (runId: string, message: string) =>
        waiting.get(runId)?.lost(new Error(`bare MCP run ${runId} lost: ${message}`)),
    },
  })
  await sources.ready
  const sdk = timeSdkCalls(sources, spec.name)
  let n = 0
  return {
    async run() {
      const runId = `bare-${n++}`
      const t0 = performance.now()
      const events: TimedEvent[] = []
      const done = new Promise<void>((resolve, reject) => waiting.set(runId, { events, done: resolve, lost: reject }))
      await sources.start(runId, { toolId: MCP_ECHO.toolId, input: MCP_ECHO.input }, 60_000)
      await done
      const finished = performance.now() - t0
      waiting.delete(runId)
      return { finished, ...runTiming(events, runId), sdk: sdk.last() }
    },
    close: () => sources.close(),
  }
}

const STORE_METHODS = ['createRun', 'append', 'eventTextPage'] as const
type StoreMethod = (typeof STORE_METHODS)[number]

/** Runs `work` with the history store's methods timed in place (main-thread ms per method), then puts them back. */
async function timeStore(
  work: () => Promise<void>,
  called: (name: StoreMethod) => void,
): Promise<Record<StoreMethod, number>> {
  const proto = RunStore.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const originals = STORE_METHODS.map((name) => proto[name]!)
  const spent = { createRun: 0, append: 0, eventTextPage: 0 }
  STORE_METHODS.forEach((name, i) => {
    proto[name] = function (this: unknown, ...args: unknown[]) {
      called(name)
      const t0 = performance.now()
      try {
        return originals[i]!.apply(this, args)
      } finally {
        spent[name] += performance.now() - t0
      }
    }
  })
  try {
    await work()
  } finally {
    STORE_METHODS.forEach((name, i) => (proto[name] = originals[i]!))
  }
  return spent
}

/** An SDK client on a new instance of server-everything over stdio (its stderr dropped: the bench prints only figures). */
async function directClient(): Promise<Client> {
  const client = new Client({ name: 'toolscope-bench', version: '0.1.0' })
  await client.connect(new StdioClientTransport({ command: 'node', args: [EVERYTHING, 'stdio'], stderr: 'ignore' }))
  return client
}

function checkEcho(result: CallToolResult): void {
  const first = result.content[0]
  if (first?.type !== 'text' || first.text !== 'Echo: hi') throw new Error(`echo answered ${JSON.stringify(result)}`)
}

async function timedCall(client: Client): Promise<number> {
  const t0 = performance.now()
  const result = (await client.callTool({ name: 'echo', arguments: { message: 'hi' } })) as CallToolResult
  const elapsed = performance.now() - t0
  checkEcho(result)
  return elapsed
}

/** The call as Toolscope makes it (sources.ts): tasks.callToolStream, read to its result. */
async function timedStreamCall(client: Client): Promise<number> {
  const t0 = performance.now()
  for await (const message of client.experimental.tasks.callToolStream({
    name: 'echo',
    arguments: { message: 'hi' },
  })) {
    if (message.type === 'error') throw message.error
    if (message.type !== 'result') continue
    const elapsed = performance.now() - t0
    checkEcho(message.result as CallToolResult)
    return elapsed
  }
  throw new Error('callToolStream ended without a result')
}

/** Runs each step once per iteration, starting with a different one each time, so none always follows another's idle gap. */
async function interleave(iterations: number, steps: Array<() => Promise<void>>): Promise<void> {
  for (let i = 0; i < iterations; i++) {
    for (let k = 0; k < steps.length; k++) await steps[(i + k) % steps.length]!()
  }
}

function stageLine(label: string, runs: RunStages[]): string {
  const p = (key: keyof RunStages) => ms(median(runs.map((r) => r[key])))
  const outside = ms(median(runs.map((r) => r.finished - r.run)))
  return `${label}: POST answered ${p('post')}, events stream open ${p('open')}, first event ${p('first')}, run-finished ${p('finished')}; in the run: call (input-available → output) ${p('call')}, whole run (durationMs) ${p('run')}; outside the run (run-finished − durationMs) ${outside}`
}

/** The history store's main-thread time per MCP run (mean), over `iterations` runs alone, with their mean round trip. */
async function storeShare(mcp: Toolscope, iterations: number): Promise<string> {
  let wall = 0
  let events = 0
  const spent = await timeStore(
    async () => {
      const t0 = performance.now()
      for (let i = 0; i < iterations; i++) await timedRun(mcp, MCP_ECHO.toolId, MCP_ECHO.input)
      wall = (performance.now() - t0) / iterations
    },
    (name) => void (name === 'append' && events++),
  )
  const per = (v: number) => ms(v / iterations)
  return `    history store, main thread per MCP run (${iterations} more runs, alone; means): createRun ${per(spent.createRun)}, append ×${(events / iterations).toFixed(0)} (the last one writes the batch) ${per(spent.append)}, eventTextPage ${per(spent.eventTextPage)}; mean round trip ${ms(wall)}`
}

/**
 * Second pass, interleaved: Toolscope's stages for the MCP echo and for an in-process echo, the floor of one request,
 * the MCP run with no HTTP and no history, and the SDK's two call forms; then the history store's share alone.
 */
async function breakdown(mcp: Toolscope, direct: Client, iterations: number, fixtures: string): Promise<string[]> {
  const local = await startToolscope({ paths: [fixtures] })
  const bare = await bareSources(MCP_SPEC)
  try {
    for (let i = 0; i < WARMUP; i++) {
      await timedRun(local, 'echo', { text: 'hi' })
      await bare.run()
      await timedStreamCall(direct)
    }
    const viaMcp: RunStages[] = []
    const inProcess: RunStages[] = []
    const gets: number[] = []
    const bareRuns: BareRun[] = []
    const callTool: number[] = []
    const stream: number[] = []
    await interleave(iterations, [
      async () => void viaMcp.push(await timedRun(mcp, MCP_ECHO.toolId, MCP_ECHO.input)),
      async () => void inProcess.push(await timedRun(local, 'echo', { text: 'hi' })),
      async () => void gets.push(await timedGet(mcp)),
      async () => void bareRuns.push(await bare.run()),
      async () => void callTool.push(await timedCall(direct)),
      async () => void stream.push(await timedStreamCall(direct)),
    ])
    const p = (values: number[]) => ms(median(values))
    return [
      `  where the time goes (${iterations} more of each, interleaved; p50 ms from the POST's start):`,
      stageLine('    MCP echo through Toolscope', viaMcp),
      stageLine('    in-process echo (fixtures, worker), same HTTP path', inProcess),
      `    one authenticated GET /api/capacity (any request's floor; a run takes two, the POST and the events stream): p50 ${p(gets)}`,
      `    MCP echo in Toolscope's process with no HTTP and no history (McpSources → a sink): run-finished p50 ${p(bareRuns.map((r) => r.finished))}; in the run: call ${p(bareRuns.map((r) => r.call))} (of it, the SDK's callToolStream on Toolscope's client ${p(bareRuns.map((r) => r.sdk))}), whole run ${p(bareRuns.map((r) => r.run))}`,
      `    direct SDK client: callTool p50 ${p(callTool)}; tasks.callToolStream (the call Toolscope makes) p50 ${p(stream)}`,
      await storeShare(mcp, iterations),
    ]
  } finally {
    await bare.close()
    await local.close()
  }
}

/** Measures both round trips (and, past SLOW_RATIO, where Toolscope's time goes); returns the lines to print. */
export async function mcpEchoBench(iterations: number, fixtures: string): Promise<string[]> {
  const mcp = await startToolscope({ mcp: [MCP_SPEC] })
  const direct = await directClient()
  try {
    for (let i = 0; i < WARMUP; i++) {
      await timedRun(mcp, MCP_ECHO.toolId, MCP_ECHO.input)
      await timedCall(direct)
    }
    const viaToolscope: RunStages[] = []
    const directCalls: number[] = []
    await interleave(iterations, [
      async () => void viaToolscope.push(await timedRun(mcp, MCP_ECHO.toolId, MCP_ECHO.input)),
      async () => void directCalls.push(await timedCall(direct)),
    ])
    const a = stats(viaToolscope.map((r) => r.finished))
    const b = stats(directCalls)
    const ratio = a.p50 / b.p50
    const lines = [
      `  MCP echo, server-everything over stdio (${iterations} calls each, interleaved, after ${WARMUP} warm-up):`,
      `    through Toolscope (POST /api/runs everything_echo → run-finished): ${summary(a)}`,
      `    SDK client direct (callTool echo, second instance): ${summary(b)}`,
      `    ratio p50 ${ratio.toFixed(2)}× (breakdown past ${SLOW_RATIO}×)`,
    ]
    if (ratio > SLOW_RATIO) lines.push(...(await breakdown(mcp, direct, iterations, fixtures)))
    return lines
  } finally {
    await direct.close()
    await mcp.close()
  }
}
