// Run registry: starts runs on the tool host, holds LIVE runs only (status, counters, timers, subscribers) and
// appends every event to the history store as it happens; finished runs are read back from the store. Every way a
// run ends other than its own `run-finished` (host lost, server closing, size limit, waiting expiry) writes one.

import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { type RunEvent, type CassetteExchange, type ControlFailure, type RunControl, type RunDetail, type RunPage, type RunRecord, type RunOrigin, type RunRecordStatus, type StartRunBody } from '../../src/shared/protocol.ts'
import { isFinalStatus, isWaitingStatus, statusAfter, type RunEndStatus } from '../../src/shared/runStatus.ts'
import { StartWithdrawnError, UnknownToolError, type RunSink, type ToolHost } from '../toolHost/host.ts'
import { TimeoutClock } from '../../src/runtime/index.ts'
import { boundEvent, DEFAULT_LIMITS, type RunLimits } from './limits.ts'
import { compactViews, RunEventFrame } from '../../src/shared/passthroughViews.ts'
import type { RunQuery, RunStore } from '../history/runStore.ts'
import { redactContext } from '../history/runStoreImport.ts'
import { shownId } from '../http/security.ts'
import { newCassette, type CassetteStore } from '../history/cassetteStore.ts'
import { requestSecrets } from '../../src/shared/redact.ts'

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
  /** Live subscribers: each gets the event and its stored JSON (views compact), so a stream need not serialise it again. */
  listeners: Set<(event: RunEvent, json: string) => void>
  killTimer?: ReturnType<typeof setTimeout>
  /** Stops while the run waits for a person, like the runtime's own timeout. */
  watchdog?: TimeoutClock
  /** Runs while the run waits for a person: a run left waiting too long ends as `expired`. */
  expiryTimer?: ReturnType<typeof setTimeout>
  /** Runs while the run is queued: a queued run nobody watches is dropped. */
  queueTimer?: ReturnType<typeof setTimeout>
  abortReason?: string
  timedOut?: boolean
  /** False while the run is queued (its start has not reached a worker); no tool code of it runs before that. */
  launched: boolean
  /** Open event streams of the run, and when someone last looked at it (stream closed, detail read). */
  watchers: number
  lastWatchedPerf: number
  /** Network mode `record`: the exchanges so far, and the cassette name to save them under (if one was given). */
  /** What a `record` run has recorded so far: its exchanges, their size, and whether recording stopped at a limit. */
  recording?: { exchanges: CassetteExchange[]; bytes: number; full: boolean; saveAs?: string; secrets: string[] }
}

/** Exchanges one recorded run keeps at most (a cassette's own limit); later ones are not recorded. */
const MAX_RECORDED_EXCHANGES = 10_000

/** What the registry needs of the tool host: start (queued until a slot frees), withdraw, steer and kill runs. */
export type RunHost = Pick<ToolHost, 'ready' | 'hasTool' | 'start' | 'withdrawStart' | 'queuePosition' | 'control' | 'terminateRunWorker'>

/** Options of the registry. */
export interface RunRegistryOptions {
  /** The tool host that runs the tools; it reports back through the registry's RunSink methods. */
  host: RunHost
  store: RunStore
  timeoutMs: number
  /** Payload and run size limits; defaults 1 MiB and 50 MiB. */
  limits?: Partial<RunLimits>
  /** Most runs live at once (queued, running or waiting); more are refused with 429. Default 100. */
  maxLiveRuns?: number
  /** How long a queued run nobody watches (no event stream, no detail read) is kept before it is dropped. Default 30 s. */
  unwatchedQueueGraceMs?: number
  /** How long a run may wait for a person before it ends as `expired`. Default 30 minutes. */
  waitingExpiryMs?: number
  /** Where cassettes are read (`replay` by name) and recordings written (`record`). */
  cassettes?: CassetteStore
  log: (line: string) => void
}

export class RunRegistry implements RunSink {
  private live = new Map<string, LiveRun>()
  private limits: RunLimits
  private host: RunHost
  /** Recordings being written, by run id: reading a run's cassette waits for its write. */
  private savingRecordings = new Map<string, Promise<void>>()

