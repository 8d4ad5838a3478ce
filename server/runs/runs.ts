// Run registry: starts runs on the tool host and finds the live ones by id. Each live run is a run object
// (liveRun.ts) that owns its state, stores its events in the history store as they happen and fans them out; finished
// runs are read back from the store. The registry is the host's RunSink: it hands each event and loss to its run.

import { randomUUID } from 'node:crypto'
import type {
  CassetteExchange,
  RunControl,
  RunDetail,
  RunEvent,
  RunPage,
  RunRecord,
  RunOrigin,
  RunRecordStatus,
  StartRunBody,
} from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import { UnknownToolError, type RunLossStatus, type RunSink } from '../toolHost/host.ts'
import { redactRequestContext } from '../../src/runtime/index.ts'
import { DEFAULT_LIMITS, type RunLimits } from './limits.ts'
import type { RunStore } from '../history/runStore.ts'
import type { RunQuery } from '../history/runRows.ts'
import { shownId } from '../http/security.ts'
import type { CassetteStore, newCassette } from '../history/cassetteStore.ts'
import { requestSecrets } from '../../src/shared/redact.ts'
import { LiveRun, overFailure, type ControlOutcome, type LiveRunContext, type RunHost } from './liveRun.ts'
import { RunRecording } from './runRecording.ts'

export type { ControlOutcome, RunHost }

/** Thrown by start() when the live-run cap is reached (HTTP 429). */
export class TooManyRunsError extends Error {
  readonly code = 'too-many-runs'
}

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
  /** What every run object shares. */
  private context: LiveRunContext

  constructor(readonly options: RunRegistryOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    this.host = options.host
    this.context = {
      host: options.host,
      store: options.store,
      limits: this.limits,
      timeoutMs: options.timeoutMs,
      waitingExpiryMs: options.waitingExpiryMs ?? 30 * 60_000,
      unwatchedQueueGraceMs: options.unwatchedQueueGraceMs ?? 30_000,
      log: options.log,
      finished: (run) => {
        this.live.delete(run.runId)
        return this.saveRecording(run)
      },
    }
    // The store cannot write (disk full, I/O error): the runs in flight end with why, so none goes on unsaved; their
    // ends use the room the store freed, or are written once it can write again.
    options.store.onWriteFailure((message) => {
      for (const run of [...this.live.values()]) run.end(Status.error, message)
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
      throw new TooManyRunsError(
        `Too many runs in flight (${this.live.size} queued, running or waiting; the limit is ${max}): finish, abort or wait for some before starting more.`,
      )
    }
    await this.host.ready
    if (!this.host.hasTool(request.toolId)) throw new UnknownToolError(`Unknown tool "${shownId(request.toolId)}".`)
    const runId = randomUUID()
    // A cassette named for a replay is read here (CassetteError when missing): the tool host gets the cassette itself.
    const named = typeof request.cassette === 'string' ? request.cassette : undefined
    const cassettes = this.options.cassettes
    const sent: StartRunBody =
      request.network === 'replay' && named !== undefined && cassettes
        ? { ...request, cassette: await cassettes.load(request.toolId, named) }
        : request
    const startedAt = new Date().toISOString()
    const pk = this.options.store.createRun({
      runId,
      toolId: request.toolId,
      caller: request.caller ?? 'agent',
      startedAt,
      request: redactRequestContext(request),
      origin,
      status: Status.queued,
    })
    // The raw request's secrets, taken before the store's redaction, for the recording's redaction: in memory only.
    const recording =
      request.network === 'record' ? new RunRecording(named, requestSecrets(request), this.limits.runBytes) : undefined
    const run = new LiveRun(runId, request.toolId, pk, this.context, recording)
    this.live.set(runId, run)
    void run.launch(sent)
    return runId
  }

  /** Someone looked at the run (its detail was read): a queued run is not dropped while it is watched. */
  touch(runId: string): void {
    this.live.get(runId)?.touch()
  }

  /** Starts ahead of a queued run (0 = next), or undefined when the run is not queued. */
  queuePosition(runId: string): number | undefined {
    return this.live.get(runId)?.queuePosition()
  }

  /** A run's event from the tool host, to its run object; returns the run's status after it (undefined once it is over). */
  onEvent(runId: string, event: RunEvent): RunRecordStatus | undefined {
    return this.live.get(runId)?.receive(event)
  }

  onRecorded(runId: string, exchange: CassetteExchange): void {
    const message = this.live.get(runId)?.recording?.add(exchange)
    // Logged here, not as a run event: event numbers belong to the tool host while the run is in flight.
    if (message) this.options.log(`Run ${runId}: ${message}`)
  }

  /** The cassette a run recorded (network mode `record`), or undefined when it was not recorded. */
  async recording(runId: string): Promise<ReturnType<typeof newCassette> | undefined> {
    await this.savingRecordings.get(runId)
    return this.options.cassettes?.recording(runId)
  }

  /** Writes a finished recorded run's cassette with the history, and under its name when the run gave one. */
  private saveRecording(run: LiveRun): Promise<void> | undefined {
    const cassettes = this.options.cassettes
    if (!run.recording || !cassettes) return undefined
    const saving = run.recording
      .save(run.runId, run.toolId, cassettes)
      .then((line) => void (line && this.options.log(line)))
      .catch((err) => this.options.log(`Could not save the recording of run ${run.runId}: ${(err as Error).message}`))
      .finally(() => this.savingRecordings.delete(run.runId))
    this.savingRecordings.set(run.runId, saving)
    return saving
  }

  onRunLost(runId: string, message: string, end: RunLossStatus): void {
    this.live.get(runId)?.lost(message, end)
  }

  /** Ends every run in flight as `interrupted` (server shutdown, SIGTERM) and writes it all to the store. */
  endAll(message: string): void {
    for (const run of [...this.live.values()]) run.end(Status.interrupted, message)
    this.options.store.flush()
  }

  /**
   * Replays events after `afterSeq` (from the store), then streams live ones; undefined for an unknown run. Events come
   * with views expanded; live ones also with their stored JSON (views compact, as an SSE frame carries them).
   */
  subscribe(
    runId: string,
    afterSeq: number,
    onEvent: (event: RunEvent, json?: string) => void,
  ): (() => void) | undefined {
    const run = this.live.get(runId)
    if (!run && this.options.store.keyOf(runId) === undefined) return undefined
    let last = afterSeq
    for (const e of this.options.store.events(runId, afterSeq)) {
      last = e.seq
      onEvent(e)
    }
    return run ? run.listen(last, onEvent) : () => {}
  }

  /** Applies a control to a live run; a refusal says why with an error code and the run's state. */
  async control(runId: string, control: RunControl): Promise<ControlOutcome> {
    const run = this.live.get(runId)
    if (run) return run.control(control)
    const stored = this.options.store.detail(runId)
    if (!stored) return { ok: false, failure: { code: 'unknown-run', message: `Unknown run "${runId}".` } }
    return overFailure(stored.status, control)
  }
}
