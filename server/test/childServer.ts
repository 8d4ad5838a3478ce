// Child-process server for the crash test: starts Toolscope over the fixtures with the given data dir
// and prints its origin and token as one JSON line, then runs until killed.
import { startServer } from '../index.ts'
import { FIXTURES } from './helpers.ts'

// Optional third argument: the tool-host worker's heap limit in MiB.
const workerHeapMb = process.argv[3] ? Number(process.argv[3]) : undefined
const server = await startServer({ port: 0, dataDir: process.argv[2], watch: false, paths: [FIXTURES], log: () => {}, workerHeapMb })
process.stdout.write(`${JSON.stringify({ origin: server.origin, token: server.token })}\n`)
