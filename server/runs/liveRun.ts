// The run object: one live run on the server, from its start until its `run-finished`, and the one owner of its state
// (status, sequence, size, timers, subscribers, recording). It receives each event once, already validated and expanded
// at the worker edge (hostWorker.ts), applies the per-run limit and the status machine once, stores it and fans it out.

import { performance } from 'node:perf_hooks'
import type { ControlFailure, RunControl, RunEvent, RunRecordStatus, StartRunBody } from '../../src/shared/protocol.ts'
import { compactViews } from '../../src/shared/passthroughViews.ts'
import {
  isFinalStatus,
  isWaitingStatus,
  Status,
  statusAfter,
  TimeoutClock,
  type RunEndStatus,
} from '../../src/runtime/index.ts'
import { StartWithdrawnError, type RunLossStatus, type ToolHost } from '../toolHost/host.ts'
import type { RunStore } from '../history/runStore.ts'
import { boundEvent, formatBytes, type RunLimits } from './limits.ts'
import type { RunRecording } from './runRecording.ts'

/** How long a tool may ignore an abort (or overrun its timeout) before its worker is terminated. */
const KILL_GRACE_MS = 1_000

/** What the registry needs of the tool host: start (queued until a slot frees), withdraw, steer and kill runs. */
export type RunHost = Pick<
  ToolHost,
  'ready' | 'hasTool' | 'start' | 'withdrawStart' | 'queuePosition' | 'control' | 'terminateRunWorker'
>

/** Outcome of a run control; a refusal carries its error code, which the app maps to an HTTP status. */
export type ControlOutcome = { ok: true } | { ok: false; failure: ControlFailure }

/** The refusal of a control that came after the run ended. */
export function overFailure(state: RunRecordStatus, control: RunControl): ControlOutcome {
  return {
    ok: false,
    failure: {
      code: 'invalid-state',
      message: `The run is already over (${state}): ${control.type} does not apply.`,
      state,
    },
  }
}

/** What every run object shares: the host, the store, the limits and the registry's settings. */
export interface LiveRunContext {
  host: RunHost
  store: RunStore
  limits: RunLimits
  timeoutMs: number
  /** How long the run may wait for a person before it ends as `expired`. */
  waitingExpiryMs: number
  /** How long a queued run nobody watches is kept before it is dropped. */
  unwatchedQueueGraceMs: number
  log: (line: string) => void
  /** Called once, at the run's `run-finished`: the registry forgets the run; returns the write of its recording, if any. */
  finished(run: LiveRun): Promise<void> | undefined
}

/** A subscriber: gets each event and its stored JSON (views compact), so a stream need not serialise it again. */
type Listener = (event: RunEvent, json: string) => void

/** One live run. */
export class LiveRun {
  private status: RunRecordStatus = Status.queued
  /** True once its `run-finished` is stored: nothing of it changes any more. */
  private finished = false
  /** False while the run is queued (its start has not reached a worker); no tool code of it runs before that. */
  private launched = false
  private startedPerf = performance.now()
  private lastSeq = -1
  private eventCount = 0
  private bytes = 0
  private listeners = new Set<Listener>()
  /** Open event streams of the run, and when someone last looked at it (stream closed, detail read). */
  private watchers = 0
  private lastWatchedPerf = this.startedPerf
  private killTimer?: ReturnType<typeof setTimeout>
  /** Stops while the run waits for a person, like the runtime's own timeout. */
  private watchdog?: TimeoutClock
  /** Runs while the run waits for a person: a run left waiting too long ends as `expired`. */
  private expiryTimer?: ReturnType<typeof setTimeout>
  /** Runs while the run is queued: a queued run nobody watches is dropped. */
  private queueTimer?: ReturnType<typeof setTimeout>

  constructor(
    readonly runId: string,
    readonly toolId: string,
    /** Row key in the store. */
    private pk: number,
    private ctx: LiveRunContext,
    /** Network mode `record`: what it has recorded so far. */
    readonly recording?: RunRecording,
  ) {
    this.watchQueued()
  }

  /** Hands the run to the tool host; it waits there for a slot. A start that fails ends the run with why. */
  async launch(request: StartRunBody): Promise<void> {
    const { host, timeoutMs, limits } = this.ctx
    try {
      await host.start(this.runId, request, timeoutMs, limits.payloadBytes)
    } catch (err) {
      if (err instanceof StartWithdrawnError) return this.endAborted(err.message)
      return this.end(Status.error, `The run could not start: ${(err as Error).message}`)
    }
    this.launched = true
    clearTimeout(this.queueTimer)
    // On its worker: running from now (the store learns it with the run's first event, a moment later).
    if (this.status === Status.queued) this.status = Status.running
    // Ended while its worker was being handed over (server closing): stop the tool it just started.
    if (this.finished)
      return void host
        .control(this.runId, { type: 'abort', reason: 'The run had already ended.' })
        .catch(() => undefined)
    // The time limit counts from here: time spent queued is not the tool's. The runtime ends a timed-out run itself;
    // this watchdog only fires when the tool blocks the thread.
    this.startedPerf = performance.now()
    this.watchdog = new TimeoutClock(timeoutMs + KILL_GRACE_MS, () =>
      this.kill(`Timed out after ${timeoutMs} ms and did not stop (it blocks the tool host thread)`, Status.error),
    )
    this.watchdog.start()
  }

