import { readFileSync } from 'node:fs'
import { HostWorker } from '/work/main/server/toolHost/hostWorker.ts'
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024
let done: () => void = () => {}
const events = { onEvent(_r: string, e: { type: string }) { if (e.type === 'run-finished') done() }, onStartFailed() {}, onParked() {}, onNetwork() {}, onRunEnded() {}, onExit() {}, log() {} }
const w = new HostWorker({ files: ['/work/main/server/test/fixtures/tools/large.ts'], skip: [], interceptNetwork: true }, events as never, 60000, { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 4 })
await w.loadResult
let peak = 0
setInterval(() => (peak = Math.max(peak, rss())), 2).unref()
await new Promise((r) => setTimeout(r, 500))
console.log(process.version, 'idle', rss().toFixed(0))
for (let i = 0; i < 3; i++) {
  peak = 0
  await new Promise<void>((r) => { done = r; w.start(`r${i}`, { toolId: 'big-output', input: { mb: 100 } } as never, 60000) })
  console.log('run', i, 'peak', peak.toFixed(0), 'after', rss().toFixed(0))
  await new Promise((r) => setTimeout(r, 300))
}
process.exit(0)
