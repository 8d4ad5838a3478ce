// The runs of the tool host: one record per run from its start until it ends (what it was started with, the worker
// hosting it or the checkpoint it is parked as, its network progress), the execution slots the runs take, and how a
// run that leaves the host without its own `run-finished` ended: reported to the sink explicitly, never inferred there.

import type { CassetteExchange, ControlFailure, RunControl, RunEvent, StartRunBody } from '../../src/shared/protocol.ts'
import { Status, statusAfter, type RunLifecycleStatus } from '../../src/runtime/index.ts'
import { shownId } from '../http/security.ts'
import type { HostWorker } from './hostWorker.ts'
import type { NetworkProgress, RunCheckpoint } from './messages.ts'
import type { WorkerPool } from './pool.ts'
import { StartWithdrawnError, UnknownToolError, type RunLossStatus, type RunSink } from './runSink.ts'
import { ExecutionSlots } from './slots.ts'

/** What the runs need of the host's workers. */
export interface RunWorkers {
  /** Resolves once a catalog is available. */
  whenReady(): Promise<void>
  hasTool(toolId: string): boolean
  /** An idle worker of the current pool, taken fairly by tool id. */
  take(toolId: string): Promise<{ worker: HostWorker; pool: WorkerPool }>
  /** The worker now hosts a run: it is busy until released. */
  hold(worker: HostWorker, pool: WorkerPool): void
  /** A worker's run ended: back to its pool when fit. */
  release(worker: HostWorker, fit: boolean): void
}

/** What the host keeps of one run. */
interface HostedRun {
  request: StartRunBody
  payloadBytes?: number
  /** Set while the start waits for a slot or a worker; `withdrawn` (the reason) once it was withdrawn. */
  starting?: { withdrawn?: string }
  /** The worker hosting it; absent while it starts or is parked. */
  worker?: HostWorker
  /** While it waits for approval or resume data on no worker: where it continues from. */
  checkpoint?: RunCheckpoint
  /** The hand-over of the parked run to a worker: a second control waits for it. */
  continuing?: Promise<unknown>
  /** Its replay and mock progress, for a continuation on another worker. */
  progress?: NetworkProgress
  /** Its status as last told to the slots. */
  status: RunLifecycleStatus
  /** The reason of an abort asked for while it was on a worker (empty when none was given). */
  abort?: string
  /** How it ends when its worker goes: set when the worker is terminated on request (terminate()). */
  killedAs?: RunLossStatus
}

/** The host's runs and their execution slots. */
export class HostedRuns {
  private runs = new Map<string, HostedRun>()
  readonly slots: ExecutionSlots

  constructor(
    private workers: RunWorkers,
    private sink: RunSink,
    maxWorkers: number,
  ) {
    this.slots = new ExecutionSlots(maxWorkers)
  }

  /** Runs waiting for approval or resume data on no worker. */
  get parkedCount(): number {
    let n = 0
    for (const run of this.runs.values()) if (run.checkpoint) n++
    return n
  }

  /**
   * Starts a run on its own worker once an execution slot is free (the run is queued until then; withdrawStart() takes
   * it out). Throws UnknownToolError for an unknown id, StartWithdrawnError when withdrawn before it reached a worker.
   */
  async start(runId: string, request: StartRunBody, timeoutMs: number, payloadBytes?: number): Promise<void> {
    await this.workers.whenReady()
    if (!this.workers.hasTool(request.toolId)) throw new UnknownToolError(`Unknown tool "${shownId(request.toolId)}".`)
    const run: HostedRun = { request, payloadBytes, starting: {}, status: Status.queued }
    this.runs.set(runId, run)
    let taken: { worker: HostWorker; pool: WorkerPool }
    try {
      await this.slots.acquire(runId)
      try {
        taken = await this.workers.take(request.toolId)
      } catch (err) {
        this.slots.cancel()
        throw err
      }
      if (run.starting?.withdrawn !== undefined) {
        // Withdrawn while its worker was being made: the worker serves the next start instead.
        taken.pool.give(taken.worker, true)
        this.slots.cancel()
        throw new StartWithdrawnError(run.starting.withdrawn)
      }
    } catch (err) {
      this.runs.delete(runId)
      throw err
    } finally {
      run.starting = undefined
    }
    const { worker, pool } = taken
    this.workers.hold(worker, pool)
    run.worker = worker
    run.status = Status.running
    this.slots.claim(runId)
    try {
      worker.start(runId, request, timeoutMs, payloadBytes)
    } catch (err) {
      // A refused start (the request could not be sent) leaves no trace: the worker never saw it.
      worker.runs.delete(runId)
      this.forget(runId)
      this.workers.release(worker, true)
      throw err
    }
  }

  /** Withdraws a start that has not reached a worker yet (its start() rejects); false when there is none. */
  withdrawStart(runId: string, reason: string): boolean {
    const starting = this.runs.get(runId)?.starting
    if (!starting) return false
    starting.withdrawn = reason
    this.slots.withdraw(runId, new StartWithdrawnError(reason))
    return true
  }

