// The tool host seen by the server: the current catalog and its pool of warm workers (one run per worker, see
// pool.ts), the runs on them (hostedRuns.ts: at most `maxWorkers` executing, runs waiting for approval or resume data
// parked as checkpoints on no worker and continued on any worker when answered), hot reload (new pool on file change,
// old busy workers finish their run), and catalog diffs.

import { relative } from 'node:path'
import type {
  CatalogError,
  CatalogEvent,
  ControlFailure,
  RunControl,
  StartRunBody,
  ToolSummary,
} from '../../src/shared/protocol.ts'
import { McpSources } from '../mcpSources/sources.ts'
import type { McpServerSpec } from '../mcpSources/config.ts'
import { McpCatalogChanges, mergeCatalog } from '../mcpSources/catalogMerge.ts'
import { listToolFiles } from './files.ts'
import { HostWorker, LoadCrash, type HostWorkerEvents, type LoadResult } from './hostWorker.ts'
import type { FitCheck, WorkerInit } from './messages.ts'
import { WorkerPool } from './pool.ts'
import { FitChecks } from './fitChecks.ts'
import type { HostCatalog, HostStats, ToolHostOptions } from './hostOptions.ts'
import { watchPaths } from './watch.ts'
import { catalogChange, fileDigests, sameDigests } from './catalogChange.ts'
import { HostedRuns } from './hostedRuns.ts'
import { CoverageCollector, type CoverageAction } from './coverage.ts'
import type { RunLossStatus } from './runSink.ts'
import { DEFAULT_MAX_IDLE, defaultMaxWorkers, WORKER_YOUNG_GENERATION_MB } from './workerBudget.ts'

export { forwardingSink, StartWithdrawnError, UnknownToolError, type RunLossStatus, type RunSink } from './runSink.ts'
export { defaultMaxWorkers } from './workerBudget.ts'

export class ToolHost {
  private pool: WorkerPool | undefined
  /** Workers hosting a run, with the pool (generation) they belong to. */
  private busy = new Map<HostWorker, WorkerPool>()
  /** Lines the workers printed while loading: each is printed once, not once per worker (HostWorker's `loadLines`). */
  private loadLines = new Set<string>()
  /** The runs on the host (one record each) and their execution slots. */
  private runs: HostedRuns
  private alive = new Set<HostWorker>()
  private created = 0
  private catalogState: HostCatalog = { version: 0, tools: [], errors: [] }
  /** Content hash of each tool file by its catalog path, to tell code-only edits apart from no change. */
  private digests = new Map<string, string>()
  private listeners = new Set<(event: CatalogEvent) => void>()
  private readyPromise: Promise<void>
  private reloading: Promise<void> | undefined
  private reloadQueued = false
  private closed = false
  private stopWatching: (() => Promise<void>) | undefined
  /** Schema-fit checks of stored data, on one shared idle worker. */
  private fitChecks = new FitChecks({
    pool: () => this.pool,
    take: () => this.takeWorker(),
    hold: (worker, pool) => void this.busy.set(worker, pool),
    release: (worker, fit) => this.release(worker, fit),
  })
  /** The tools of MCP servers (runs in this process, no worker), and the catalog changes they made. */
  private mcp: McpSources | undefined
  private mcpChanges = new McpCatalogChanges()
  /** A reload nobody asked for by saving a file (coverage switched on or off) says nothing when nothing changed. */
  private quietReloads = 0
  private cov = new CoverageCollector({
    reload: () => (this.quietReloads++, this.reload()),
    poolCollects: () => this.pool && !!this.pool.init.coverage,
  })

  constructor(private options: ToolHostOptions) {
    this.runs = new HostedRuns(
      {
        whenReady: () => this.readyPromise,
        hasTool: (toolId) => this.hasTool(toolId),
        take: (toolId) => this.takeWorker(toolId),
        hold: (worker, pool) => void this.busy.set(worker, pool),
        release: (worker, fit) => this.release(worker, fit),
      },
      options.sink,
      options.maxWorkers ?? defaultMaxWorkers(),
    )
    this.readyPromise = this.boot()
    if (options.mcp && (options.mcp.servers.length || options.mcp.configDir)) {
      this.mcp = new McpSources({
        ...options.mcp,
        watch: options.watch,
        sink: options.sink,
        log: options.log,
        changed: () => this.mcpChanged(),
      })
    }
    this.readyPromise.catch((err) => options.log(`Tool host failed to start: ${(err as Error).message}`))
    if (options.watch) {
      this.stopWatching = watchPaths(
        options.paths,
        () => void this.reload(),
        options.watchDebounceMs ?? 80,
        options.log,
      )
    }
  }

