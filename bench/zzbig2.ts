import { readFileSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startServer } from '/work/main/server/index.ts'
import { runToEnd } from '/work/main/server/test/soakMix.ts'
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024
const server = await startServer({ port: 0, dataDir: await mkdtemp(join(tmpdir(), 'zz-')), watch: false, paths: ['/work/main/server/test/fixtures/tools/'], log: () => {}, workerHeapMb: 256 })
const headers = { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }
let peak = 0
setInterval(() => (peak = Math.max(peak, rss())), 5).unref()
await sleep(3000)
console.log(process.version, 'idle', rss().toFixed(0))
for (let i = 0; i < 4; i++) {
  peak = 0
  await runToEnd({ origin: server.origin, headers }, 'big-output', { mb: Number(process.env.MB ?? 100) })
  console.log('run', i, 'peak', peak.toFixed(0), 'after', rss().toFixed(0))
}
process.exit(0)
