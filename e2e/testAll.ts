// `npm test`: every test stage in order, stopping at the first that fails, then how long each took (BENCHMARKS.md
// "Where CI's time goes" is this table). Stages in one group run side by side: the type check and the lint are each
// stages that leave a core idle on their own (GROUPS below). The output of stages that run side by side is held and
// printed whole when each ends, so it never interleaves. `npx tsx e2e/testAll.ts typecheck unit` runs only the named stages.
// When the compiled server (dist/node) is newer than every source (`npm ci` has just built it, as in CI), the stages
// spawn it instead of the TypeScript source (TOOLSCOPE_COMPILED=1): the same code, without transforming Toolscope's
// own server at each of the suite's hundreds of CLI and server starts (≈ 1.9 s of a core each, BENCHMARKS.md).
import { spawn } from 'node:child_process'
import { PACKAGE_SOURCES, isBuildCurrent } from './buildFreshness.ts'

/**
 * Groups of npm scripts; a group's scripts run at once. Vitest and Playwright each keep both cores busy, so they run
 * alone. The type check and the lint are one process each. The CLI replays, the Node 22/24 runs and the sample project
 * wait on child processes and installs: side by side they took 173 s instead of 231 s one after another. (All six of
 * the small stages at once took 187 s, and the soak then ran out of time.)
 */
const GROUPS = [
  ['typecheck', 'lint'],
  ['test:unit'],
  ['test:scenarios', 'test:compat', 'test:platforms', 'test:sample'],
  ['test:e2e'],
]

const only = process.argv.slice(2)
const wanted = (script: string) =>
  only.length === 0 || only.some((name) => script === name || script === `test:${name}`)
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

const env = { ...process.env }
if (env.TOOLSCOPE_COMPILED === undefined && isBuildCurrent(['dist/node/server/cli.js'], PACKAGE_SOURCES)) {
  env.TOOLSCOPE_COMPILED = '1'
  console.log('dist/node is newer than every source: the stages start the compiled server (TOOLSCOPE_COMPILED=1).')
}

interface StageResult {
  script: string
  ok: boolean
  code: number | string | null
  seconds: number
  group?: number
}

/** Runs one npm script; `hold` buffers its output (printed when it ends) instead of streaming it. */
function runScript(script: string, hold: boolean): Promise<StageResult> {
  const started = performance.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env })
    const chunks: Buffer[] = []
    child.stdout?.on('data', (chunk) => chunks.push(chunk))
    child.stderr?.on('data', (chunk) => chunks.push(chunk))
    child.on('close', (code, signal) => {
      if (hold) process.stdout.write(Buffer.concat(chunks))
      resolve({ script, ok: code === 0, code: code ?? signal, seconds: (performance.now() - started) / 1000 })
    })
  })
}

const results: StageResult[] = []
let failed: StageResult | undefined
const startedAll = performance.now()
for (const group of GROUPS) {
  const scripts = group.filter(wanted)
  if (scripts.length === 0) continue
  const groupStarted = performance.now()
  const ended = await Promise.all(scripts.map((script) => runScript(script, scripts.length > 1)))
  results.push(
    ...ended.map((r) => ({ ...r, group: scripts.length > 1 ? (performance.now() - groupStarted) / 1000 : undefined })),
  )
  failed = ended.find((r) => !r.ok)
  if (failed) break
}

const width = Math.max(...results.map((r) => r.script.length))
console.log('\nstage times:')
for (const r of results)
  console.log(
    `  ${r.script.padEnd(width)}  ${r.seconds.toFixed(0).padStart(4)} s${r.group ? '  (side by side)' : ''}${r.ok ? '' : `  FAILED (${r.code})`}`,
  )
console.log(`  ${'total'.padEnd(width)}  ${((performance.now() - startedAll) / 1000).toFixed(0).padStart(4)} s`)
if (failed) process.exit(typeof failed.code === 'number' && failed.code !== 0 ? failed.code : 1)
