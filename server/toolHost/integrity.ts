// Worker-side integrity checks: pristine references to the builtins the host relies on, captured before any tool
// module loads, and a test of whether the worker is still fit after a run (builtins intact, the global surface as it
// was after loading, no leftover timers, heap not grown far past its size after loading).

import { getHeapStatistics } from 'node:v8'
import { globalChangesSince, snapshotGlobals, type GlobalsSnapshot } from './globalSurface.ts'

const pristine = {
  stringify: JSON.stringify,
  parse: JSON.parse,
  entries: Object.entries,
  keys: Object.keys,
  isArray: Array.isArray,
  postMessage: MessagePort.prototype.postMessage,
  then: Promise.prototype.then,
}

/** Pristine `JSON.stringify`, for the host's own serialisation. */
export const pristineStringify = pristine.stringify

/** Names what a tool broke among the builtins the host relies on, or undefined when all are intact. */
export function brokenBuiltin(): string | undefined {
  if (JSON.stringify !== pristine.stringify) return 'replaced JSON.stringify'
  if (JSON.parse !== pristine.parse) return 'replaced JSON.parse'
  if (Object.entries !== pristine.entries || Object.keys !== pristine.keys)
    return 'replaced Object.entries or Object.keys'
  if (Array.isArray !== pristine.isArray) return 'replaced Array.isArray'
  if (MessagePort.prototype.postMessage !== pristine.postMessage) return 'replaced MessagePort.prototype.postMessage'
  if (Promise.prototype.then !== pristine.then) return 'replaced Promise.prototype.then'
  for (const [name, proto] of [
    ['Object', Object.prototype],
    ['Array', Array.prototype],
    ['String', String.prototype],
    ['Number', Number.prototype],
  ] as const) {
    if (Object.prototype.hasOwnProperty.call(proto, 'toJSON')) return `defined ${name}.prototype.toJSON`
  }
  return undefined
}

/**
 * Heap growth (bytes over the size after loading) past which a worker is replaced rather than reused: a run that
 * built a huge value leaves its heap grown until V8 collects, and a new worker is cheaper than that memory.
 */
const MAX_HEAP_GROWTH = 64 * 1024 * 1024

let baseline: Map<string, number> | undefined
let baselineHeap = 0
let baselineGlobals: GlobalsSnapshot | undefined

/** Records the worker's idle resources and global surface (after loading), so leftovers of a run can be told apart. */
export function recordBaseline(): void {
  baseline = countResources()
  baselineHeap = getHeapStatistics().total_heap_size
  baselineGlobals = snapshotGlobals()
}

/**
 * Whether the worker may host another run: nothing a run started is still pending (timers, sockets…), the builtins are
 * intact, the global surface is as after loading (`leftovers` names what a run changed there, for the log: added
 * `Object.prototype.x`, replaced `Array.prototype.map`…, a later run of any tool would see it) and the heap is small.
 */
export function reuseCheck(): { fit: boolean; leftovers: string[] } {
  if (brokenBuiltin() || !baseline || !baselineGlobals) return { fit: false, leftovers: [] }
  const leftovers = globalChangesSince(baselineGlobals)
  if (leftovers.length > 0) return { fit: false, leftovers }
  if (getHeapStatistics().total_heap_size > baselineHeap + MAX_HEAP_GROWTH) return { fit: false, leftovers }
  // A worker's console output travels to the main thread over a port that stays referenced until the main thread
  // acknowledges it: a run that just logged holds one port more, which is not a leftover.
  const stdioInFlight = process.stdout.writableLength > 0 || process.stderr.writableLength > 0 ? 1 : 0
  for (const [kind, n] of countResources())
    if (n > (baseline.get(kind) ?? 0) + (kind === 'MessagePort' ? stdioInFlight : 0)) return { fit: false, leftovers }
  return { fit: true, leftovers }
}

/** True when the worker may host another run (see reuseCheck). */
export function fitForReuse(): boolean {
  return reuseCheck().fit
}

function countResources(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}
