// Run registry: starts runs on the tool host, holds LIVE runs only (status, counters, timers, subscribers) and
// appends every event to the history store as it happens; finished runs are read back from the store. Every way a
// run ends other than its own `run-finished` (host lost, server closing, size limit, waiting expiry) writes one.

import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { RunEvent, type CassetteExchange, type ControlFailure, type RunControl, type RunDetail, type RunPage, type RunRecord, type RunOrigin, type RunRecordStatus, type StartRunBody } from '../src/shared/protocol.ts'
import { isFinalStatus, isWaitingStatus, statusAfter, type RunEndStatus } from '../src/shared/runStatus.ts'
import type { RunSink, ToolHost } from './toolHost/host.ts'
import { TimeoutClock } from '../src/runtime/index.ts'
import { boundEvent, compactViews, DEFAULT_LIMITS, expandViews, type RunLimits } from './limits.ts'
import type { RunQuery, RunStore } from './runStore.ts'
import { redactContext } from './runStoreImport.ts'
import { newCassette, type CassetteStore } from './cassetteStore.ts'

/** How long a tool may ignore an abort (or overrun its timeout) before its worker is terminated. */
const KILL_GRACE_MS = 1_000

/** Outcome of a run control; a refusal carries its error code, which the app maps to an HTTP status. */
export type ControlOutcome = { ok: true } | { ok: false; failure: ControlFailure }

/** Thrown by start() when the live-run cap is reached (HTTP 429). */
export class TooManyRunsError extends Error {
  readonly code = 'too-many-runs'
}

interface LiveRun {
  runId: string
  toolId: string
  /** Row key in the store. */
  pk: number
  status: RunRecordStatus
  startedPerf: number
  lastSeq: number
  eventCount: number
  bytes: number
  finished: boolean
  listeners: Set<(event: RunEvent) => void>
  killTimer?: ReturnType<typeof setTimeout>
  /** Stops while the run waits for a person, like the runtime's own timeout. */
  watchdog?: TimeoutClock
  /** Runs while the run waits for a person: a run left waiting too long ends as `expired`. */
  expiryTimer?: ReturnType<typeof setTimeout>
  abortReason?: string
  timedOut?: boolean
  /** Network mode `record`: the exchanges so far, and the cassette name to save them under (if one was given). */
  /** What a `record` run has recorded so far: its exchanges, their size, and whether recording stopped at a limit. */
  recording?: { exchanges: CassetteExchange[]; bytes: number; full: boolean; saveAs?: string }
}

/** Exchanges one recorded run keeps at most (a cassette's own limit); later ones are not recorded. */
const MAX_RECORDED_EXCHANGES = 10_000

/** Options of the registry. */
/** What the registry needs of the tool host: start, steer and kill runs. */
export type RunHost = Pick<ToolHost, 'start' | 'control' | 'terminateRunWorker'>

export interface RunRegistryOptions {
  /** The tool host that runs the tools; it reports back through the registry's RunSink methods. */
  host: RunHost
  store: RunStore
  timeoutMs: number
  /** Payload and run size limits; defaults 1 MiB and 50 MiB. */
  limits?: Partial<RunLimits>
  /** Most runs live at once (running or waiting); more are refused with 429. Default 100. */
  maxLiveRuns?: number
  /** How long a run may wait for a person before it ends as `expired`. Default 30 minutes. */
  waitingExpiryMs?: number
  /** Where cassettes are read (`replay` by name) and recordings written (`record`). */
  cassettes?: CassetteStore
  log: (line: string) => void
}

export class RunRegistry implements RunSink {
  private live = new Map<string, LiveRun>()
  /** Starts handed to the host and not yet registered (waiting for an execution slot or a worker). */
  private starting = 0
  private limits: RunLimits
  private host: RunHost
  /** Recordings being written, by run id: reading a run's cassette waits for its write. */
  private savingRecordings = new Map<string, Promise<void>>()

  constructor(readonly options: RunRegistryOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    this.host = options.host
  }

  /** The history store behind the registry. */
  get store(): RunStore {
    return this.options.store
  }

  /** True for a live or stored run. */
  has(runId: string): boolean {
    return this.live.has(runId) || this.options.store.keyOf(runId) !== undefined
  }

