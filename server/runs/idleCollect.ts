// Gives memory back once a burst of runs is over. V8 keeps the garbage of the last burst (cut previews, parsed events,
// stream buffers) until its next collection, which an idle server never triggers: with `gc` exposed (the toolscope
// binary adds --expose-gc where it restarts itself with its memory settings), a full collection runs after the
// server has had no live run for IDLE_COLLECT_MS following some, and a second one FOLLOW_UP_MS later (what the first
// freed releases native memory with a delay: on Node 24 the second took idle RSS 10 s after the soak from ≈1.6× to
// ≈1.3–1.4× the idle before it, `npm run bench:memory:node24`). Without `gc`, nothing is done.

import { IDLE_TRIM_MS } from '../toolHost/pool.ts'

/**
 * How long the server must be without a live run, after having had some, before the collection: just after the pool
 * lets go of the workers the burst needed beyond its spares (IDLE_TRIM_MS), so the one collection finds them gone.
 */
export const IDLE_COLLECT_MS = IDLE_TRIM_MS + 1_000
/** The second collection of a burst, this long after the first, if the server is still idle. */
export const FOLLOW_UP_MS = 3_000
const TICK_MS = 500

/** V8's `gc` (exposed by --expose-gc), with the options it takes. */
export type GcFunction = (options?: {
  type: 'major' | 'minor'
  execution: 'sync' | 'async'
  flavor?: 'regular' | 'last-resort'
}) => void

/** Starts watching `liveCount`; returns a function that stops it. */
export function collectWhenIdle(
  liveCount: () => number,
  gc: GcFunction | undefined = (globalThis as { gc?: GcFunction }).gc,
): () => void {
  if (!gc) return () => {}
  let busy = false
  let idleMs = 0
  const timer = setInterval(() => {
    if (liveCount() > 0) {
      busy = true
      idleMs = 0
      return
    }
    if (!busy) return
    idleMs += TICK_MS
    if (idleMs !== IDLE_COLLECT_MS && idleMs !== IDLE_COLLECT_MS + FOLLOW_UP_MS) return
    if (idleMs === IDLE_COLLECT_MS + FOLLOW_UP_MS) busy = false
    // "last-resort": V8's memory-reducing collection, which also gives back the pages it keeps pooled for reuse.
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  }, TICK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
