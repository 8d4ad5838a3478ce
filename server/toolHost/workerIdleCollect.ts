// A tool-host worker gives back the memory of a burst: once it has had no run for a while, a memory-reducing
// collection returns the pages its heap grew to (where the binary exposed `gc`, which reaches worker threads), so a
// spare kept after a burst holds what a fresh one does. Node 24 keeps those pages mapped otherwise: the idle RSS 10 s
// after the soak went from 1.62× to 1.38–1.48× the idle before it (`npm run bench:memory:node24`, BENCHMARKS.md).

/** How long a worker must have been without a run before it collects. */
export const WORKER_IDLE_COLLECT_MS = 2_000

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * Returns `schedule`, called when a run ends: after `delayMs` with no run (`busy()` false then), one collection.
 * A later call restarts the wait; without `gc` it does nothing.
 */
export function idleCollector(
  busy: () => boolean,
  gc: Gc | undefined = (globalThis as { gc?: Gc }).gc,
  delayMs = WORKER_IDLE_COLLECT_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  return () => {
    if (!gc) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      if (!busy()) gc({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    }, delayMs)
    // A worker with nothing else to do may still exit: the collection never keeps it alive.
    timer.unref?.()
  }
}