  /** A whole record with its events, read from the store (export, scenarios, MCP results). */
  get(runId: string): RunRecord | undefined {
    return this.options.store.record(runId)
  }

  /** True while the run is in flight (running or waiting). */
  isLive(runId: string): boolean {
    return this.live.has(runId)
  }

  /** One run's summary and request, without events. */
  detail(runId: string): RunDetail | undefined {
    return this.options.store.detail(runId)
  }

  /** Summaries, newest first. */
  list(query: RunQuery = {}): RunPage {
    return this.options.store.list(query)
  }

  /** Number of runs in flight (running or waiting). */
  get liveCount(): number {
    return this.live.size
  }

  /**
   * Starts a run; throws UnknownToolError (from the host) for an unknown tool, TooManyRunsError past the cap.
   * `origin` is kept with it in history (a rerun's link back).
   */
  async start(request: StartRunBody, origin?: RunOrigin): Promise<string> {
    const max = this.options.maxLiveRuns ?? 100
    // Starts still waiting for an execution slot count too: the cap also bounds the host's queue.
    const inFlight = this.live.size + this.starting
    if (inFlight >= max) {
      throw new TooManyRunsError(`Too many runs in flight (${inFlight}, the limit is ${max}): finish, abort or wait for some before starting more.`)
    }
    const runId = randomUUID()
    // A cassette named for a replay is read here (CassetteError when missing): the tool host gets the cassette itself.
    const named = typeof request.cassette === 'string' ? request.cassette : undefined
    const cassettes = this.options.cassettes
    const sent: StartRunBody =
      request.network === 'replay' && named !== undefined && cassettes ? { ...request, cassette: await cassettes.load(request.toolId, named) } : request
    this.starting++
    try {
      await this.host.start(runId, sent, this.options.timeoutMs, this.limits.payloadBytes)
    } finally {
      this.starting--
    }
    // Events arrive as later messages: the run is registered before the first one can be delivered.
    const startedAt = new Date().toISOString()
    const pk = this.options.store.createRun({ runId, toolId: request.toolId, caller: request.caller ?? 'agent', startedAt, request: redactContext(request), origin })
    const live: LiveRun = { runId, toolId: request.toolId, pk, status: 'running', startedPerf: performance.now(), lastSeq: -1, eventCount: 0, bytes: 0, finished: false, listeners: new Set() }
    if (request.network === 'record') live.recording = { exchanges: [], bytes: 0, full: false, saveAs: named }
    this.live.set(runId, live)
    // The runtime ends a timed-out run itself; this watchdog only fires when the tool blocks the thread.
    live.watchdog = new TimeoutClock(this.options.timeoutMs + KILL_GRACE_MS, () =>
      this.kill(live, `Timed out after ${this.options.timeoutMs} ms and did not stop (it blocks the tool host thread)`, true),
    )
    live.watchdog.start()
    return runId
  }

