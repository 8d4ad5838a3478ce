#!/usr/bin/env node
// Runs the Mastra / AI SDK compatibility tests with this project's own Node 22 binary (the `node` npm package):
// @mastra/core 1.x needs Node >= 22.13 while Toolscope itself runs on Node 20. Installs the sample project from its
// lock file when it is missing (a fresh clone), type-checks it, then runs its Vitest suite (Toolscope's own suites on
// Node 22 and 24 are npm run test:platforms).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))
const node = fileURLToPath(new URL('./node_modules/.bin/node', import.meta.url))
const root = fileURLToPath(new URL('../../', import.meta.url))
const run = (cmd, args, cwd = here) => {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (!existsSync(node) || !existsSync(new URL('./node_modules/@mastra/core/package.json', import.meta.url))) {
  console.log('Installing the sample Mastra project (npm ci --prefix e2e/mastra-project)...')
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefix', here], root)
}
run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${here}tsconfig.json`])
run(node, [`${root}node_modules/vitest/vitest.mjs`, 'run', '--config', 'vitest.config.ts', ...process.argv.slice(2)])
