// The tool host seen by the server: the current catalog and its pool of warm workers (one run per worker, see
// pool.ts), at most `maxWorkers` of them executing (slots.ts), runs waiting for approval or resume data parked as
// checkpoints on no worker (continued on any worker when answered), hot reload (new pool on file change, old busy
// workers finish their run), and catalog diffs.

import { totalmem } from 'node:os'
import { relative } from 'node:path'
import type { CassetteExchange, CatalogError, CatalogEvent, RunControl, RunEvent, StartRunBody, ToolDetail, ToolSummary } from '../../src/shared/protocol.ts'
import { shownId } from '../http/security.ts'
import { listToolFiles } from './files.ts'
import { HostWorker, LoadCrash, type HostWorkerEvents, type LoadResult } from './hostWorker.ts'
import type { ControlFailure, FitCheck, NetworkProgress, RunCheckpoint, WorkerInit } from './messages.ts'
import { WorkerPool } from './pool.ts'
import { ExecutionSlots, type SlotStats } from './slots.ts'
import { watchPaths } from './watch.ts'
import { catalogChange, fileDigests, sameDigests } from './catalogChange.ts'

/** Receives run events and run losses from the host. Events are already validated against the protocol. */
export interface RunSink {
  onEvent(runId: string, event: RunEvent): void
  /** The run's worker stopped (crash, exit, terminate) or the run could not start: the run must end with `message`. */
  onRunLost(runId: string, message: string): void
  /** Network mode `record`: one exchange of the run, recorded (before the run's `run-finished`). */
  onRecorded?(runId: string, exchange: CassetteExchange): void
}

/** A sink that forwards to one made later (the run registry is built on the host that reports to it). */
export function forwardingSink(target: () => RunSink): RunSink {
  return {
    onEvent: (runId, event) => target().onEvent(runId, event),
    onRunLost: (runId, message) => target().onRunLost(runId, message),
    onRecorded: (runId, exchange) => target().onRecorded?.(runId, exchange),
  }
}

/** Options of the tool host. */
export interface ToolHostOptions {
  paths: string[]
  watch: boolean
  sink: RunSink
  log: (line: string) => void
  /** How long importing the modules may take before the worker is declared hung. */
  loadTimeoutMs?: number
  /** Debounce for file changes. */
  watchDebounceMs?: number
  maxOldGenerationSizeMb?: number
  /** Loaded idle workers kept ready, so a run starts without an import (default 1). */
  spareWorkers?: number
  /** Idle workers kept at most after a burst of runs (default 4, or `maxWorkers` when smaller). */
  maxIdleWorkers?: number
  /**
   * Runs executing at once, at most (default from memory: defaultMaxWorkers()); more starts queue for a slot. A run
   * waiting for a person holds no slot, so a tool that blocks its thread never delays approvals, and waiting runs never
   * block starts.
   */
  maxWorkers?: number
  /**
   * Route the tools' HTTP through the network interception (events, record, replay, mock). Default true; off only to
   * measure what interception costs (`npm run bench:server`): runs then make their requests unseen.
   */
  interceptNetwork?: boolean
  /** More header and query parameter names to redact in network events and recordings (beside the built-in list). */
  redact?: { headers?: string[]; query?: string[] }
  /** Bytes a run's recording (network mode `record`) keeps at most: the per-run limit (default 50 MiB). */
  recordingBytes?: number
  /** Send the tools' console output to stderr instead of stdout (CLI commands whose stdout is machine-read). */
  toolOutputToStderr?: boolean
}

/** Thrown by start() for an unknown tool id. */
export class UnknownToolError extends Error {}

/** Thrown by start() for a start withdrawn (withdrawStart) before it reached a worker; the message is the reason. */
export class StartWithdrawnError extends Error {}

/** Catalog state served by GET /api/tools. */
export interface HostCatalog {
  version: number
  tools: ToolDetail[]
  errors: CatalogError[]
}

/** Worker and slot counts, for tests and diagnostics. */
export interface HostStats extends SlotStats {
  idle: number
  busy: number
  loading: number
  /** Every worker thread of this host still alive (any generation, any state). */
  live: number
  /** Workers created since the host started (reuse keeps this low). */
  created: number
  /** Runs waiting for approval or resume data on no worker (kept as checkpoints). */
  parked: number
}

