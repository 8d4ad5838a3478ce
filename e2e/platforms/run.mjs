#!/usr/bin/env node
// `npm run test:platforms`: the suites whose behaviour can differ between Node versions, run again on Node 22 LTS and
// Node 24 (the binaries of this folder's package, from the npm registry) after the whole suite ran on the Node that
// started it. Chosen by what differs between versions: module loading and its hooks (tsx runs them in the worker's own
// thread on Node >= 22.22.3 / 24.11.1), workers, SQLite (better-sqlite3 is built for the installing Node; another Node
// uses node:sqlite), HTTP interception, memory (the soak), the AI SDK provider packages, plus the runtime, and the example scenarios end to end through
// the compiled build (as an installed toolscope runs them). Installs this folder from its lock file when the binaries are
// missing (a fresh clone), and builds the compiled tree when it is missing.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const root = fileURLToPath(new URL('../../', import.meta.url))
const VERSIONS = ['node22', 'node24']
/** The suites repeated per version (paths from the repository root). */
const SUITES = [
  'src/runtime',
  'src/network',
  'server/test/moduleFormats.test.ts',
  'server/test/moduleHooks.test.ts',
  'server/test/binTuning.test.ts',
  'server/test/sqlite.test.ts',
  'server/test/runStore.test.ts',
  'server/test/network.test.ts',
  'server/test/soak.test.ts',
  // How long idle workers are kept follows how soon V8 unmaps a terminated worker's heap.
  'server/test/poolTrim.test.ts',
  // MCP servers as child processes through the SDK client, and Ajv on the server's JSON Schemas.
  'server/test/mcpSchemas.test.ts',
  // V8 coverage in the workers, mapped through the loader's source maps (the loader differs from Node 22.15 on).
  'server/test/fuzzCoverage.test.ts',
  // The AI SDK provider packages (fetch, streams) against the scripted model: a model in the loop on each version.
  'server/test/tryModel.test.ts',
]

const binary = (name) => `${here}node_modules/${name}/bin/node`
const run = (cmd, args, cwd = root, env = {}) => {
  const result = spawnSync(cmd, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...env },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (VERSIONS.some((v) => !existsSync(binary(v)))) {
  console.log('Installing the Node 22 and 24 binaries (npm ci --prefix e2e/platforms)...')
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefix', here])
}
const missing = VERSIONS.filter((v) => !existsSync(binary(v)))
if (missing.length) {
  // The binaries are linux-x64 packages (optional dependencies): elsewhere npm leaves them out.
  console.error(
    `No ${missing.join(' or ')} binary for ${process.platform}-${process.arch}: the platform suites need linux-x64.`,
  )
  process.exit(1)
}
if (!existsSync(`${root}dist/node/server/cli.js`)) run('npm', ['run', 'build:node'])
for (const name of VERSIONS) {
  const node = binary(name)
  const started = Date.now()
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()
  console.log(`\n=== Node ${version}: ${SUITES.length} suites and the example scenarios ===`)
  run(node, [`${root}node_modules/vitest/vitest.mjs`, 'run', ...SUITES])
  run(node, [`${root}bin/toolscope.mjs`, 'test', 'server/examples', '--scenarios', 'server/examples/scenarios'], root, {
    TOOLSCOPE_COMPILED: '1',
  })
  console.log(`=== Node ${version}: passed in ${((Date.now() - started) / 1000).toFixed(0)} s ===`)
}
