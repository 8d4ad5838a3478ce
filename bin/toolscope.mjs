#!/usr/bin/env node
// `toolscope` binary. An installed package runs its compiled server (dist/node, written by `npm run build`); a source
// checkout (tsconfig.json beside package.json: it is not in the published files) runs server/cli.ts through tsx, so a
// stale build never runs there. TOOLSCOPE_COMPILED=1 or 0 forces either (tests, benches). Users' tools go through tsx
// in both: the tool-host workers register it for themselves.
import { existsSync } from 'node:fs'

const compiledCli = new URL('../dist/node/server/cli.js', import.meta.url)
const forced = process.env.TOOLSCOPE_COMPILED
const sourceCheckout = existsSync(new URL('../tsconfig.json', import.meta.url))
const compiled = forced === '1' || (forced !== '0' && !sourceCheckout && existsSync(compiledCli))

if (compiled) {
  if (!existsSync(compiledCli)) {
    console.error('toolscope: TOOLSCOPE_COMPILED=1 but the compiled server (dist/node) is missing: run `npm run build`.')
    process.exit(1)
  }
  await import(compiledCli.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../server/cli.ts')
}