  constructor(readonly options: RunRegistryOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    this.host = options.host
    // The store cannot write (disk full, I/O error): the runs in flight end with why, so none goes on unsaved; their
    // ends use the room the store freed, or are written once it can write again.
    options.store.onWriteFailure((message) => {
      for (const live of [...this.live.values()]) this.end(live, 'error', message)
    })
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

  /** Number of runs in flight (queued, running or waiting). */
  get liveCount(): number {
    return this.live.size
  }

  /** Runs in flight allowed at once; past it a start is refused (429). */
  get maxLiveRuns(): number {
    return this.options.maxLiveRuns ?? 100
  }

  /**
   * Registers a run and answers at once: the run is `queued` until the tool host has a slot and a worker for it, so a
   * start never waits for other runs. Throws UnknownToolError for an unknown tool, TooManyRunsError past the cap (queued
   * runs count), CassetteError for a missing cassette. `origin` is kept with it in history (a rerun's link back).
   */
  async start(request: StartRunBody, origin?: RunOrigin): Promise<string> {
    const max = this.maxLiveRuns
    if (this.live.size >= max) {
      throw new TooManyRunsError(`Too many runs in flight (${this.live.size} queued, running or waiting; the limit is ${max}): finish, abort or wait for some before starting more.`)
    }
    await this.host.ready
    if (!this.host.hasTool(request.toolId)) throw new UnknownToolError(`Unknown tool "${shownId(request.toolId)}".`)
    const runId = randomUUID()
    // A cassette named for a replay is read here (CassetteError when missing): the tool host gets the cassette itself.
    const named = typeof request.cassette === 'string' ? request.cassette : undefined
    const cassettes = this.options.cassettes
    const sent: StartRunBody =
      request.network === 'replay' && named !== undefined && cassettes ? { ...request, cassette: await cassettes.load(request.toolId, named) } : request
    const startedAt = new Date().toISOString()
    const pk = this.options.store.createRun({ runId, toolId: request.toolId, caller: request.caller ?? 'agent', startedAt, request: redactContext(request), origin, status: 'queued' })
    const now = performance.now()
    const live: LiveRun = { runId, toolId: request.toolId, pk, status: 'queued', startedPerf: now, lastSeq: -1, eventCount: 0, bytes: 0, finished: false, listeners: new Set(), launched: false, watchers: 0, lastWatchedPerf: now }
    // The raw request's secrets, taken before the store's redaction, for the recording's redaction: in memory only.
    if (request.network === 'record') live.recording = { exchanges: [], bytes: 0, full: false, saveAs: named, secrets: requestSecrets(request) }
    this.live.set(runId, live)
    this.watchQueued(live)
    void this.launch(live, sent)
    return runId
  }

  /** Hands a registered run to the tool host; it waits there for a slot. A start that fails ends the run with why. */
  private async launch(live: LiveRun, request: StartRunBody): Promise<void> {
    try {
      await this.host.start(live.runId, request, this.options.timeoutMs, this.limits.payloadBytes)
    } catch (err) {
      if (err instanceof StartWithdrawnError) return this.endAborted(live, err.message)
      return this.end(live, 'error', `The run could not start: ${(err as Error).message}`)
    }
    live.launched = true
    clearTimeout(live.queueTimer)
    // On its worker: running from now (the store learns it with the run's first event, a moment later).
    if (live.status === 'queued') live.status = 'running'
    // Ended while its worker was being handed over (server closing): stop the tool it just started.
    if (live.finished) return void this.host.control(live.runId, { type: 'abort', reason: 'The run had already ended.' }).catch(() => undefined)
    // The time limit counts from here: time spent queued is not the tool's. The runtime ends a timed-out run itself;
    // this watchdog only fires when the tool blocks the thread.
    live.startedPerf = performance.now()
    live.watchdog = new TimeoutClock(this.options.timeoutMs + KILL_GRACE_MS, () =>
      this.kill(live, `Timed out after ${this.options.timeoutMs} ms and did not stop (it blocks the tool host thread)`, true),
    )
    live.watchdog.start()
  }

  /** Drops a queued run once nobody has watched it for the grace period (its client is gone): it never starts. */
  private watchQueued(live: LiveRun): void {
    const grace = this.options.unwatchedQueueGraceMs ?? 30_000
    const check = () => {
      if (live.launched || live.finished) return
      const idle = performance.now() - live.lastWatchedPerf
      if (live.watchers === 0 && idle >= grace) {
        if (this.host.withdrawStart(live.runId, `Nobody watched the queued run for ${Math.round(grace / 1000)} s (its client is gone); it was dropped before it started.`)) return
      }
      live.queueTimer = setTimeout(check, live.watchers === 0 ? Math.max(10, grace - idle) : grace)
      live.queueTimer.unref?.()
    }
    live.queueTimer = setTimeout(check, grace)
    live.queueTimer.unref?.()
  }

  /** Someone looked at the run (its detail was read): a queued run is not dropped while it is watched. */
  touch(runId: string): void {
    const live = this.live.get(runId)
    if (live) live.lastWatchedPerf = performance.now()
  }

  /** Starts ahead of a queued run (0 = next), or undefined when the run is not queued. */
  queuePosition(runId: string): number | undefined {
    const live = this.live.get(runId)
    return live && !live.launched && !live.finished ? this.host.queuePosition(runId) : undefined
  }

  onEvent(runId: string, raw: unknown): void {
    const live = this.live.get(runId)
    if (!live || live.finished) return
    const parsed = RunEventFrame.safeParse(raw)
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
    const { saveAs, secrets } = live.recording
    const saving = (async () => {
      // Both files are redacted by the store with the run's secrets (the exchanges hold what the tool really sent).
      await cassettes.saveRecording(live.runId, cassette, secrets)
      if (saveAs !== undefined) this.options.log(`Recorded ${cassette.exchanges.length} exchanges of run ${live.runId}: ${await cassettes.save(live.toolId, saveAs, cassette, secrets)}`)
    })()
      .catch((err) => this.options.log(`Could not save the recording of run ${live.runId}: ${(err as Error).message}`))
      .finally(() => this.savingRecordings.delete(live.runId))
    this.savingRecordings.set(live.runId, saving)
    return saving
  }

  onRunLost(runId: string, message: string): void {
    const live = this.live.get(runId)
    if (!live || live.finished) return
    if (live.abortReason !== undefined && !live.timedOut) return this.endAborted(live, live.abortReason)
    this.end(live, 'error', message)
  }

  /** Ends a run that no tool code will finish (it was aborted while parked, or queued) as `aborted`. */
  private endAborted(live: LiveRun, reason: string): void {
    if (live.finished) return
    const at = this.now(live)
    this.append(live, { type: 'aborted', seq: live.lastSeq + 1, at, reason: reason || undefined })
    this.append(live, { type: 'run-finished', seq: live.lastSeq + 1, at, status: 'aborted', durationMs: at })
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
    // A queued run never starts; the worker may still hold a started one (a size limit, an expiry): let it go, its later
    // events are ignored.
    if (!live.launched && this.host.withdrawStart(live.runId, message)) return
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
      clearTimeout(live.queueTimer)
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
        for (const l of live.listeners) l(bounded, data)
        live.listeners.clear()
      })
      return
    }
    for (const l of live.listeners) l(bounded, data)
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

  /**
   * Replays events after `afterSeq` (from the store), then streams live ones; undefined for an unknown run. Events come
   * with views expanded; live ones also with their stored JSON (views compact, as an SSE frame carries them).
   */
  subscribe(runId: string, afterSeq: number, onEvent: (event: RunEvent, json?: string) => void): (() => void) | undefined {
    const live = this.live.get(runId)
    if (!live && this.options.store.keyOf(runId) === undefined) return undefined
    let last = afterSeq
    for (const e of this.options.store.events(runId, afterSeq)) {
      last = e.seq
      onEvent(e)
    }
    if (!live || live.finished) return () => {}
    const listener = (e: RunEvent, json: string) => {
      if (e.seq > last) onEvent(e, json)
    }
    live.listeners.add(listener)
    live.watchers++
    return () => {
      if (!live.listeners.delete(listener)) return
      live.watchers--
      live.lastWatchedPerf = performance.now()
    }
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
    if (!live.launched) {
      // Queued: only an abort applies, and it ends the run before any of its code runs.
      if (control.type !== 'abort') return { ok: false, failure: { code: 'invalid-state', message: `The run is queued (it has not started yet): ${control.type} does not apply.`, state } }
      live.abortReason = control.reason ?? ''
      if (this.host.withdrawStart(runId, control.reason ?? '')) return { ok: true }
    }
    if (control.type === 'abort') {
      live.abortReason = control.reason ?? ''
      void this.host.control(runId, control)
      // A tool stuck in a synchronous loop never sees the abort: terminate its worker after a grace period.
      live.killTimer ??= setTimeout(() => this.kill(live, 'The tool did not stop after abort (it blocks the tool host thread)', false), KILL_GRACE_MS)
      live.killTimer.unref?.()
      return { ok: true }
    }
    const failure = await this.host.control(runId, control)
    if (!failure) return { ok: true }
    // The run ended while the control was on its way: it is over, not unknown.
    if (failure.code === 'unknown-run' && live.finished) {
      return { ok: false, failure: { code: 'invalid-state', message: `The run is already over (${live.status}): ${control.type} does not apply.`, state: live.status } }
    }
    return { ok: false, failure: { ...failure, state: failure.state ?? live.status } }
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
