// Execution slots of the tool host: at most `max` runs execute at once (each on a worker of its own), so memory stays
// bounded however many clients start runs; further starts queue in order, each by its run id (its place can be read
// and it can be withdrawn). A run waiting for a person (approval, resume data, an answer, a step) gives its slot back
// until it is resumed: no tool code of it is running. The slots are told each run's status (by its owner, see
// hostedRuns.ts); they never derive it.

import { isWaitingStatus, type RunLifecycleStatus } from '../../src/runtime/index.ts'

/** Counts of the slots, for stats. */
export interface SlotStats {
  /** Runs holding a slot (executing), plus starts that got a slot and are taking a worker. */
  executing: number
  /** Runs on a worker that wait for a person (they hold no slot). */
  waiting: number
  /** Starts waiting for a slot. */
  queued: number
}

export class ExecutionSlots {
  /** Runs on a worker (or parked), and those of them that hold a slot (not waiting for a person). */
  private onWorker = new Set<string>()
  private holding = new Set<string>()
  private reserved = 0
  private queue: Array<{ runId: string; resolve: () => void; reject: (e: Error) => void }> = []

  constructor(readonly max: number) {}

  stats(): SlotStats {
    return {
      executing: this.holding.size + this.reserved,
      waiting: this.onWorker.size - this.holding.size,
      queued: this.queue.length,
    }
  }

  /** Resolves once `runId` may start (a slot is reserved for it); then call claim() or cancel(). */
  acquire(runId: string): Promise<void> {
    if (this.queue.length === 0 && this.stats().executing < this.max) {
      this.reserved++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => this.queue.push({ runId, resolve, reject }))
  }

  /** Starts queued ahead of `runId` (0 = next), or undefined when it is not queued. */
  position(runId: string): number | undefined {
    const i = this.queue.findIndex((q) => q.runId === runId)
    return i < 0 ? undefined : i
  }

  /** Takes a queued start out of the queue: its acquire() rejects with `error`. False when it was not queued. */
  withdraw(runId: string, error: Error): boolean {
    const i = this.queue.findIndex((q) => q.runId === runId)
    if (i < 0) return false
    this.queue.splice(i, 1)[0]!.reject(error)
    return true
  }

  /** The reserved slot now belongs to `runId`, which was handed to a worker. */
  claim(runId: string): void {
    this.reserved--
    this.onWorker.add(runId)
    this.holding.add(runId)
  }

  /** The reserved slot was not used (no worker could be taken). */
  cancel(): void {
    this.reserved--
    this.drain()
  }

  /**
   * The run's status changed: waiting gives the slot back, anything else holds it (a resumed run may exceed `max`; a run
   * its owner ended holds it until its worker lets it go, see end()).
   */
  setStatus(runId: string, status: RunLifecycleStatus): void {
    if (!this.onWorker.has(runId)) return
    if (isWaitingStatus(status)) this.holding.delete(runId)
    else this.holding.add(runId)
    this.drain()
  }

  /** The run is over or lost: its slot (if any) goes to the next start in the queue. */
  end(runId: string): void {
    this.onWorker.delete(runId)
    this.holding.delete(runId)
    this.drain()
  }

  /** Refuses every queued start. */
  close(reason: string): void {
    for (const q of this.queue.splice(0)) q.reject(new Error(`The tool host was ${reason}.`))
  }

  private drain(): void {
    while (this.queue.length > 0 && this.stats().executing < this.max) {
      this.reserved++
      this.queue.shift()!.resolve()
    }
  }
}
