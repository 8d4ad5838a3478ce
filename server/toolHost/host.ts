// The tool host seen by the server: keeps one current worker with the loaded catalog, restarts it when a tool
// kills it, reloads it when files change (new worker, load, swap, retire old), and pushes catalog diffs.

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import type { CatalogError, CatalogEvent, RunControl, StartRunBody, ToolDetail, ToolSummary } from '../../src/shared/protocol.ts'
import { listToolFiles } from './files.ts'
import { HostWorker, LoadCrash, type LoadResult } from './hostWorker.ts'
import type { ControlFailure, FitCheck } from './messages.ts'
import { watchPaths } from './watch.ts'

/** Receives run events and run losses from the host. */
export interface RunSink {
  onEvent(runId: string, event: unknown): void
  /** The run's worker stopped (crash, exit, terminate) or the run could not start: the run must end with `message`. */
  onRunLost(runId: string, message: string): void
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
  /** Send the tools' console output to stderr instead of stdout (CLI commands whose stdout is machine-read). */
  toolOutputToStderr?: boolean
}

/** Thrown by start() for an unknown tool id. */
export class UnknownToolError extends Error {}

/** Catalog state served by GET /api/tools. */
export interface HostCatalog {
  version: number
  tools: ToolDetail[]
  errors: CatalogError[]
}

export class ToolHost {
  private current: HostWorker | undefined
  private retired = new Set<HostWorker>()
  private owners = new Map<string, HostWorker>()
  private catalogState: HostCatalog = { version: 0, tools: [], errors: [] }
  /** Content hash of each tool file by its catalog path, to tell code-only edits apart from no change. */
  private digests = new Map<string, string>()
  private listeners = new Set<(event: CatalogEvent) => void>()
  private readyPromise: Promise<void>
  private reloading: Promise<void> | undefined
  private reloadQueued = false
  private closed = false
  private crashes: number[] = []
  private stopWatching: (() => Promise<void>) | undefined

  constructor(private options: ToolHostOptions) {
    this.readyPromise = this.boot()
    if (options.watch) {
      this.stopWatching = watchPaths(options.paths, () => void this.reload(), options.watchDebounceMs ?? 80, options.log)
    }
  }

  /** Resolves once a catalog is available (after the first load, or after a restart). */
  get ready(): Promise<void> {
    return this.readyPromise
  }

  get catalog(): HostCatalog {
    return this.catalogState
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
    const { worker, result, digests } = await this.spawnLoaded()
    this.install(worker, result, digests, false)
  }

  /** Spawns a worker and loads the modules; a module whose import kills or hangs the worker is skipped and named. */
  private async spawnLoaded(): Promise<{ worker: HostWorker; result: LoadResult; digests: Map<string, string> }> {
    const { files, missing } = await listToolFiles(this.options.paths)
    const digests = await fileDigests(files)
    const skip: CatalogError[] = missing.map((p) => ({ file: p, message: 'No such file or folder.' }))
    for (;;) {
      const todo = files.filter((f) => !skip.some((s) => s.file === relative(process.cwd(), f) || s.file === f))
      const worker = new HostWorker({ files: todo, skip }, this.workerEvents, this.options.loadTimeoutMs ?? 30_000, {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb,
      }, this.options.toolOutputToStderr)
      try {
        return { worker, result: await worker.loadResult, digests }
      } catch (err) {
        if (!(err instanceof LoadCrash) || !err.file || this.closed) throw err
        const rel = relative(process.cwd(), err.file)
        skip.push({ file: rel && !rel.startsWith('..') ? rel : err.file, message: `Importing this module stopped the tool host (${err.message}); it was skipped.` })
      }
    }
  }

