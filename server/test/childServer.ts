// Child-process server for the crash test: starts Toolscope over the fixtures with the given data dir
// and prints its origin and token as one JSON line, then runs until killed.
import { createInterface } from 'node:readline'
import { startServer } from '../index.ts'
import { FIXTURES } from './helpers.ts'

// Optional third argument: the tool-host worker's heap limit in MiB.
const workerHeapMb = process.argv[3] ? Number(process.argv[3]) : undefined
const server = await startServer({
  port: 0,
  dataDir: process.argv[2],
  watch: false,
  paths: [FIXTURES],
  log: () => {},
  workerHeapMb,
})
process.stdout.write(`${JSON.stringify({ origin: server.origin, token: server.token })}\n`)

// Started with --expose-gc: the line `gc` on stdin runs a full collection and answers `{"gc":true}`, so a memory test
// reads RSS once garbage is gone.
const gc = (globalThis as { gc?: () => void }).gc
if (gc) {
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() !== 'gc') return
    gc()
    process.stdout.write('{"gc":true}\n')
  })
}