  onEvent(runId: string, raw: unknown): void {
    const live = this.live.get(runId)
    if (!live || live.finished) return
    const parsed = RunEvent.safeParse(expandViews(raw))
    if (parsed.success) return this.append(live, parsed.data)
    const seq = (raw as { seq?: unknown })?.seq
    this.append(live, {
      type: 'log',
      seq: typeof seq === 'number' && seq > live.lastSeq ? seq : live.lastSeq + 1,
      at: this.now(live),
      level: 'error',
      source: 'runtime',
      message: `The tool host sent an event that does not match the protocol: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    })
  }

  onRecorded(runId: string, exchange: CassetteExchange): void {
    const live = this.live.get(runId)
    const recording = live?.recording
    if (!live || !recording || recording.full) return
    // The recording is held in memory until the run ends: bounded by count and by the per-run byte limit.
    const bytes = JSON.stringify(exchange).length
    if (recording.exchanges.length < MAX_RECORDED_EXCHANGES && recording.bytes + bytes <= this.limits.runBytes) {
      recording.exchanges.push(exchange)
      recording.bytes += bytes
      return
    }
    recording.full = true
    const message = `Recording stopped after ${recording.exchanges.length} exchanges (${formatBytes(recording.bytes)}): a recording keeps at most ${MAX_RECORDED_EXCHANGES} exchanges and ${formatBytes(this.limits.runBytes)}. Later requests run but are not recorded.`
    // Logged here, not as a run event: event numbers belong to the tool host while the run is in flight.
    this.options.log(`Run ${runId}: ${message}`)
  }

  /** The cassette a run recorded (network mode `record`), or undefined when it was not recorded. */
  async recording(runId: string): Promise<ReturnType<typeof newCassette> | undefined> {
    await this.savingRecordings.get(runId)
    return this.options.cassettes?.recording(runId)
  }

  /** Writes a finished recorded run's cassette with the history, and under its name when the run gave one. */
  private saveRecording(live: LiveRun): Promise<void> | undefined {
    const cassettes = this.options.cassettes
    if (!live.recording || !cassettes) return undefined
    const cassette = newCassette(live.toolId, live.recording.exchanges)
    const saveAs = live.recording.saveAs
    const saving = (async () => {
      await cassettes.saveRecording(live.runId, cassette)
      if (saveAs !== undefined) this.options.log(`Recorded ${cassette.exchanges.length} exchanges of run ${live.runId}: ${await cassettes.save(live.toolId, saveAs, cassette)}`)
    })()
      .catch((err) => this.options.log(`Could not save the recording of run ${live.runId}: ${(err as Error).message}`))
      .finally(() => this.savingRecordings.delete(live.runId))
    this.savingRecordings.set(live.runId, saving)
    return saving
  }

  onRunLost(runId: string, message: string): void {
    const live = this.live.get(runId)
    if (!live || live.finished) return
    if (live.abortReason !== undefined && !live.timedOut) {
      const at = this.now(live)
      this.append(live, { type: 'aborted', seq: live.lastSeq + 1, at, reason: live.abortReason || undefined })
      this.append(live, { type: 'run-finished', seq: live.lastSeq + 1, at, status: 'aborted', durationMs: at })
      return
    }
    this.end(live, 'error', message)
  }

  /** Ends every run in flight as `interrupted` (server shutdown, SIGTERM) and writes it all to the store. */
  endAll(message: string): void {
    for (const live of [...this.live.values()]) this.end(live, 'interrupted', message)
    this.options.store.flush()
  }

  /**
   * Ends a run from outside the runtime with a terminal event in its own log: an `error` event (status error) or a
   * `log` line (interrupted, expired), then `run-finished`. The tool, if still running, is asked to stop.
   */
  private end(live: LiveRun, status: Extract<RunEndStatus, 'error' | 'interrupted' | 'expired'>, message: string): void {
    if (live.finished) return
    const at = this.now(live)
    if (status === 'error') {
      const raw = { message }
      const passthrough = { value: raw, passthrough: true }
      this.append(live, { type: 'error', seq: live.lastSeq + 1, at, message, views: { raw, display: passthrough, transcript: passthrough, model: { type: 'error-text', value: message } } }, true)
    } else {
      this.append(live, { type: 'log', seq: live.lastSeq + 1, at, level: 'warn', source: 'runtime', message }, true)
    }
    this.append(live, { type: 'run-finished', seq: live.lastSeq + 1, at, status, durationMs: at }, true)
    // The worker may still hold the run (a size limit, an expiry): let it go; its later events are ignored.
    void this.host.control(live.runId, { type: 'abort', reason: message }).catch(() => undefined)
  }

  private now(live: LiveRun): number {
    return performance.now() - live.startedPerf
  }

  /** Bounds, stores and fans out one event. `force` lets the terminal events of a run over its size limit through. */
  private append(live: LiveRun, event: RunEvent, force = false): void {
    const bounded = boundEvent(event, this.limits.payloadBytes)
    let data: string
    try {
      data = JSON.stringify(compactViews(bounded))
    } catch (err) {
      // Never throw out of a message handler: the run ends with the reason instead.
      if (!force) this.end(live, 'error', `An event of type "${event.type}" could not be stored: ${(err as Error).message}`)
      return
    }
    if (!force && live.bytes + data.length > this.limits.runBytes) {
      return this.end(live, 'error', `The run produced more than ${formatBytes(this.limits.runBytes)} of events (the per-run limit) and was stopped.`)
    }
    live.bytes += data.length
    live.eventCount++
    live.lastSeq = event.seq
    live.status = statusAfter(live.status, event) as RunRecordStatus
    const finished = event.type === 'run-finished'
    if (finished) {
      live.finished = true
      live.watchdog?.stop()
      clearTimeout(live.killTimer)
      clearTimeout(live.expiryTimer)
      this.live.delete(live.runId)
    }
    const saving = finished ? this.saveRecording(live) : undefined
    this.options.store.append(live.pk, event.seq, event.type, data, {
      status: live.status,
      eventCount: live.eventCount,
      bytes: live.bytes,
      ...(finished ? { finishedAt: new Date().toISOString(), durationMs: event.durationMs } : {}),
    })
    if (saving) {
      // A recorded run says it finished once its cassette is on disk: a client may read it at once.
      void saving.then(() => {
        for (const l of live.listeners) l(bounded)
        live.listeners.clear()
      })
      return
    }
    for (const l of live.listeners) l(bounded)
    if (finished) return live.listeners.clear()
    if (isWaitingStatus(live.status)) {
      live.watchdog?.stop()
      this.startExpiry(live)
    } else if (live.status === 'running') {
      live.watchdog?.start()
      clearTimeout(live.expiryTimer)
      live.expiryTimer = undefined
    }
  }

  private startExpiry(live: LiveRun): void {
    if (live.expiryTimer) return
    const ms = this.options.waitingExpiryMs ?? 30 * 60_000
    live.expiryTimer = setTimeout(() => this.end(live, 'expired', `The run waited for an answer longer than ${ms} ms and expired.`), ms)
    live.expiryTimer.unref?.()
  }

  /** Replays events after `afterSeq` (from the store), then streams live ones; undefined for an unknown run. */
  subscribe(runId: string, afterSeq: number, onEvent: (event: RunEvent) => void): (() => void) | undefined {
    const live = this.live.get(runId)
    if (!live && this.options.store.keyOf(runId) === undefined) return undefined
    let last = afterSeq
    for (const e of this.options.store.events(runId, afterSeq)) {
      last = e.seq
      onEvent(e)
    }
    if (!live || live.finished) return () => {}
    const listener = (e: RunEvent) => {
      if (e.seq > last) onEvent(e)
    }
    live.listeners.add(listener)
    return () => live.listeners.delete(listener)
  }

  /** Applies a control to a live run; a refusal says why with an error code and the run's state. */
  async control(runId: string, control: RunControl): Promise<ControlOutcome> {
    const live = this.live.get(runId)
    if (!live) {
      const stored = this.options.store.detail(runId)
      if (!stored) return { ok: false, failure: { code: 'unknown-run', message: `Unknown run "${runId}".` } }
      return { ok: false, failure: { code: 'invalid-state', message: `The run is already over (${stored.status}): ${control.type} does not apply.`, state: stored.status } }
    }
    const state = live.status
    if (isFinalStatus(state)) return { ok: false, failure: { code: 'invalid-state', message: `The run is already over (${state}): ${control.type} does not apply.`, state } }
    if (control.type === 'abort') {
      live.abortReason = control.reason ?? ''
      void this.host.control(runId, control)
      // A tool stuck in a synchronous loop never sees the abort: terminate its worker after a grace period.
      live.killTimer ??= setTimeout(() => this.kill(live, 'The tool did not stop after abort (it blocks the tool host thread)', false), KILL_GRACE_MS)
      live.killTimer.unref?.()
      return { ok: true }
    }
    const failure = await this.host.control(runId, control)
    return failure ? { ok: false, failure: { ...failure, state: failure.state ?? live.status } } : { ok: true }
  }

  private kill(live: LiveRun, reason: string, timedOut: boolean): void {
    if (live.finished) return
    live.timedOut = timedOut
    this.options.log(`Run ${live.runId} (${live.toolId}): ${reason}; terminating its tool host.`)
    this.host.terminateRunWorker(live.runId, `run ${live.runId} of "${live.toolId}": ${reason}`)
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) ? 1 : 0)} MiB` : `${n} bytes`
}