  private install(worker: HostWorker, result: LoadResult, digests: Map<string, string>, notify: boolean): void {
    // A tool counts as changed when its description changed or the source of its file did (code-only edits too).
    const fingerprint = (t: ToolDetail, of: Map<string, string>) => `${of.get(t.file) ?? ''}:${JSON.stringify(t)}`
    const before = new Map(this.catalogState.tools.map((t) => [t.id, fingerprint(t, this.digests)]))
    const old = this.current
    this.current = worker
    this.catalogState = { version: this.catalogState.version + 1, tools: result.tools, errors: result.errors }
    this.digests = digests
    if (old) this.retire(old)
    if (!notify) return
    const after = new Map(result.tools.map((t) => [t.id, fingerprint(t, digests)]))
    const event: CatalogEvent = {
      type: 'catalog-changed',
      version: this.catalogState.version,
      added: [...after.keys()].filter((id) => !before.has(id)),
      removed: [...before.keys()].filter((id) => !after.has(id)),
      changed: [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)),
      errors: result.errors,
    }
    for (const l of this.listeners) l(event)
  }

  /** An old worker keeps serving its live runs (waiting for approval, say) and is terminated after the last one. */
  private retire(worker: HostWorker): void {
    if (worker.runs.size === 0) worker.terminate('replaced by a reloaded tool host')
    else this.retired.add(worker)
  }

  private workerEvents = {
    onEvent: (runId: string, event: unknown) => {
      this.options.sink.onEvent(runId, event)
      const owner = this.owners.get(runId)
      if ((event as { type?: string })?.type === 'run-finished' && owner) {
        this.owners.delete(runId)
        if (this.retired.has(owner) && owner.runs.size === 0) {
          this.retired.delete(owner)
          owner.terminate('replaced by a reloaded tool host')
        }
      }
    },
    onStartFailed: (runId: string, message: string) => {
      this.owners.delete(runId)
      this.options.sink.onRunLost(runId, message)
    },
    onExit: (worker: HostWorker, reason: string) => {
      this.retired.delete(worker)
      for (const runId of worker.runs) {
        this.owners.delete(runId)
        this.options.sink.onRunLost(runId, `The tool host stopped: ${reason}. The run was ended and the tool host restarted.`)
      }
      worker.runs.clear()
      if (worker === this.current && !this.closed) this.restartAfterCrash(reason)
    },
    log: (line: string) => this.options.log(line),
  }

  private restartAfterCrash(reason: string): void {
    this.options.log(`Tool host stopped (${reason}); restarting.`)
    const now = Date.now()
    this.crashes = [...this.crashes.filter((t) => now - t < 10_000), now]
    // Back off when something kills every fresh worker, instead of spinning.
    const delay = this.crashes.length > 3 ? Math.min(5_000, 250 * 2 ** (this.crashes.length - 3)) : 0
    this.current = undefined
    // Replace the ready promise before restarting, so runs created meanwhile wait for the new worker.
    this.readyPromise = new Promise<void>((r) => setTimeout(r, delay)).then(() => this.boot())
    this.readyPromise.catch((err) => this.options.log(`Tool host restart failed: ${(err as Error).message}`))
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
        const { worker, result, digests } = await this.spawnLoaded()
        if (this.closed) return worker.terminate('server closing')
        this.install(worker, result, digests, true)
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

  /** Starts a run on the current worker. Throws UnknownToolError for an unknown id. */
  async start(runId: string, request: StartRunBody, timeoutMs: number, payloadBytes?: number): Promise<void> {
    await this.readyPromise
    const worker = this.current
    if (!worker || !worker.tools.has(request.toolId)) throw new UnknownToolError(`Unknown tool "${request.toolId}".`)
    this.owners.set(runId, worker)
    worker.start(runId, request, timeoutMs, payloadBytes)
  }

  /** True when the tool id is in the current catalog. */
  hasTool(toolId: string): boolean {
    return this.catalogState.tools.some((t) => t.id === toolId)
  }

  /** Why stored scenario data no longer fits the tool's current schemas (empty when it fits). */
  async checkFit(check: FitCheck, replyTimeoutMs = 5_000): Promise<string[]> {
    await this.readyPromise
    const worker = this.current
    if (!worker || !worker.tools.has(check.toolId)) return [`The tool "${check.toolId}" is not in the catalog any more.`]
    return worker.check(check, replyTimeoutMs)
  }

  control(runId: string, control: RunControl, replyTimeoutMs = 5_000): Promise<ControlFailure | undefined> {
    const owner = this.owners.get(runId)
    if (!owner) return Promise.resolve({ code: 'unknown-run', message: 'The run is not live in the tool host.' })
    return owner.control(runId, control, replyTimeoutMs)
  }

  /** Terminates the worker running `runId` (a tool that ignores abort or blocks the thread); its runs are lost. */
  terminateRunWorker(runId: string, reason: string): void {
    this.owners.get(runId)?.terminate(reason)
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stopWatching?.()
    for (const w of [this.current, ...this.retired]) w?.terminate('server closing')
  }
}

/** sha1 of each file's text, keyed like the catalog's `file` (relative to the working folder when inside it). */
async function fileDigests(files: string[]): Promise<Map<string, string>> {
  const entries = await Promise.all(
    files.map(async (f) => {
      const rel = relative(process.cwd(), f)
      const text = await readFile(f).catch(() => Buffer.alloc(0))
      return [rel && !rel.startsWith('..') ? rel : f, createHash('sha1').update(text).digest('hex')] as const
    }),
  )
  return new Map(entries)
}