export class ToolHost {
  private pool: WorkerPool | undefined
  /** Workers hosting a run, with the pool (generation) they belong to. */
  private busy = new Map<HostWorker, WorkerPool>()
  private owners = new Map<string, HostWorker>()
  /** Lines the workers printed while loading: each is printed once, not once per worker (HostWorker's `loadLines`). */
  private loadLines = new Set<string>()
  /** Starts not on a worker yet (queued for a slot, or waiting for a worker), by run id. */
  private pendingStarts = new Map<string, { withdrawn?: string }>()
  /** What each live run was started with (a parked run continues with it, its network from where it stood). */
  private requests = new Map<string, { request: StartRunBody; payloadBytes?: number; progress?: NetworkProgress }>()
  /** Runs waiting for approval or resume data that left their worker, by run id. */
  private parked = new Map<string, RunCheckpoint>()
  /** Parked runs being handed to a worker: a second control waits for the hand-over. */
  private continuing = new Map<string, Promise<unknown>>()
  private alive = new Set<HostWorker>()
  private created = 0
  private slots: ExecutionSlots
  private catalogState: HostCatalog = { version: 0, tools: [], errors: [] }
  /** Content hash of each tool file by its catalog path, to tell code-only edits apart from no change. */
  private digests = new Map<string, string>()
  private listeners = new Set<(event: CatalogEvent) => void>()
  private readyPromise: Promise<void>
  private reloading: Promise<void> | undefined
  private reloadQueued = false
  private closed = false
  private stopWatching: (() => Promise<void>) | undefined
  /** The worker that serves the fit checks in flight, if any. */
  private checking: { pool: WorkerPool | undefined; worker?: HostWorker; taken: Promise<HostWorker>; pending: number } | undefined

  constructor(private options: ToolHostOptions) {
    this.slots = new ExecutionSlots(options.maxWorkers ?? defaultMaxWorkers())
    this.readyPromise = this.boot()
    this.readyPromise.catch((err) => options.log(`Tool host failed to start: ${(err as Error).message}`))
    if (options.watch) {
      this.stopWatching = watchPaths(options.paths, () => void this.reload(), options.watchDebounceMs ?? 80, options.log)
    }
  }

  /** Resolves once a catalog is available (after the first load). */
  get ready(): Promise<void> {
    return this.readyPromise
  }

  get catalog(): HostCatalog {
    return this.catalogState
  }

  /** Execution slots: runs that may execute at once. */
  get slotCount(): number {
    return this.slots.max
  }

  /** Idle, busy and loading workers of the current pool (busy counts every generation). */
  stats(): HostStats {
    const pool = { idle: this.pool?.idleCount ?? 0, busy: this.busy.size, loading: this.pool?.spawningCount ?? 0 }
    return { ...pool, live: this.alive.size, created: this.created, parked: this.parked.size, ...this.slots.stats() }
  }

  /** Lists summaries (the catalog without schemas and previews). */
  summaries(): ToolSummary[] {
    return this.catalogState.tools.map(({ id, title, description, kind, group, file, exportName, flags }) => ({ id, title, description, kind, group, file, exportName, flags }))
  }

