// Cold-start benchmark (`npm run bench:cold`): `npx toolscope` (the server) in a project of 20 TypeScript tools, Toolscope's
// own code run as TypeScript source through tsx vs compiled (dist/node), alternating in rounds; each start is timed from
// spawn until GET /api/tools lists all 20 tools, with tsx's transform cache warm (a restart) and off (a first start).
// Needs the compiled tree: `npm run build:node`. BENCH_ROUNDS (default 5) sets the rounds.

import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const TOOLS = 20
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const START_LIMIT_MS = 120_000
const TOKEN = 'cold-start-bench-token'

if (!existsSync(join(ROOT, 'dist', 'node', 'server', 'cli.js')))
  throw new Error('The compiled server is missing: run `npm run build:node` first.')

/** A user's project: `toolscope` installed (a link to this checkout), 20 tools in their own TypeScript files. */
async function project(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolscope-cold-'))
  await mkdir(join(dir, 'node_modules', '.bin'), { recursive: true })
  await symlink(ROOT, join(dir, 'node_modules', 'toolscope'))
  await symlink(join(ROOT, 'node_modules', 'zod'), join(dir, 'node_modules', 'zod'))
  await symlink(join('..', 'toolscope', 'bin', 'toolscope.mjs'), join(dir, 'node_modules', '.bin', 'toolscope'))
  await writeFile(join(dir, 'package.json'), '{ "name": "cold-start", "private": true, "type": "module" }\n')
  await mkdir(join(dir, 'tools'))
  for (let i = 0; i < TOOLS; i++) {
    const source = [
      `import { z } from 'zod'`,
      `import { createTool } from 'toolscope'`,
      ``,
      `interface Answer { id: number; echoed: string }`,
      ``,
      `export const tool${i} = createTool({`,
      `  id: 'tool-${i}',`,
      `  description: 'Cold-start tool ${i}',`,
      `  inputSchema: z.object({ q: z.string() }),`,
      `  execute: async ({ q }: { q: string }): Promise<Answer> => ({ id: ${i}, echoed: q }),`,
      `})`,
      ``,
    ]
    await writeFile(join(dir, 'tools', `tool${i}.ts`), source.join('\n'))
  }
  return dir
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** One start: ms from spawn until /api/tools lists every tool; the server is stopped afterwards. */
async function coldStart(dir: string, compiled: boolean, tsxCache: boolean): Promise<number> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'toolscope-cold-data-'))
  const env = {
    ...process.env,
    TOOLSCOPE_COMPILED: compiled ? '1' : '0',
    TOOLSCOPE_TOKEN: '',
    ...(tsxCache ? {} : { TSX_DISABLE_CACHE: '1' }),
  }
  const args = [
    '--no-install',
    'toolscope',
    'tools',
    '--port',
    String(port),
    '--token',
    TOKEN,
    '--no-open',
    '--no-watch',
    '--no-build',
    '--data-dir',
    dataDir,
  ]
  const t0 = performance.now()
  // Its own process group: npx's node and the server's are stopped together.
  const child = spawn('npx', args, { cwd: dir, env, stdio: 'ignore', detached: true })
  let exited = false
  child.once('exit', () => (exited = true))
  try {
    while (performance.now() - t0 < START_LIMIT_MS) {
      if (exited) throw new Error(`toolscope exited before listing its tools (compiled: ${compiled})`)
      const listed = await fetch(`http://127.0.0.1:${port}/api/tools`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
        .then(async (res) => (res.ok ? ((await res.json()) as { tools: unknown[] }).tools.length : 0))
        .catch(() => 0)
      if (listed === TOOLS) return performance.now() - t0
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    throw new Error(`toolscope did not list ${TOOLS} tools within ${START_LIMIT_MS} ms`)
  } finally {
    const gone = new Promise((resolve) => (exited ? resolve(undefined) : child.once('exit', resolve)))
    if (!exited) process.kill(-child.pid!, 'SIGTERM')
    await gone
    await rm(dataDir, { recursive: true, force: true })
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const dir = await project()
const configs = [
  { name: 'source (tsx), tsx cache warm', compiled: false, tsxCache: true },
  { name: 'compiled,     tsx cache warm', compiled: true, tsxCache: true },
  { name: 'source (tsx), tsx cache off ', compiled: false, tsxCache: false },
  { name: 'compiled,     tsx cache off ', compiled: true, tsxCache: false },
]
const times = new Map(configs.map((c) => [c, [] as number[]]))
try {
  // Warm-up: the OS file cache, npx's own cache, tsx's transform cache of both layouts.
  for (const c of configs) await coldStart(dir, c.compiled, c.tsxCache)
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating, and the order flipped every other round: both layouts see the same machine.
    for (const c of round % 2 ? [...configs].reverse() : configs)
      times.get(c)!.push(await coldStart(dir, c.compiled, c.tsxCache))
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}

console.log(
  `Cold start of \`npx toolscope\` until /api/tools lists ${TOOLS} TypeScript tools, ${ROUNDS} alternating rounds (Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} at the end):`,
)
for (const c of configs) {
  const xs = times.get(c)!
  console.log(
    `  ${c.name}: median ${median(xs).toFixed(0)} ms   (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`,
  )
}
for (const cache of [true, false]) {
  const [source, compiled] = [false, true].map((k) =>
    median(times.get(configs.find((c) => c.compiled === k && c.tsxCache === cache)!)!),
  )
  console.log(
    `  compiled saves ${(source - compiled).toFixed(0)} ms (${(((source - compiled) / source) * 100).toFixed(0)} %) with tsx's cache ${cache ? 'warm' : 'off'}`,
  )
}
