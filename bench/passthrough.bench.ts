// Passthrough views benchmark (`npm run bench:passthrough -- [--base-ref <git ref> | --base-dir <dir>] [--mb 20] [--runs 5]`): runs of a
// tool with a big output (cut to the 1 MiB view limit) in a child server, followed live over SSE and replayed from
// history; prints the bytes of the output frame and of each stream, the main thread's peak heap and the process RSS.
// With --base-ref the same is measured on that commit too (a `git archive` of it beside this checkout), side by side;
// --base-dir names such a tree (with node_modules) made by hand, e.g. this checkout with one change undone.

import { execSync, spawn } from 'node:child_process'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const SELF = fileURLToPath(import.meta.url)
const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'base-ref': { type: 'string' },
    'base-dir': { type: 'string' },
    mb: { type: 'string', default: '20' },
    runs: { type: 'string', default: '5' },
    child: { type: 'boolean' },
  },
})

/** Main-thread memory in MB: V8 heap used plus memory outside it held by the main thread's objects (strings' buffers, ArrayBuffers). */
const mainMb = () => {
  const m = process.memoryUsage()
  return (m.heapUsed + m.external) / 1048576
}

/**
 * Child mode: a server from the tree at positionals[0] over its fixture tools, data in positionals[1]. Prints its origin
 * and token, then answers stdin lines: `reset` (full collection, peak restarts), `peak` (main-thread peak since reset).
 */
async function child(root: string, dataDir: string): Promise<void> {
  const { startServer } = (await import(
    pathToFileURL(join(root, 'server/index.ts')).href
  )) as typeof import('../server/index.ts')
  const server = await startServer({
    port: 0,
    dataDir,
    watch: false,
    paths: [join(root, 'server/test/fixtures/tools/')],
    log: () => {},
  })
  process.stdout.write(`${JSON.stringify({ origin: server.origin, token: server.token })}\n`)
  const gc = (globalThis as { gc?: () => void }).gc!
  let peak = 0
  setInterval(() => (peak = Math.max(peak, mainMb())), 5).unref()
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'reset') {
      gc()
      peak = mainMb()
      process.stdout.write(`${JSON.stringify({ settled: peak })}\n`)
    } else if (line === 'peak') process.stdout.write(`${JSON.stringify({ peak: Math.max(peak, mainMb()) })}\n`)
  })
}

interface Figures {
  label: string
  outputFrame: number
  live: number[]
  replay: number
  mainIdle: number
  mainPeak: number
  rssIdle: number
  rssPeak: number
}

/** A copy of `ref`'s files in a temp folder, sharing this checkout's node_modules. */
async function checkout(ref: string): Promise<string> {
  if (!/^[\w./-]+$/.test(ref)) throw new Error(`not a plain git ref: ${ref}`)
  const dir = await mkdtemp(join(tmpdir(), 'toolscope-base-'))
  execSync(`git archive ${ref} | tar -x -C ${JSON.stringify(dir)}`, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return dir
}

/** Bytes of a whole SSE answer, and of the first frame of event `type` in it. */
async function readStream(url: string, token: string, type: string): Promise<{ bytes: number; frame: number }> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const decoder = new TextDecoder()
  let bytes = 0
  let frame = 0
  let tail = ''
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength
    // Frames are found by their blank-line end; only the frame being read is kept (a few MiB at most).
    tail += decoder.decode(chunk, { stream: true })
    let end: number
    while ((end = tail.indexOf('\n\n')) >= 0) {
      const block = tail.slice(0, end + 2)
      tail = tail.slice(end + 2)
      if (!frame && block.startsWith(`event: ${type}\n`)) frame = Buffer.byteLength(block)
    }
  }
  return { bytes, frame }
}

/** Runs the workload on a child server started from the tree at `root`. */
async function measure(label: string, root: string, mb: number, runs: number): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'toolscope-bench-'))
  const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', SELF, '--child', root, dir], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: proc.stdout! })[Symbol.asyncIterator]()
  const ask = async <T>(line?: string): Promise<T> => {
    if (line) proc.stdin!.write(`${line}\n`)
    return JSON.parse((await lines.next()).value as string) as T
  }
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
  try {
    const { origin, token } = await ask<{ origin: string; token: string }>()
    const start = async () => {
      const res = await fetch(`${origin}/api/runs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ toolId: 'big-output', input: { mb } }),
      })
      return ((await res.json()) as { runId: string }).runId
    }
    // One run first, so the worker is loaded before the idle figures.
    await readStream(`${origin}/api/runs/${await start()}/events`, token, 'output')
    const { settled: mainIdle } = await ask<{ settled: number }>('reset')
    const rssIdle = rss()
    let rssPeak = 0
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 20)
    const live: number[] = []
    let outputFrame = 0
    let last = ''
    for (let i = 0; i < runs; i++) {
      last = await start()
      // Followed from its start: the output event reaches this reader live (the tool builds its string meanwhile).
      const read = await readStream(`${origin}/api/runs/${last}/events`, token, 'output')
      live.push(read.bytes)
      outputFrame = read.frame
    }
    const replay = (await readStream(`${origin}/api/runs/${last}/events`, token, 'output')).bytes
    clearInterval(sampler)
    const { peak: mainPeak } = await ask<{ peak: number }>('peak')
    return { label, outputFrame, live, replay, mainIdle, mainPeak, rssIdle, rssPeak: Math.max(rssPeak, rss()) }
  } finally {
    proc.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const mb = Number(args.mb)
  const runs = Number(args.runs)
  if (!(mb > 0 && mb <= 200) || !(Number.isInteger(runs) && runs > 0 && runs <= 50))
    throw new Error('--mb must be in (0, 200] and --runs an integer in [1, 50]')
  const mib = (n: number) => `${(n / 1048576).toFixed(2)} MiB`
  const MB = (n: number) => `${n.toFixed(0)} MB`
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
  const made = args['base-ref'] ? await checkout(args['base-ref']) : undefined
  const base = made ?? args['base-dir']
  try {
    const results = [await measure('this checkout', ROOT, mb, runs)]
    if (base) results.push(await measure(`base ${args['base-ref'] ?? base}`, base, mb, runs))
    console.log(
      `Passthrough views benchmark (${process.version}): ${runs} runs of big-output (${mb} MB, views cut to 1 MiB), each read live over SSE, then one replay`,
    )
    for (const r of results) {
      console.log(
        `  ${r.label}: output frame ${mib(r.outputFrame)}, live stream per run ${mib(median(r.live))}, replay ${mib(r.replay)}`,
      )
      console.log(
        `    main thread (heap + external): idle ${MB(r.mainIdle)}, peak ${MB(r.mainPeak)} (+${MB(r.mainPeak - r.mainIdle)}); process RSS: idle ${MB(r.rssIdle)}, peak ${MB(r.rssPeak)} (+${MB(r.rssPeak - r.rssIdle)})`,
      )
    }
  } finally {
    if (made) await rm(made, { recursive: true, force: true })
  }
}

if (args.child) await child(positionals[0]!, positionals[1]!)
else await main()