  /** Drops the run while queued once nobody has watched it for the grace period (its client is gone): it never starts. */
  private watchQueued(): void {
    const grace = this.ctx.unwatchedQueueGraceMs
    // Decided after the poll phase that follows the timer (setImmediate): when the event loop was held up past the
    // grace (a loaded machine), the timer fires before the client's stream request already waiting on its socket is
    // read, and the run would be dropped while its client is there.
    const check = () => setImmediate(decide)
    const decide = () => {
      if (this.launched || this.finished) return
      const idle = performance.now() - this.lastWatchedPerf
      if (this.watchers === 0 && idle >= grace) {
        if (
          this.ctx.host.withdrawStart(
            this.runId,
            `Nobody watched the queued run for ${Math.round(grace / 1000)} s (its client is gone); it was dropped before it started.`,
          )
        )
          return
      }
      this.queueTimer = setTimeout(check, this.watchers === 0 ? Math.max(10, grace - idle) : grace)
      this.queueTimer.unref?.()
    }
    this.queueTimer = setTimeout(check, grace)
    this.queueTimer.unref?.()
  }

  /** Someone looked at the run (its detail was read): a queued run is not dropped while it is watched. */
  touch(): void {
    this.lastWatchedPerf = performance.now()
  }

  /** Starts ahead of the run while it is queued (0 = next), else undefined. */
  queuePosition(): number | undefined {
    return !this.launched && !this.finished ? this.ctx.host.queuePosition(this.runId) : undefined
  }

  /**
   * One event from the tool host (validated and expanded at the worker edge, payloads cut where it was made): stored
   * and fanned out. Returns the run's status after it (the host's execution slots follow it); undefined once over.
   */
  receive(event: RunEvent): RunRecordStatus | undefined {
    if (this.finished) return undefined
    this.append(event)
    return this.status
  }

  /** The tool host stopped hosting the run without its `run-finished`; `end` says how it ended, as the host saw it. */
  lost(message: string, end: RunLossStatus): void {
    if (end === Status.aborted) this.endAborted(message)
    else this.end(Status.error, message)
  }

  /** Ends a run that no tool code will finish (it was aborted while parked, or queued) as `aborted`. */
  private endAborted(reason: string): void {
    if (this.finished) return
    const at = this.now()
    this.append(this.own({ type: 'aborted', seq: this.lastSeq + 1, at, reason: reason || undefined }))
    this.append(this.own({ type: 'run-finished', seq: this.lastSeq + 1, at, status: Status.aborted, durationMs: at }))
  }

  /**
   * Ends the run from outside the runtime with a terminal event in its own log: an `error` event (status error) or a
   * `log` line (interrupted, expired), then `run-finished`. The tool, if still running, is asked to stop.
   */
  end(
    status: Extract<RunEndStatus, typeof Status.error | typeof Status.interrupted | typeof Status.expired>,
    message: string,
  ): void {
    if (this.finished) return
    const at = this.now()
    if (status === Status.error) {
      const raw = { message }
      const passthrough = { value: raw, passthrough: true }
      this.append(
        this.own({
          type: 'error',
          seq: this.lastSeq + 1,
          at,
          message,
          views: { raw, display: passthrough, transcript: passthrough, model: { type: 'error-text', value: message } },
        }),
        true,
      )
    } else {
      this.append(this.own({ type: 'log', seq: this.lastSeq + 1, at, level: 'warn', source: 'runtime', message }), true)
    }
    this.append(this.own({ type: 'run-finished', seq: this.lastSeq + 1, at, status, durationMs: at }), true)
    // A queued run never starts; the worker may still hold a started one (a size limit, an expiry): let it go, its later
    // events are ignored.
    if (!this.launched && this.ctx.host.withdrawStart(this.runId, message)) return
    void this.ctx.host.control(this.runId, { type: 'abort', reason: message }).catch(() => undefined)
  }

  /** An event the run object writes itself: its payloads cut here, where it is made (the worker cuts its own). */
  private own(event: RunEvent): RunEvent {
    return boundEvent(event, this.ctx.limits.payloadBytes)
  }

  private now(): number {
    return performance.now() - this.startedPerf
  }