  /** Resolves once a catalog is available (after the first load, and each MCP server's first connection attempt). */
  get ready(): Promise<void> {
    return this.mcp ? Promise.all([this.readyPromise, this.mcp.ready]).then(() => undefined) : this.readyPromise
  }

  /** The modules' tools, then the MCP servers' (grouped by server). */
  get catalog(): HostCatalog {
    return this.mcp ? mergeCatalog(this.catalogState, this.mcp, this.mcpChanges.version) : this.catalogState
  }

  /** The MCP part changed (a server's tools or state): listeners hear which tools came, went or changed. */
  private mcpChanged(): void {
    const event = this.mcp && this.mcpChanges.next(this.mcp, () => this.catalog)
    if (event) for (const l of this.listeners) l(event)
  }

  /** Execution slots: runs that may execute at once. */
  get slotCount(): number {
    return this.runs.slots.max
  }

  /** Idle, busy and loading workers of the current pool (busy counts every generation). */
  stats(): HostStats {
    const pool = { idle: this.pool?.idleCount ?? 0, busy: this.busy.size, loading: this.pool?.spawningCount ?? 0 }
    return {
      ...pool,
      live: this.alive.size,
      created: this.created,
      parked: this.runs.parkedCount,
      ...this.runs.slots.stats(),
    }
  }

  /** Lists summaries (the catalog without schemas and previews). */
  summaries(): ToolSummary[] {
    return this.catalog.tools.map(({ id, title, description, kind, group, file, exportName, flags, mcpServer }) => ({
      id,
      title,
      description,
      kind,
      group,
      file,
      exportName,
      flags,
      mcpServer,
    }))
  }

  /** An MCP server as configured, `${VAR}` references unexpanded: what an exported test of its tools names. */
  mcpServerSpec(name: string): McpServerSpec | undefined {
    return this.mcp?.spec(name)
  }

  /** What a file holding a run of `toolId` must not show: its MCP server's secrets (none for a module's tool). */
  mcpSecrets(toolId: string): string[] {
    return this.mcp?.secretsOf(toolId) ?? []
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
    const worker = new HostWorker(
      init,
      this.workerEvents,
      this.options.loadTimeoutMs ?? 30_000,
      {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB,
      },
      this.options.toolOutputToStderr,
      this.loadLines,
    )
    this.alive.add(worker)
    this.created++
    return worker
  }

  /** Spawns a worker and loads the modules; a module whose import kills or hangs the worker is skipped and named. */
  private async spawnLoaded(): Promise<{
    worker: HostWorker
    result: LoadResult
    digests: Map<string, string>
    init: WorkerInit
  }> {
    const { files, missing } = await listToolFiles(this.options.paths)
    const digests = await fileDigests(files)
    const skip: CatalogError[] = missing.map((p) => ({ file: p, message: 'No such file or folder.' }))
    for (;;) {
      const todo = files.filter((f) => !skip.some((s) => s.file === relative(process.cwd(), f) || s.file === f))
      const init: WorkerInit = {
        files: todo,
        skip: [...skip],
        interceptNetwork: this.options.interceptNetwork ?? true,
        redact: this.options.redact,
        recordingBytes: this.options.recordingBytes,
        coverage: this.cov.on,
      }
      const worker = this.newWorker(init)
      try {
        return { worker, result: await worker.loadResult, digests, init }
      } catch (err) {
        if (!(err instanceof LoadCrash) || !err.file || this.closed) throw err
        const rel = relative(process.cwd(), err.file)
        skip.push({
          file: rel && !rel.startsWith('..') ? rel : err.file,
          message: `Importing this module stopped the tool host (${err.message}); it was skipped.`,
        })
      }
    }
  }

  private install(
    worker: HostWorker,
    result: LoadResult,
    digests: Map<string, string>,
    init: WorkerInit,
    notify: boolean,
  ): void {
    const before = { tools: this.catalogState.tools, digests: this.digests }
    // Old idle workers go now; old busy ones finish their run and are terminated when it ends.
    this.pool?.close('replaced by a reloaded tool host')
    this.pool = new WorkerPool(
      init,
      {
        spares: this.options.spareWorkers ?? 1,
        maxIdle: this.options.maxIdleWorkers ?? Math.min(DEFAULT_MAX_IDLE, this.runs.slots.max),
        spawn: (i) => this.newWorker(i),
        // A spare loads the files as they are now: it may serve runs only while they still match this catalog.
        unchanged: async () => sameDigests(digests, await fileDigests(init.files)),
        onStale: () => void this.reload(),
        log: this.options.log,
      },
      worker,
    )
    this.catalogState = { version: this.catalogState.version + 1, tools: result.tools, errors: result.errors }
    this.digests = digests
    if (!notify) return
    const event = catalogChange(before, { tools: result.tools, digests }, this.catalogState.version, result.errors)
    const quiet = this.quietReloads > 0 && !this.reloadQueued
    this.quietReloads = 0
    if (quiet && !event.added.length && !event.removed.length && !event.changed.length) return
    for (const l of this.listeners) l(event)
  }

