// Tool-host worker bootstrap: registers tsx inside this worker (execArgv does not reach workers on Node 20),
// so users' TypeScript tool modules and the TypeScript worker main load without a build step.
import { register } from 'tsx/esm/api'

register()
await import('./workerMain.ts')
