// How many tool-host workers the host keeps and what each may use: the default number of execution slots (derived
// from memory), the idle workers kept after a burst, and the young generation of a worker's heap.

import { totalmem } from 'node:os'

/**
 * The young generation of a tool-host worker. V8 grows it to 32 MB or more for a run that allocates fast (a tool that
 * writes 10,000 chunks), and a pool of workers each holding that much garbage cost more memory than anything else in
 * the soak test; 4 MB collects it often and cheaply (figures in BENCHMARKS.md).
 */
export const WORKER_YOUNG_GENERATION_MB = 4

/** Idle workers kept after a burst by default: enough for back-to-back runs, few enough to give memory back. */
export const DEFAULT_MAX_IDLE = 4

/** What one executing worker costs at most, for the default slot count (measured 40–50 MB RSS each; BENCHMARKS.md). */
const WORKER_BUDGET_MB = 64

/**
 * Runs executing at once by default, derived from memory, not cores: a waiting or hung tool holds its worker but no
 * CPU, so the bound that matters is memory. A quarter of the machine's (or the container's) memory at
 * WORKER_BUDGET_MB a worker, at least 4 and at most 100 (the default live-run cap).
 */
export function defaultMaxWorkers(): number {
  const constrained = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.()
  const memory = constrained && constrained > 0 ? Math.min(constrained, totalmem()) : totalmem()
  return Math.max(4, Math.min(100, Math.floor(memory / 4 / (WORKER_BUDGET_MB * 1024 * 1024))))
}
