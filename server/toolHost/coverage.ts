// Code coverage of the tool files on the host side: whether the workers collect it, and the line counts they sent,
// merged. Design, given the worker pool: a worker hosts one run at a time and may be trimmed or replaced right after
// it, so nothing is asked of live workers later. Each worker started with coverage on (WorkerInit.coverage) sends the
// lines it ran after its load and after each run, before it says the run ended: a caller that saw a run finish finds
// that run's lines merged here, whichever worker ran it. start() switches it on by reloading the pool: V8 counts
// branches only in code compiled after coverage started, so the workers must import the tools with it on.

import { mergeCoverage, type FileCoverage } from '../../src/testbench/fuzz/lcov.ts'

export type CoverageAction = 'start' | 'take' | 'stop'

/** What the collector needs of the host: a reload (a new pool spawned with the current setting), and that setting. */
export interface CoverageHost {
  reload(): Promise<void>
  /** Whether the current pool's workers were spawned with coverage on (undefined: no pool yet). */
  poolCollects(): boolean | undefined
}

/** Reloads at most this often for one action: a reload already under way was spawned with the old setting. */
const MAX_RELOADS = 3

export class CoverageCollector {
  private merged: FileCoverage[] = []
  /** Whether workers are spawned with coverage on (read by the host when it spawns a pool). */
  on = false

  constructor(private host: CoverageHost) {}

  /** A worker's report: merged while coverage is on. */
  add(files: FileCoverage[]): void {
    if (this.on) this.merged = mergeCoverage(this.merged, files)
  }

  /**
   * `start`: forget what was counted and reload the workers with coverage on (their loads count, then every run);
   * `take`: the lines counted since (every tool file a worker loaded, lines not run at 0), collection going on;
   * `stop`: the same, then the workers reloaded without coverage (it slows every run).
   */
  async act(action: CoverageAction): Promise<FileCoverage[]> {
    // A copy: the caller may keep it while later runs are merged.
    if (action === 'take') return mergeCoverage(this.merged)
    const taken = this.merged
    this.on = action === 'start'
    this.merged = []
    await this.settle()
    return action === 'stop' ? taken : []
  }

  /** Reloads until the pool's workers collect as `on` says. */
  private async settle(): Promise<void> {
    for (let i = 0; i < MAX_RELOADS; i++) {
      // Counted after the reload's new workers sent their loads: those counts belong to this start.
      await this.host.reload()
      if ((this.host.poolCollects() ?? this.on) === this.on) return
    }
  }
}
