// Tool-host worker bootstrap: registers tsx inside this worker (execArgv does not reach workers on Node 20),
// so users' TypeScript tool modules and the TypeScript worker main load without a build step. Both hooks, as the tsx CLI
// does: with the ESM hook alone, a TypeScript file of a CommonJS package fails on Node 20 ("Cannot require() ES Module").
import { register as registerCommonJs } from 'tsx/cjs/api'
import { register } from 'tsx/esm/api'

registerCommonJs()
register()
await import('./workerMain.ts')