  /** Starts ahead of `runId` in the slot queue (0 once it has a slot and waits only for its worker); undefined when not starting. */
  queuePosition(runId: string): number | undefined {
    if (!this.runs.get(runId)?.starting) return undefined
    return this.slots.position(runId) ?? 0
  }

  async control(runId: string, control: RunControl, replyTimeoutMs: number): Promise<ControlFailure | undefined> {
    const handingOver = this.runs.get(runId)?.continuing
    if (handingOver) await handingOver
    const owned = this.runs.get(runId)
    if (owned?.worker) {
      // Kept so that a run that leaves its worker before it ends (the tool ignores the abort) is reported aborted.
      if (control.type === 'abort') owned.abort = control.reason ?? ''
      const failure = await owned.worker.control(runId, control, replyTimeoutMs)
      // The run left its worker while the control was on its way (it parked): continue it from its checkpoint.
      if (failure?.code !== 'unknown-run' || !this.runs.get(runId)?.checkpoint) return failure
    }
    const run = this.runs.get(runId)
    if (!run?.checkpoint) return { code: 'unknown-run', message: 'The run is not live in the tool host.' }
    const continued = this.continueParked(runId, run, run.checkpoint, control, replyTimeoutMs)
    run.continuing = continued
    return continued.finally(() => (run.continuing = undefined))
  }

  /** Answers a parked run: on any worker of the current catalog, from its checkpoint (an abort needs no worker). */
  private async continueParked(
    runId: string,
    run: HostedRun,
    checkpoint: RunCheckpoint,
    control: RunControl,
    replyTimeoutMs: number,
  ): Promise<ControlFailure | undefined> {
    if (control.type === 'abort') {
      // Nothing of the run is executing: it ends as aborted by request, as the runtime would end it.
      this.lose(runId, control.reason ?? '', Status.aborted)
      return undefined
    }
    if (!this.workers.hasTool(run.request.toolId)) {
      const message = `The tool "${shownId(run.request.toolId)}" is not in the catalog any more; the run cannot go on.`
      this.lose(runId, message)
      return { code: 'unknown-tool', message }
    }
    run.checkpoint = undefined
    let taken: { worker: HostWorker; pool: WorkerPool }
    try {
      taken = await this.workers.take(run.request.toolId)
    } catch (err) {
      run.checkpoint = checkpoint
      return { code: 'host-unavailable', message: (err as Error).message }
    }
    this.workers.hold(taken.worker, taken.pool)
    run.worker = taken.worker
    return taken.worker.continueRun(
      runId,
      run.request,
      checkpoint,
      control,
      replyTimeoutMs,
      run.payloadBytes,
      run.progress,
    )
  }

  /** Terminates the worker running `runId`; only that run is lost, and it ends as `end` (see RunLossStatus). */
  terminate(runId: string, reason: string, end: RunLossStatus): void {
    const run = this.runs.get(runId)
    if (!run?.worker) return
    run.killedAs = end
    run.worker.terminate(reason)
  }

  /**
   * One event of a run, validated at the worker edge: to the sink, whose run object applies the status machine; the
   * slots are told the status it returns. A sink that keeps no run state (or no longer follows the run: it ended it
   * itself) returns nothing, and the status machine is applied here instead: once per event either way.
   */
  onEvent(runId: string, event: RunEvent): void {
    if (event.type === 'run-finished') {
      this.forget(runId)
      this.sink.onEvent(runId, event)
      return
    }
    const told = this.sink.onEvent(runId, event)
    const run = this.runs.get(runId)
    if (!run) return
    run.status = told ?? statusAfter(run.status, event)
    this.slots.setStatus(runId, run.status)
  }

  /** The run waits for a person and left its worker: its checkpoint is kept until a control continues it. */
  onParked(runId: string, checkpoint: RunCheckpoint): void {
    const run = this.runs.get(runId)
    if (!run) return
    run.worker = undefined
    run.checkpoint = checkpoint
  }

  /** The run's network moved on: its progress is kept (for a continuation), a recorded exchange goes to the sink. */
  onNetwork(runId: string, update: { progress?: NetworkProgress; recorded?: CassetteExchange }): void {
    const run = this.runs.get(runId)
    if (update.progress && run) run.progress = update.progress
    if (update.recorded) this.sink.onRecorded?.(runId, update.recorded)
  }

  /**
   * The run ends without a `run-finished` of its own, with `message`. Aborted when `end` says so, when its worker was
   * terminated as aborted, or when an abort was asked for before its worker went; otherwise an error.
   */
  lose(runId: string, message: string, end?: RunLossStatus): void {
    const run = this.runs.get(runId)
    const how = end ?? run?.killedAs ?? (run?.abort !== undefined ? Status.aborted : Status.error)
    this.forget(runId)
    this.sink.onRunLost(runId, how === Status.aborted && end === undefined ? (run?.abort ?? '') : message, how)
  }

  /** Drops what the host keeps of a run that is over; its slot (if any) goes to the next start. */
  private forget(runId: string): void {
    this.runs.delete(runId)
    this.slots.end(runId)
  }

  /** Refuses every start still waiting for a slot. */
  close(reason: string): void {
    this.slots.close(reason)
  }
}