  private workerEvents: HostWorkerEvents = {
    onEvent: (runId, event) => this.runs.onEvent(runId, event),
    onStartFailed: (runId, message) => this.runs.lose(runId, message),
    onParked: (runId, checkpoint) => this.runs.onParked(runId, checkpoint),
    onNetwork: (runId, update) => this.runs.onNetwork(runId, update),
    onRunEnded: (worker, reusable) => this.release(worker, reusable),
    onExit: (worker, reason) => {
      this.alive.delete(worker)
      const pool = this.busy.get(worker) ?? this.pool
      this.busy.delete(worker)
      pool?.forget(worker)
      for (const runId of worker.runs.keys())
        this.runs.lose(runId, `The tool host stopped: ${reason}. The run was ended; other runs were not affected.`)
      worker.runs.clear()
      if (!this.closed) this.options.log(`Tool-host worker ${worker.generation} stopped (${reason}).`)
    },
    log: (line) => this.options.log(line),
    onCoverage: (files) => this.cov.add(files),
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
    // An MCP tool may still be listing when a scenario starts it: its servers' first connection is awaited then.
    if (this.mcp && !this.hasTool(request.toolId)) await this.ready
    if (this.mcp && this.ownedByMcp(request.toolId)) return this.mcp.start(runId, request, timeoutMs, payloadBytes)
    return this.runs.start(runId, request, timeoutMs, payloadBytes)
  }

  /** Withdraws a start that has not reached a worker yet (its start() rejects); false when there is none. */
  withdrawStart(runId: string, reason: string): boolean {
    return this.runs.withdrawStart(runId, reason)
  }

  /** Starts ahead of `runId` in the slot queue (0 once it has a slot and waits only for its worker); undefined when not starting. */
  queuePosition(runId: string): number | undefined {
    return this.runs.queuePosition(runId)
  }

  /** An MCP server's tool (a module's tool of the same id wins). */
  private ownedByMcp(toolId: string): boolean {
    return !!this.mcp?.hasTool(toolId) && !this.catalogState.tools.some((t) => t.id === toolId)
  }

  /** True when the tool id is in the current catalog. */
  hasTool(toolId: string): boolean {
    return this.catalogState.tools.some((t) => t.id === toolId) || !!this.mcp?.hasTool(toolId)
  }

  /** Why stored scenario data no longer fits the tool's current schemas (empty when it fits). Runs on an idle worker. */
  async checkFit(check: FitCheck, replyTimeoutMs = 5_000): Promise<string[]> {
    await this.ready
    if (!this.hasTool(check.toolId)) return [`The tool "${check.toolId}" is not in the catalog any more.`]
    if (this.mcp && this.ownedByMcp(check.toolId)) return this.mcp.checkFit(check)
    return this.fitChecks.check(check, replyTimeoutMs)
  }

  /** Steers a run: on its worker, or (parked) continued on any worker from its checkpoint; undefined when accepted. */
  control(runId: string, control: RunControl, replyTimeoutMs = 5_000): Promise<ControlFailure | undefined> {
    if (this.mcp?.hasRun(runId)) return this.mcp.control(runId, control)
    return this.runs.control(runId, control, replyTimeoutMs)
  }

  /**
   * Terminates the worker running `runId` (a tool that ignores abort or blocks the thread); only that run is lost, and
   * the host reports it ended as `end`: aborted (it ignored an abort) or error (it overran its timeout).
   */
  terminateRunWorker(runId: string, reason: string, end: RunLossStatus): void {
    if (this.mcp?.hasRun(runId)) return this.mcp.terminate(runId, reason, end)
    this.runs.terminate(runId, reason, end)
  }

  /** Code coverage of the tool files (see coverage.ts): `start` reloads the workers counting, `take` the lines since, `stop`. */
  coverage = (action: CoverageAction) => this.cov.act(action)

  async close(): Promise<void> {
    this.closed = true
    await this.stopWatching?.()
    await this.mcp?.close()
    this.pool?.close('closed')
    this.runs.close('closed')
    for (const w of this.busy.keys()) w.terminate('server closing')
  }
}
