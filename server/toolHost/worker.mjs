// Tool-host worker bootstrap: registers tsx inside this worker (execArgv does not reach workers on Node 20),
// so users' TypeScript tool modules and the TypeScript worker main load without a build step. Both hooks, as the tsx CLI
// does: with the ESM hook alone, a TypeScript file of a CommonJS package fails on Node 20 ("Cannot require() ES Module").
// Source maps on: a tool's stack (in error events and console locations) names its TypeScript file and line.
// The build compiles this file too (tsconfig.node.json), into dist/node/server/toolHost/worker.mjs, where the import
// below is rewritten to the compiled workerMain.js: the compiled server's workers run compiled code, users' tools tsx.
import { register as registerCommonJs } from 'tsx/cjs/api'
import { register } from 'tsx/esm/api'

process.setSourceMapsEnabled(true)
registerCommonJs()
register()
await import('./workerMain.ts')
