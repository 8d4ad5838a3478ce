// Run registry: creates runs on the tool host, keeps each run's event log (for SSE replay and history),
// fans events out to subscribers, enforces the per-run timeout and ends runs whose tool host died.

import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { RunEvent, type RunRecord, type RunRecordStatus, type StartRunBody } from '../src/shared/protocol.ts'
import type { History } from './history.ts'
import type { RunSink, ToolHost } from './toolHost/host.ts'
import type { ControlAction } from './toolHost/messages.ts'
import { TimeoutClock } from '../src/runtime/attempt.ts'

const FINAL = new Set<RunRecordStatus>(['success', 'error', 'declined', 'aborted', 'interrupted'])
/** How long a tool may ignore an abort (or overrun its timeout) before its worker is terminated. */
const KILL_GRACE_MS = 1_000
/** States in which the run waits for a person: no time limit applies. */
const WAITING = new Set<RunRecordStatus>(['awaiting-approval', 'suspended', 'awaiting-elicitation', 'paused'])
/** Progress events of a live run reach the disk at most this late (status changes are written at once). */
const SAVE_BATCH_MS = 250

/** Outcome of a run control, mapped to HTTP by the app. */
export type ControlOutcome =
  | { ok: true }
  | { ok: false; status: 404 | 409 | 422 | 503; error: string; state?: string; issues?: Array<{ path: Array<string | number>; message: string }> }

interface LiveRun {
  record: RunRecord
  startedPerf: number
  listeners: Set<(event: RunEvent) => void>
  killTimer?: ReturnType<typeof setTimeout>
  /** Stops while the run waits for a person, like the runtime's own timeout. */
  watchdog?: TimeoutClock
  saveTimer?: ReturnType<typeof setTimeout>
  abortReason?: string
  timedOut?: boolean
}

/** Options of the registry. */
export interface RunRegistryOptions {
  /** Where records persist; the headless runner passes a store that keeps nothing. */
  history: Pick<History, 'load' | 'save' | 'remove'>
  timeoutMs: number
  maxRuns?: number
  log: (line: string) => void
}

function statusAfter(current: RunRecordStatus, event: RunEvent): RunRecordStatus {
  switch (event.type) {
    case 'approval-requested': return 'awaiting-approval'
    case 'suspended': return 'suspended'
    case 'elicitation-requested': return 'awaiting-elicitation'
    case 'paused': return 'paused'
    case 'run-finished': return event.status
    case 'approval-resolved':
    case 'resumed':
    case 'elicitation-resolved':
      return 'running'
    default:
      // Any progress after a pause means the run was continued.
      return current === 'paused' ? 'running' : current
  }
}

export class RunRegistry implements RunSink {
  private runs = new Map<string, LiveRun>()
  host!: ToolHost

  constructor(readonly options: RunRegistryOptions) {}

  /** Loads stored history (runs interrupted by a crash included). */
  async init(): Promise<void> {
    for (const record of await this.options.history.load()) {
      this.runs.set(record.runId, { record, startedPerf: 0, listeners: new Set() })
    }
  }

  get(runId: string): RunRecord | undefined {
    return this.runs.get(runId)?.record
  }

  /** Newest first. */
  list(): RunRecord[] {
    return [...this.runs.values()].map((r) => r.record).reverse()
  }

  /** Starts a run; throws UnknownToolError (from the host) for an unknown tool. */
  async start(request: StartRunBody): Promise<string> {
    const runId = randomUUID()
    const live: LiveRun = {
      record: { runId, toolId: request.toolId, status: 'running', startedAt: new Date().toISOString(), request, events: [] },
      startedPerf: performance.now(),
      listeners: new Set(),
    }
    this.runs.set(runId, live)
    try {
      await this.host.start(runId, request, this.options.timeoutMs)
    } catch (err) {
      this.runs.delete(runId)
      throw err
    }
    // The runtime ends a timed-out run itself; this watchdog only fires when the tool blocks the thread.
    live.watchdog = new TimeoutClock(this.options.timeoutMs + KILL_GRACE_MS, () =>
      this.kill(live, `Timed out after ${this.options.timeoutMs} ms and did not stop (it blocks the tool host thread)`, true),
    )
    live.watchdog.start()
    this.options.history.save(live.record)
    this.prune()
    return runId
  }