  /** Applies the per-run limit and the status machine, stores and fans out one event. `force` lets the terminal events of a run over its limit through. */
  private append(event: RunEvent, force = false): void {
    const { store, limits } = this.ctx
    let data: string
    try {
      data = JSON.stringify(compactViews(event))
    } catch (err) {
      // Never throw out of a message handler: the run ends with the reason instead.
      if (!force)
        this.end(Status.error, `An event of type "${event.type}" could not be stored: ${(err as Error).message}`)
      return
    }
    if (!force && this.bytes + data.length > limits.runBytes) {
      return this.end(
        Status.error,
        `The run produced more than ${formatBytes(limits.runBytes)} of events (the per-run limit) and was stopped.`,
      )
    }
    this.bytes += data.length
    this.eventCount++
    this.lastSeq = event.seq
    this.status = statusAfter(this.status, event) as RunRecordStatus
    const finished = event.type === 'run-finished'
    if (finished) {
      this.finished = true
      this.watchdog?.stop()
      clearTimeout(this.killTimer)
      clearTimeout(this.expiryTimer)
      clearTimeout(this.queueTimer)
    }
    const saving = finished ? this.ctx.finished(this) : undefined
    store.append(this.pk, event.seq, event.type, data, {
      status: this.status,
      eventCount: this.eventCount,
      bytes: this.bytes,
      ...(finished ? { finishedAt: new Date().toISOString(), durationMs: event.durationMs } : {}),
    })
    if (saving) {
      // A recorded run says it finished once its cassette is on disk: a client may read it at once.
      void saving.then(() => this.fanOut(event, data, true))
      return
    }
    this.fanOut(event, data, finished)
    if (finished) return
    if (isWaitingStatus(this.status)) {
      this.watchdog?.stop()
      this.startExpiry()
    } else if (this.status === Status.running) {
      this.watchdog?.start()
      clearTimeout(this.expiryTimer)
      this.expiryTimer = undefined
    }
  }

  private fanOut(event: RunEvent, data: string, last: boolean): void {
    for (const l of this.listeners) l(event, data)
    if (last) this.listeners.clear()
  }

  private startExpiry(): void {
    if (this.expiryTimer) return
    const ms = this.ctx.waitingExpiryMs
    this.expiryTimer = setTimeout(
      () => this.end(Status.expired, `The run waited for an answer longer than ${ms} ms and expired.`),
      ms,
    )
    this.expiryTimer.unref?.()
  }

  /** Streams the run's events after `afterSeq` as they come (the registry replayed the stored ones); returns the unsubscribe. */
  listen(afterSeq: number, onEvent: (event: RunEvent, json: string) => void): () => void {
    if (this.finished) return () => {}
    const listener: Listener = (e, json) => {
      if (e.seq > afterSeq) onEvent(e, json)
    }
    this.listeners.add(listener)
    this.watchers++
    return () => {
      if (!this.listeners.delete(listener)) return
      this.watchers--
      this.lastWatchedPerf = performance.now()
    }
  }

  /** Applies a control; a refusal says why with an error code and the run's state. */
  async control(control: RunControl): Promise<ControlOutcome> {
    const { host } = this.ctx
    const state = this.status
    if (isFinalStatus(state)) return overFailure(state, control)
    if (!this.launched) {
      // Queued: only an abort applies, and it ends the run before any of its code runs.
      if (control.type !== 'abort')
        return {
          ok: false,
          failure: {
            code: 'invalid-state',
            message: `The run is queued (it has not started yet): ${control.type} does not apply.`,
            state,
          },
        }
      if (host.withdrawStart(this.runId, control.reason ?? '')) return { ok: true }
    }
    if (control.type === 'abort') {
      // The host keeps the abort's reason: if the run leaves it without a `run-finished`, it reports it aborted.
      void host.control(this.runId, control)
      // A tool stuck in a synchronous loop never sees the abort: terminate its worker after a grace period.
      this.killTimer ??= setTimeout(
        () => this.kill('The tool did not stop after abort (it blocks the tool host thread)', Status.aborted),
        KILL_GRACE_MS,
      )
      this.killTimer.unref?.()
      return { ok: true }
    }
    const failure = await host.control(this.runId, control)
    if (!failure) return { ok: true }
    // The run ended while the control was on its way: it is over, not unknown.
    if (failure.code === 'unknown-run' && this.finished) return overFailure(this.status, control)
    return { ok: false, failure: { ...failure, state: failure.state ?? this.status } }
  }

  /** Terminates the run's worker; `end` is how the run ends when it goes: aborted (it ignored an abort) or error (timed out). */
  private kill(reason: string, end: RunLossStatus): void {
    if (this.finished) return
    this.ctx.log(`Run ${this.runId} (${this.toolId}): ${reason}; terminating its tool host.`)
    this.ctx.host.terminateRunWorker(this.runId, `run ${this.runId} of "${this.toolId}": ${reason}`, end)
  }
}
