// Where users' TypeScript is loaded: tsx runs its module hooks in the worker's own thread where Node can load
// CommonJS through in-thread hooks (module.registerHooks with nodejs/node#59929: Node >= 22.22.3, >= 24.11.1, 25.1,
// 26), and in a hooks thread of their own per worker before that (Node 20). Counted, not assumed: the process's
// threads before and after three more workers load (Linux: /proc/self/task). Run on every Node of npm run test:platforms.

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { HostWorker, type HostWorkerEvents } from '../toolHost/hostWorker.ts'
import { FIXTURES } from './helpers.ts'

/** Node versions from which tsx registers in-thread hooks (its `moduleRegisterHooksCjsReload`). */
const IN_THREAD_FROM: Array<[number, number, number]> = [
  [22, 22, 3],
  [24, 11, 1],
  [25, 1, 0],
  [26, 0, 0],
]

/** Whether `version` (major, minor, patch) is at or past the in-thread release of its line. */
function hooksInThread([major, minor, patch]: number[]): boolean {
  const line = IN_THREAD_FROM.find(([m]) => m === major)
  if (!line) return major > 26
  return minor > line[1] || (minor === line[1] && patch >= line[2])
}

const threads = () => readdirSync('/proc/self/task').length
const quiet: HostWorkerEvents = {
  onEvent() {},
  onStartFailed() {},
  onParked() {},
  onNetwork() {},
  onRunEnded() {},
  onExit() {},
  log() {},
}
const workers: HostWorker[] = []
const load = async () => {
  const worker = new HostWorker(
    { files: [join(FIXTURES, 'basic.ts')], skip: [], interceptNetwork: true },
    quiet,
    60_000,
  )
  workers.push(worker)
  const { tools, errors } = await worker.loadResult
  expect(errors).toEqual([])
  expect(tools.map((t) => t.id)).toContain('echo')
}
afterAll(() => {
  for (const w of workers) w.terminate('test over')
})

it(`loads TypeScript tools ${hooksInThread(process.versions.node.split('.').map(Number)) ? 'with hooks in the worker thread' : 'with a hooks thread per worker'} on Node ${process.versions.node}`, async () => {
  // One worker first: the threads every process starts once (libuv's pool, V8's platform) exist from then on.
  await load()
  const before = threads()
  await Promise.all([load(), load(), load()])
  // A worker is one thread; a hooks thread makes two. Half a thread of slack for a thread the process starts meanwhile.
  const perWorker = (threads() - before) / 3
  if (hooksInThread(process.versions.node.split('.').map(Number))) expect(perWorker).toBeLessThan(1.5)
  else expect(perWorker).toBeGreaterThanOrEqual(1.5)
}, 120_000)

it('knows the Node releases whose in-thread hooks load CommonJS', () => {
  expect(
    [
      [20, 20, 2],
      [22, 15, 0],
      [22, 22, 2],
      [24, 11, 0],
    ].map(hooksInThread),
  ).toEqual([false, false, false, false])
  expect(
    [
      [22, 22, 3],
      [22, 23, 3],
      [24, 11, 1],
      [24, 22, 3],
      [25, 1, 0],
      [27, 0, 0],
    ].map(hooksInThread),
  ).toEqual([true, true, true, true, true, true])
})