  onEvent(runId: string, raw: unknown): void {
    const live = this.runs.get(runId)
    if (!live || FINAL.has(live.record.status)) return
    const parsed = RunEvent.safeParse(raw)
    if (parsed.success) return this.append(live, parsed.data)
    const seq = (raw as { seq?: unknown })?.seq
    this.append(live, {
      type: 'log',
      seq: typeof seq === 'number' ? seq : this.nextSeq(live),
      at: this.now(live),
      level: 'error',
      source: 'runtime',
      message: `The tool host sent an event that does not match the protocol: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    })
  }

  onRunLost(runId: string, message: string): void {
    const live = this.runs.get(runId)
    if (!live || FINAL.has(live.record.status)) return
    const at = this.now(live)
    if (live.abortReason !== undefined && !live.timedOut) {
      this.append(live, { type: 'aborted', seq: this.nextSeq(live), at, reason: live.abortReason || undefined })
      this.append(live, { type: 'run-finished', seq: this.nextSeq(live), at, status: 'aborted', durationMs: at })
      return
    }
    const raw = { message }
    const passthrough = { value: raw, passthrough: true }
    this.append(live, { type: 'error', seq: this.nextSeq(live), at, message, views: { raw, display: passthrough, transcript: passthrough, model: { type: 'error-text', value: message } } })
    this.append(live, { type: 'run-finished', seq: this.nextSeq(live), at, status: 'error', durationMs: at })
  }

  /** Ends every run still in flight (server shutdown), so their final state is saved before history is flushed. */
  endAll(message: string): void {
    for (const runId of this.runs.keys()) this.onRunLost(runId, message)
  }

  private now(live: LiveRun): number {
    return live.startedPerf ? performance.now() - live.startedPerf : 0
  }

  private nextSeq(live: LiveRun): number {
    const last = live.record.events.at(-1)
    return last ? last.seq + 1 : 0
  }

  private append(live: LiveRun, event: RunEvent): void {
    const record = live.record
    const before = record.status
    record.events.push(event)
    record.status = statusAfter(record.status, event)
    if (event.type === 'run-finished') {
      record.finishedAt = new Date().toISOString()
      record.durationMs = event.durationMs
      live.watchdog?.stop()
      clearTimeout(live.killTimer)
    }
    for (const l of live.listeners) l(event)
    if (event.type === 'run-finished') live.listeners.clear()
    if (WAITING.has(record.status)) live.watchdog?.stop()
    else if (record.status === 'running') live.watchdog?.start()
    // Status changes are written at once (a crash then shows where the run stood); plain progress is batched.
    if (record.status !== before) {
      clearTimeout(live.saveTimer)
      live.saveTimer = undefined
      this.options.history.save(record)
    } else if (!live.saveTimer) {
      live.saveTimer = setTimeout(() => {
        live.saveTimer = undefined
        this.options.history.save(record)
      }, SAVE_BATCH_MS)
      live.saveTimer.unref?.()
    }
  }

  /** Replays events after `afterSeq`, then streams live ones. `onEvent` is not called again once the run is over. */
  subscribe(runId: string, afterSeq: number, onEvent: (event: RunEvent) => void): (() => void) | undefined {
    const live = this.runs.get(runId)
    if (!live) return undefined
    for (const e of live.record.events) if (e.seq > afterSeq) onEvent(e)
    if (FINAL.has(live.record.status)) return () => {}
    const listener = (e: RunEvent) => {
      if (e.seq > afterSeq) onEvent(e)
    }
    live.listeners.add(listener)
    return () => live.listeners.delete(listener)
  }

  /** Applies a control to a live run, mapping refusals to HTTP-ready outcomes. */
  async control(runId: string, action: ControlAction): Promise<ControlOutcome> {
    const live = this.runs.get(runId)
    if (!live) return { ok: false, status: 404, error: `Unknown run "${runId}".` }
    const state = live.record.status
    if (FINAL.has(state)) return { ok: false, status: 409, error: `The run is already over (${state}): ${action.action} does not apply.`, state }
    if (action.action === 'abort') {
      live.abortReason = action.reason ?? ''
      void this.host.control(runId, action)
      // A tool stuck in a synchronous loop never sees the abort: terminate its worker after a grace period.
      live.killTimer ??= setTimeout(() => this.kill(live, 'The tool did not stop after abort (it blocks the tool host thread)', false), KILL_GRACE_MS)
      live.killTimer.unref?.()
      return { ok: true }
    }
    const failure = await this.host.control(runId, action)
    if (!failure) return { ok: true }
    const now = live.record.status
    if (failure.code === 'invalid-resume-data') return { ok: false, status: 422, error: failure.message, state: failure.state ?? now, issues: failure.validationErrors }
    if (failure.code === 'failed' && /did not answer/.test(failure.message)) return { ok: false, status: 503, error: failure.message, state: now }
    return { ok: false, status: 409, error: failure.message, state: failure.state ?? now }
  }

  private kill(live: LiveRun, reason: string, timedOut: boolean): void {
    if (FINAL.has(live.record.status)) return
    live.timedOut = timedOut
    this.options.log(`Run ${live.record.runId} (${live.record.toolId}): ${reason}; terminating its tool host.`)
    this.host.terminateRunWorker(live.record.runId, `run ${live.record.runId} of "${live.record.toolId}": ${reason}`)
  }

  /** Keeps the newest `maxRuns` runs in memory and on disk; live runs are never pruned. */
  private prune(): void {
    const max = this.options.maxRuns ?? 500
    if (this.runs.size <= max) return
    const drop: string[] = []
    for (const [id, live] of this.runs) {
      if (this.runs.size - drop.length <= max) break
      if (FINAL.has(live.record.status)) drop.push(id)
    }
    for (const id of drop) this.runs.delete(id)
    void this.options.history.remove(drop)
  }
}
