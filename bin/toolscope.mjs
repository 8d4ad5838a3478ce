#!/usr/bin/env node
// `toolscope` binary. An installed package runs its compiled server (dist/node, written by `npm run build`); a source
// checkout (tsconfig.json beside package.json: it is not in the published files) runs server/cli.ts through tsx, so a
// stale build never runs there. TOOLSCOPE_COMPILED=1 or 0 forces either (tests, benches). Users' tools go through tsx
// in both: the tool-host workers register it for themselves.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// Memory settings a process only takes when it starts: a 1 MiB young generation for the main thread (V8 otherwise keeps
// up to 16 MiB of young garbage a side); V8's --optimize-for-size, whose smaller heap growth took the soak's peak from
// ≈ 400 to 338–369 MB on Node 22 and 24 for ≈ 5 % on a small run (BENCHMARKS.md); glibc's malloc with at most two
// arenas and blocks of 128 KiB or more mapped on their own (tool-host worker threads come and go, and glibc otherwise
// keeps the arena each used and the large blocks they freed); `gc` exposed, so the server collects once when a burst of
// runs is over (server/runs/idleCollect.ts) and each worker once it has been idle (server/toolHost/workerIdleCollect.ts).
// Where Node can replace a process with a new image (process.execve: 22.15+, 23.11+), the binary starts itself again
// with them: the same process, no second one. Node 20 runs as started. TOOLSCOPE_TUNE=0 turns this off; settings a user
// gives (a semi-space size in NODE_OPTIONS, --no-optimize-for-size on node's command line, MALLOC_ARENA_MAX,
// MALLOC_MMAP_THRESHOLD_) are kept.
if (
  typeof process.execve === 'function' &&
  process.env.TOOLSCOPE_TUNED === undefined &&
  process.env.TOOLSCOPE_TUNE !== '0'
) {
  const given = `${process.execArgv.join(' ')} ${process.env.NODE_OPTIONS ?? ''}`
  const flags = [
    ...(/--max-semi-space-size/.test(given) ? [] : ['--max-semi-space-size=1']),
    ...(/optimize-for-size/.test(given) ? [] : ['--optimize-for-size']),
    '--expose-gc',
  ]
  const ours = process.env.MALLOC_ARENA_MAX === undefined && process.env.MALLOC_MMAP_THRESHOLD_ === undefined
  const env = {
    ...process.env,
    TOOLSCOPE_TUNED: ours ? 'malloc' : '1',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  }
  process.execve(
    process.execPath,
    [process.execPath, ...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    env,
  )
}
// glibc read it at start: tools and the processes they spawn see the environment the user gave.
if (process.env.TOOLSCOPE_TUNED === 'malloc') {
  delete process.env.MALLOC_ARENA_MAX
  delete process.env.MALLOC_MMAP_THRESHOLD_
}
delete process.env.TOOLSCOPE_TUNED

const compiledCli = new URL('../dist/node/server/cli.js', import.meta.url)
const forced = process.env.TOOLSCOPE_COMPILED
const sourceCheckout = existsSync(new URL('../tsconfig.json', import.meta.url))
const compiled = forced === '1' || (forced !== '0' && !sourceCheckout && existsSync(compiledCli))

if (compiled) {
  if (!existsSync(compiledCli)) {
    console.error(
      'toolscope: TOOLSCOPE_COMPILED=1 but the compiled server (dist/node) is missing: run `npm run build`.',
    )
    process.exit(1)
  }
  await import(compiledCli.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../server/cli.ts')
}