  onCatalogChange(listener: (event: CatalogEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async boot(): Promise<void> {
    const { worker, result, digests, init } = await this.spawnLoaded()
    // Closed while the first load ran: that worker must not outlive the host (it would keep the process alive).
    if (this.closed) return worker.terminate('closed')
    this.install(worker, result, digests, init, false)
  }

  private newWorker(init: WorkerInit): HostWorker {
    const worker = new HostWorker(init, this.workerEvents, this.options.loadTimeoutMs ?? 30_000, {
      maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
    }, this.options.toolOutputToStderr, this.loadLines)
    this.alive.add(worker)
    this.created++
    return worker
  }

  /** Spawns a worker and loads the modules; a module whose import kills or hangs the worker is skipped and named. */
  private async spawnLoaded(): Promise<{ worker: HostWorker; result: LoadResult; digests: Map<string, string>; init: WorkerInit }> {
    const { files, missing } = await listToolFiles(this.options.paths)
    const digests = await fileDigests(files)
    const skip: CatalogError[] = missing.map((p) => ({ file: p, message: 'No such file or folder.' }))
    for (;;) {
      const todo = files.filter((f) => !skip.some((s) => s.file === relative(process.cwd(), f) || s.file === f))
      const init: WorkerInit = { files: todo, skip: [...skip], interceptNetwork: this.options.interceptNetwork ?? true, redact: this.options.redact, recordingBytes: this.options.recordingBytes }
      const worker = this.newWorker(init)
      try {
        return { worker, result: await worker.loadResult, digests, init }
      } catch (err) {
        if (!(err instanceof LoadCrash) || !err.file || this.closed) throw err
        const rel = relative(process.cwd(), err.file)
        skip.push({ file: rel && !rel.startsWith('..') ? rel : err.file, message: `Importing this module stopped the tool host (${err.message}); it was skipped.` })
      }
    }
  }

  private install(worker: HostWorker, result: LoadResult, digests: Map<string, string>, init: WorkerInit, notify: boolean): void {
    const before = { tools: this.catalogState.tools, digests: this.digests }
    // Old idle workers go now; old busy ones finish their run and are terminated when it ends.
    this.pool?.close('replaced by a reloaded tool host')
    this.pool = new WorkerPool(init, {
      spares: this.options.spareWorkers ?? 1,
      maxIdle: this.options.maxIdleWorkers ?? Math.min(DEFAULT_MAX_IDLE, this.slots.max),
      spawn: (i) => this.newWorker(i),
      // A spare loads the files as they are now: it may serve runs only while they still match this catalog.
      unchanged: async () => sameDigests(digests, await fileDigests(init.files)),
      onStale: () => void this.reload(),
      log: this.options.log,
    }, worker)
    this.catalogState = { version: this.catalogState.version + 1, tools: result.tools, errors: result.errors }
    this.digests = digests
    if (!notify) return
    const event = catalogChange(before, { tools: result.tools, digests }, this.catalogState.version, result.errors)
    for (const l of this.listeners) l(event)
  }

  private workerEvents: HostWorkerEvents = {
    onEvent: (runId, event) => {
      if (event.type === 'run-finished') this.forget(runId)
      this.slots.onEvent(runId, event)
      this.options.sink.onEvent(runId, event)
    },
    onStartFailed: (runId, message) => this.lose(runId, message),
    onParked: (runId, checkpoint) => {
      this.owners.delete(runId)
      this.parked.set(runId, checkpoint)
    },
    onNetwork: (runId, update) => {
      const started = this.requests.get(runId)
      if (update.progress && started) started.progress = update.progress
      if (update.recorded) this.options.sink.onRecorded?.(runId, update.recorded)
    },
    onRunEnded: (worker, reusable) => this.release(worker, reusable),
    onExit: (worker, reason) => {
      this.alive.delete(worker)
      const pool = this.busy.get(worker) ?? this.pool
      this.busy.delete(worker)
      pool?.forget(worker)
      for (const runId of worker.runs) this.lose(runId, `The tool host stopped: ${reason}. The run was ended; other runs were not affected.`)
      worker.runs.clear()
      if (!this.closed) this.options.log(`Tool-host worker ${worker.generation} stopped (${reason}).`)
    },
    log: (line) => this.options.log(line),
  }

  /** Drops what the host keeps of a run that is over. */
  private forget(runId: string): void {
    this.owners.delete(runId)
    this.requests.delete(runId)
    this.parked.delete(runId)
  }

  /** The run ends with `message` (its worker stopped, its start or continuation failed). */
  private lose(runId: string, message: string): void {
    this.forget(runId)
    this.slots.end(runId)
    this.options.sink.onRunLost(runId, message)
  }

  /** A worker's run ended: back to its pool when fit (a closed pool terminates it). */
  private release(worker: HostWorker, fit: boolean): void {
    const pool = this.busy.get(worker)
    this.busy.delete(worker)
    if (pool) pool.give(worker, fit)
    else worker.terminate('its run ended')
  }

  /** Rebuilds the host from the files on disk; coalesces changes that arrive during a reload. */
  reload(): Promise<void> {
    if (this.closed) return Promise.resolve()
    if (this.reloading) {
      this.reloadQueued = true
      return this.reloading
    }
    this.reloading = (async () => {
      try {
        await this.readyPromise.catch(() => undefined)
        const { worker, result, digests, init } = await this.spawnLoaded()
        if (this.closed) return worker.terminate('server closing')
        this.install(worker, result, digests, init, true)
        this.options.log(`Reloaded tools (catalog version ${this.catalogState.version}).`)
      } catch (err) {
        this.options.log(`Reload failed: ${(err as Error).message}`)
      } finally {
        this.reloading = undefined
        if (this.reloadQueued) {
          this.reloadQueued = false
          void this.reload()
        }
      }
    })()
    return this.reloading
  }

  /** Takes an idle worker of the current pool (fairly by `key`), retrying once when a reload replaces the pool meanwhile. */
  private async takeWorker(key?: string): Promise<{ worker: HostWorker; pool: WorkerPool }> {
    for (let attempt = 0; ; attempt++) {
      const pool = this.pool
      if (!pool) throw new Error('The tool host is not running.')
      try {
        return { worker: await pool.take(key), pool }
      } catch (err) {
        if (attempt >= 2 || this.pool === pool || this.closed) throw err
      }
    }
  }

  /**
   * Starts a run on its own worker once an execution slot is free (the run is queued until then; withdrawStart() takes
   * it out). Throws UnknownToolError for an unknown id, StartWithdrawnError when withdrawn before it reached a worker.
   */
  async start(runId: string, request: StartRunBody, timeoutMs: number, payloadBytes?: number): Promise<void> {
    await this.readyPromise
    if (!this.hasTool(request.toolId)) throw new UnknownToolError(`Unknown tool "${shownId(request.toolId)}".`)
    const pending: { withdrawn?: string } = {}
    this.pendingStarts.set(runId, pending)
    let taken: { worker: HostWorker; pool: WorkerPool }
    try {
      await this.slots.acquire(runId)
      try {
        taken = await this.takeWorker(request.toolId)
      } catch (err) {
        this.slots.cancel()
        throw err
      }
      if (pending.withdrawn !== undefined) {
        // Withdrawn while its worker was being made: the worker serves the next start instead.
        taken.pool.give(taken.worker, true)
        this.slots.cancel()
        throw new StartWithdrawnError(pending.withdrawn)
      }
    } finally {
      this.pendingStarts.delete(runId)
    }
    const { worker, pool } = taken
    this.busy.set(worker, pool)
    this.owners.set(runId, worker)
    this.requests.set(runId, { request, payloadBytes })
    this.slots.claim(runId)
    try {
      worker.start(runId, request, timeoutMs, payloadBytes)
    } catch (err) {
      // A refused start (the request could not be sent) leaves no trace: the worker never saw it.
      worker.runs.delete(runId)
      this.forget(runId)
      this.slots.end(runId)
      this.release(worker, true)
      throw err
    }
  }

  /** Withdraws a start that has not reached a worker yet (its start() rejects); false when there is none. */
  withdrawStart(runId: string, reason: string): boolean {
    const pending = this.pendingStarts.get(runId)
    if (!pending) return false
    pending.withdrawn = reason
    this.slots.withdraw(runId, new StartWithdrawnError(reason))
    return true
  }

  /** Starts ahead of `runId` in the slot queue (0 once it has a slot and waits only for its worker); undefined when not starting. */
  queuePosition(runId: string): number | undefined {
    if (!this.pendingStarts.has(runId)) return undefined
    return this.slots.position(runId) ?? 0
  }

  /** True when the tool id is in the current catalog. */
  hasTool(toolId: string): boolean {
    return this.catalogState.tools.some((t) => t.id === toolId)
  }

  /** Why stored scenario data no longer fits the tool's current schemas (empty when it fits). Runs on an idle worker. */
  async checkFit(check: FitCheck, replyTimeoutMs = 5_000): Promise<string[]> {
    await this.readyPromise
    if (!this.hasTool(check.toolId)) return [`The tool "${check.toolId}" is not in the catalog any more.`]
    // Concurrent checks (a scenario list) share one worker: they only validate data, and one load is enough.
    const pool = this.pool
    if (!this.checking || this.checking.pool !== pool || this.checking.worker?.unusable) {
      const checking: NonNullable<ToolHost['checking']> = { pool, pending: 0, taken: undefined as unknown as Promise<HostWorker> }
      checking.taken = this.takeWorker().then(({ worker, pool }) => {
        this.busy.set(worker, pool)
        checking.worker = worker
        return worker
      })
      this.checking = checking
    }
    const checking = this.checking
    checking.pending++
    try {
      const worker = await checking.taken
      return await worker.check(check, replyTimeoutMs)
    } finally {
      if (--checking.pending === 0) {
        if (this.checking === checking) this.checking = undefined
        void checking.taken.then((w) => this.release(w, !w.unusable), () => undefined)
      }
    }
  }

  async control(runId: string, control: RunControl, replyTimeoutMs = 5_000): Promise<ControlFailure | undefined> {
    const handingOver = this.continuing.get(runId)
    if (handingOver) await handingOver
    const owner = this.owners.get(runId)
    if (owner) {
      const failure = await owner.control(runId, control, replyTimeoutMs)
      // The run left its worker while the control was on its way (it parked): continue it from its checkpoint.
      if (failure?.code !== 'unknown-run' || !this.parked.has(runId)) return failure
    }
    const checkpoint = this.parked.get(runId)
    if (!checkpoint) return { code: 'unknown-run', message: 'The run is not live in the tool host.' }
    const continued = this.continueParked(runId, checkpoint, control, replyTimeoutMs)
    this.continuing.set(runId, continued)
    return continued.finally(() => this.continuing.delete(runId))
  }

  /** Answers a parked run: on any worker of the current catalog, from its checkpoint (an abort needs no worker). */
  private async continueParked(runId: string, checkpoint: RunCheckpoint, control: RunControl, replyTimeoutMs: number): Promise<ControlFailure | undefined> {
    const started = this.requests.get(runId)
    if (control.type === 'abort' || !started) {
      // Nothing of the run is executing: the registry ends it as aborted (it set the abort reason), as the runtime would.
      this.lose(runId, control.type === 'abort' ? (control.reason ?? 'aborted') : 'The run was lost by the tool host.')
      return undefined
    }
    if (!this.hasTool(started.request.toolId)) {
      const message = `The tool "${shownId(started.request.toolId)}" is not in the catalog any more; the run cannot go on.`
      this.lose(runId, message)
      return { code: 'unknown-tool', message }
    }
    this.parked.delete(runId)
    let taken: { worker: HostWorker; pool: WorkerPool }
    try {
      taken = await this.takeWorker(started.request.toolId)
    } catch (err) {
      this.parked.set(runId, checkpoint)
      return { code: 'host-unavailable', message: (err as Error).message }
    }
    this.busy.set(taken.worker, taken.pool)
    this.owners.set(runId, taken.worker)
    return taken.worker.continueRun(runId, started.request, checkpoint, control, replyTimeoutMs, started.payloadBytes, started.progress)
  }

  /** Terminates the worker running `runId` (a tool that ignores abort or blocks the thread); only that run is lost. */
  terminateRunWorker(runId: string, reason: string): void {
    this.owners.get(runId)?.terminate(reason)
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stopWatching?.()
    this.pool?.close('closed')
    this.slots.close('closed')
    for (const w of this.busy.keys()) w.terminate('server closing')
  }
}

/**
 * The young generation of a tool-host worker. V8 grows it to 32 MB or more for a run that allocates fast (a tool that
 * writes 10,000 chunks), and a pool of workers each holding that much garbage cost more memory than anything else in
 * the soak test; 4 MB collects it often and cheaply (figures in BENCHMARKS.md).
 */
const WORKER_YOUNG_GENERATION_MB = 4

/** Idle workers kept after a burst by default: enough for back-to-back runs, few enough to give memory back. */
const DEFAULT_MAX_IDLE = 4

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
