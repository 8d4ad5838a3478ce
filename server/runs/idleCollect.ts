// Gives memory back once a burst of runs is over. V8 keeps the garbage of the last burst (cut previews, parsed events,
// stream buffers) until its next collection, which an idle server never triggers: with `gc` exposed (the toolscope
// binary adds --expose-gc where it restarts itself with its memory settings), one full collection runs after the
// server has had no live run for IDLE_COLLECT_MS following some. Without it, nothing is done.

import { IDLE_TRIM_MS } from '../toolHost/pool.ts'

/**
 * How long the server must be without a live run, after having had some, before the collection: just after the pool
 * lets go of the workers the burst needed beyond its spares (IDLE_TRIM_MS), so the one collection finds them gone.
 */
export const IDLE_COLLECT_MS = IDLE_TRIM_MS + 1_000
const TICK_MS = 500

/** V8's `gc` (exposed by --expose-gc), with the options it takes. */
export type GcFunction = (options?: { type: 'major' | 'minor'; execution: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void

/** Starts watching `liveCount`; returns a function that stops it. */
export function collectWhenIdle(liveCount: () => number, gc: GcFunction | undefined = (globalThis as { gc?: GcFunction }).gc): () => void {
  if (!gc) return () => {}
  let busy = false
  let idleMs = 0
  const timer = setInterval(() => {
    if (liveCount() > 0) {
      busy = true
      idleMs = 0
      return
    }
    if (!busy || (idleMs += TICK_MS) < IDLE_COLLECT_MS) return
    busy = false
    // "last-resort": V8's memory-reducing collection, which also gives back the pages it keeps pooled for reuse.
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  }, TICK_MS)
  timer.unref?.()
  return () => clearInterval(timer)
}
