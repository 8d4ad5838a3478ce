// One tool-host worker seen from the main thread: spawn, load (naming the file whose import killed it),
// run bookkeeping, control requests with replies, and termination with a reason the runs can report.
// Every message from the worker is untrusted and validated here with zod (the worker edge, the first main-thread hop):
// run events against RunEvent, passthrough views expanded, payloads held to the run's limit. This is the one parse and
// the one bound of an event on the main thread: the host and the run object (server/runs/liveRun.ts) take it as it is.

import type { Readable, Writable } from 'node:stream'
import { Worker } from 'node:worker_threads'
import { relative } from 'node:path'
import type {
  CassetteExchange,
  CatalogError,
  ControlFailure,
  RunControl,
  RunEvent,
  StartRunBody,
  ToolDetail,
} from '../../src/shared/protocol.ts'
import { RunEventFrame } from '../../src/shared/passthroughViews.ts'
import {
  FromWorker,
  type FitCheck,
  type NetworkProgress,
  type RunCheckpoint,
  type ToWorker,
  type WorkerInit,
} from './messages.ts'
import { boundEvent, DEFAULT_LIMITS } from '../runs/limits.ts'
import type { FileCoverage } from '../../src/testbench/fuzz/lcov.ts'

const BOOTSTRAP = new URL('./worker.mjs', import.meta.url)

/** Callbacks from a worker to its owner. */
export interface HostWorkerEvents {
  onEvent(runId: string, event: RunEvent): void
  onStartFailed(runId: string, message: string): void
  /** The run waits for a person and left the worker (`run-ended` follows): the owner keeps its checkpoint. */
  onParked(runId: string, checkpoint: RunCheckpoint): void
  /** The run's network moved on: its replay or mock progress, or (mode `record`) an exchange recorded. */
  onNetwork(runId: string, update: { progress?: NetworkProgress; recorded?: CassetteExchange }): void
  /** The worker's run is over: `reusable` when it may host another run (then before its `run-finished`, else after). */
  onRunEnded(worker: HostWorker, reusable: boolean): void
  onExit(worker: HostWorker, reason: string): void
  log(line: string): void
  /** Lines of the tool files the worker ran since its last report (only a worker started with `coverage`). */
  onCoverage?(files: FileCoverage[]): void
}

/** What a successful load produced. */
export interface LoadResult {
  tools: ToolDetail[]
  errors: CatalogError[]
}

/** Why a load failed: the worker died or hung while importing `file` (undefined when not importing). */
export class LoadCrash extends Error {
  constructor(
    message: string,
    readonly file: string | undefined,
  ) {
    super(message)
  }
}

let nextGeneration = 1

/** Load-time output lines a host remembers (to print each once), at most; later new lines are printed, not remembered. */
export const MAX_LOAD_LINES = 1000
/** A partial line longer than this is printed as it is rather than held until its end. */
const MAX_PENDING_CHARS = 64 * 1024

/** A worker and the runs it owns. */
export class HostWorker {
  readonly generation = nextGeneration++
  /** The runs this worker hosts, each with the payload limit it was given (what its events are cut to). */
  readonly runs = new Map<string, number>()
  tools = new Map<string, ToolDetail>()
  /** Set before terminate() so the exit handler reports why. */
  deathReason: string | undefined
  exited = false
  private worker: Worker
  private importing: string | undefined
  private loaded = false
  private reqId = 0
  private pending = new Map<number, (failure: ControlFailure | undefined) => void>()
  private checks = new Map<number, (problems: string[]) => void>()
  /** The run that ended leaving the worker unfit, until its last message is handled. */
  private retiring: string | undefined
  /** Set by letGo(): why the worker goes once its runs have ended. */
  private letGoReason: string | undefined
  /** The last run handed to this worker and its tool: named when the worker is stopped because of it. */
  lastRun: { runId: string; toolId: string } | undefined
  /** Set at the first run: the worker's output is no longer load-time output (see forward()). */
  private hostedRun = false
  private flushers: Array<() => void> = []
  readonly loadResult: Promise<LoadResult>

  constructor(
    init: WorkerInit,
    private events: HostWorkerEvents,
    loadTimeoutMs: number,
    resourceLimits?: { maxOldGenerationSizeMb?: number; maxYoungGenerationSizeMb?: number },
    /** Send the tools' console output to stderr (CLI commands whose stdout is machine-read). */
    toolOutputToStderr = false,
    /**
     * Lines the host's earlier workers printed while loading. Every worker imports the same modules, so a module that
     * warns at import time (Mastra's "No storage configured") would repeat it once per worker: a load-time line already
     * in the set is dropped. Output once the worker hosted a run is passed on untouched.
     */
    loadLines?: Set<string>,
  ) {
    this.worker = new Worker(BOOTSTRAP, { workerData: init, resourceLimits, stdout: true, stderr: true })
    this.flushers = [
      this.forward(this.worker.stdout, toolOutputToStderr ? process.stderr : process.stdout, loadLines),
      this.forward(this.worker.stderr, process.stderr, loadLines),
    ]
    this.worker.unref()
    let settle: { resolve: (r: LoadResult) => void; reject: (e: Error) => void }
    this.loadResult = new Promise((resolve, reject) => (settle = { resolve, reject }))
    const loadTimer = setTimeout(() => {
      this.terminate(
        `importing ${this.importing ? relative(process.cwd(), this.importing) : 'the tool modules'} did not finish within ${loadTimeoutMs} ms`,
      )
    }, loadTimeoutMs)
    this.worker.on('message', (raw: unknown) => {
      const parsed = FromWorker.safeParse(raw)
      if (!parsed.success) return this.protocolMismatch(raw, parsed.error.issues)
      const msg = parsed.data
      if (msg.type === 'importing') this.importing = msg.file
      else if (msg.type === 'loaded') {
        clearTimeout(loadTimer)
        this.loaded = true
        this.importing = undefined
        this.tools = new Map(msg.tools.map((t) => [t.id, t]))
        settle.resolve({ tools: msg.tools, errors: msg.errors })
      } else this.onMessage(msg)
    })
    // Always listen for `error`: without a listener an unhandled rejection in the worker kills the whole server.
    this.worker.on('error', (err) => {
      this.deathReason ??= `the tool host crashed: ${err.message}`
    })
    this.worker.on('exit', (code) => {
      clearTimeout(loadTimer)
      this.exited = true
      const reason =
        this.deathReason ?? `the tool host exited with code ${code} (a tool called process.exit or crashed it)`
      for (const resolve of this.pending.values())
        resolve({ code: 'unknown-run', message: `The tool host stopped: ${reason}.` })
      this.pending.clear()
      for (const resolve of this.checks.values()) resolve([`The tool host stopped while checking: ${reason}.`])
      this.checks.clear()
      if (!this.loaded) settle.reject(new LoadCrash(reason, this.importing))
      this.events.onExit(this, reason)
    })
  }

  /**
   * Passes the worker's output on to `to`; until the worker hosts its first run, line by line, dropping each line
   * `seen` already holds. Returns a function that prints a held partial line (called when a run starts).
   */
  private forward(from: Readable, to: Writable, seen: Set<string> | undefined): () => void {
    let pending = ''
    const flush = () => {
      if (pending) to.write(pending)
      pending = ''
    }
    from.setEncoding('utf8')
    from.on('data', (chunk: string) => {
      if (!seen || this.hostedRun) {
        flush()
        return void to.write(chunk)
      }
      const lines = (pending + chunk).split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        if (seen.has(line)) continue
        if (seen.size < MAX_LOAD_LINES) seen.add(line)
        to.write(`${line}\n`)
      }
      if (pending.length > MAX_PENDING_CHARS) flush()
    })
    from.on('end', flush)
    return flush
  }

  /** From the first run on, the worker's output is the run's: nothing of it is dropped. */
  private hostingRun(): void {
    if (this.hostedRun) return
    this.hostedRun = true
    for (const flush of this.flushers) flush()
  }

  /** Lets the worker go once the last message of the run that left it unfit has been handled. */
  private retireAfter(runId: string): void {
    if (this.retiring !== runId) return
    this.retiring = undefined
    this.events.onRunEnded(this, false)
  }

  /** A message that does not match the worker protocol: its run (if named) ends with an error saying so. */
  private protocolMismatch(raw: unknown, issues: Array<{ path: PropertyKey[]; message: string }>): void {
    const detail = issues.map((i) => `${i.path.map(String).join('.') || '(message)'}: ${i.message}`).join('; ')
    const runId = (raw as { runId?: unknown } | null)?.runId
    if (typeof runId === 'string' && this.runs.has(runId))
      this.failRun(runId, `The tool host sent a message that does not match the protocol (${detail}).`)
    else this.events.log(`[tool host] ignored a message that does not match the protocol: ${detail}`)
  }

  /** Ends a run with an error event and run-finished (sequence numbers are assigned by the registry on loss). */
  private failRun(runId: string, message: string): void {
    this.runs.delete(runId)
    this.events.onStartFailed(runId, message)
    // Nothing else of this run can be trusted: the worker goes.
    this.terminate(`run ${runId} broke the worker protocol`)
  }

  private onMessage(msg: FromWorker): void {
    switch (msg.type) {
      case 'event': {
        // The worker sends passthrough views compact (raw once): validated and expanded here, at the first hop.
        const event = RunEventFrame.safeParse(msg.event)
        if (!event.success) {
          const detail = event.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ')
          return this.failRun(msg.runId, `The tool host sent an event that does not match the protocol: ${detail}`)
        }
        // The worker cut it before postMessage, but the tool shares that thread and could post a frame itself: the
        // limit holds here, at the edge (an event within it passes as it is, not copied).
        const bounded = boundEvent(event.data, this.runs.get(msg.runId) ?? DEFAULT_LIMITS.payloadBytes)
        if (event.data.type === 'run-finished') this.runs.delete(msg.runId)
        this.events.onEvent(msg.runId, bounded)
        if (event.data.type === 'run-finished') this.retireAfter(msg.runId)
        if (event.data.type === 'run-finished') this.letGoIfDone()
        break
      }
      case 'run-ended':
        // A reusable worker is free at once (before run-finished, so a run started on it finds it idle). An unfit
        // one is let go only after its run's last event: terminating it now could drop that event.
        if (msg.reusable) this.events.onRunEnded(this, true)
        else this.retiring = msg.runId
        break
      case 'parked':
        this.runs.delete(msg.runId)
        this.events.onParked(msg.runId, msg.checkpoint)
        this.letGoIfDone()
        break
      case 'poisoned':
        this.terminate(
          msg.runId
            ? `run ${msg.runId}'s tool ${msg.problem}, which every later run would depend on`
            : `a tool ${msg.problem}`,
        )
        break
      case 'start-failed':
        this.runs.delete(msg.runId)
        this.events.onStartFailed(msg.runId, msg.message)
        this.retireAfter(msg.runId)
        break
      case 'control-result': {
        const resolve = this.pending.get(msg.reqId)
        this.pending.delete(msg.reqId)
        resolve?.(msg.failure)
        break
      }
      case 'log':
        this.events.log(`[tool host] ${msg.message}`)
        break
      case 'check-result':
        this.checks.get(msg.reqId)?.(msg.problems)
        this.checks.delete(msg.reqId)
        break
      case 'network':
        if (this.runs.has(msg.runId)) this.events.onNetwork(msg.runId, msg)
        break
      case 'coverage':
        this.events.onCoverage?.(msg.files)
        break
    }
  }

  private post(msg: ToWorker): void {
    this.worker.postMessage(msg)
  }

  /** Starts a run of a loaded tool (the caller checked the tool exists). */
  start(
    runId: string,
    request: Extract<ToWorker, { type: 'start' }>['request'],
    timeoutMs: number,
    payloadBytes?: number,
  ): void {
    this.runs.set(runId, payloadBytes ?? DEFAULT_LIMITS.payloadBytes)
    this.lastRun = { runId, toolId: request.toolId }
    this.hostingRun()
    this.post({ type: 'start', runId, request, timeoutMs, payloadBytes })
  }

  /** Sends a control; resolves with the failure, or undefined when the runtime accepted it. */
  control(runId: string, control: RunControl, replyTimeoutMs: number): Promise<ControlFailure | undefined> {
    return this.steer((reqId) => ({ type: 'control', reqId, runId, control }), replyTimeoutMs)
  }

  /** Continues a parked run here and applies `control` to it; replies as control() does. */
  continueRun(
    runId: string,
    request: StartRunBody,
    checkpoint: RunCheckpoint,
    control: RunControl,
    replyTimeoutMs: number,
    payloadBytes?: number,
    progress?: NetworkProgress,
  ): Promise<ControlFailure | undefined> {
    this.runs.set(runId, payloadBytes ?? DEFAULT_LIMITS.payloadBytes)
    this.lastRun = { runId, toolId: request.toolId }
    this.hostingRun()
    return this.steer(
      (reqId) => ({ type: 'continue', reqId, runId, request, checkpoint, control, payloadBytes, progress }),
      replyTimeoutMs,
    )
  }

  private steer(message: (reqId: number) => ToWorker, replyTimeoutMs: number): Promise<ControlFailure | undefined> {
    if (this.exited)
      return Promise.resolve({ code: 'host-unavailable', message: 'The tool host that ran this run has stopped.' })
    const reqId = ++this.reqId
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(reqId)
        resolve({
          code: 'timeout',
          message: `The tool host did not answer within ${replyTimeoutMs} ms (a tool is blocking it).`,
        })
      }, replyTimeoutMs)
      this.pending.set(reqId, (failure) => {
        clearTimeout(timer)
        resolve(failure)
      })
      this.post(message(reqId))
    })
  }

  /** Validates stored scenario data against the tool's real schemas inside the worker; resolves with the problems. */
  check(check: FitCheck, replyTimeoutMs: number): Promise<string[]> {
    if (this.exited) return Promise.resolve(['The tool host has stopped.'])
    const reqId = ++this.reqId
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.checks.delete(reqId)
        // The worker serves only this check: a schema that blocks it gets it replaced.
        this.terminate(`a schema check did not finish within ${replyTimeoutMs} ms`)
        resolve([`The tool host did not answer within ${replyTimeoutMs} ms (a tool is blocking it).`])
      }, replyTimeoutMs)
      this.checks.set(reqId, (problems) => {
        clearTimeout(timer)
        resolve(problems)
      })
      this.post({ type: 'check', reqId, check })
    })
  }

  /** True once the worker is stopping or stopped: it must never be handed another run. */
  get unusable(): boolean {
    return this.exited || this.deathReason !== undefined
  }

  /** True while the worker is loaded, alive and hosts no run. */
  get idle(): boolean {
    return this.loaded && !this.exited && this.deathReason === undefined && this.runs.size === 0
  }

  /**
   * Terminates the worker once the runs it still reports on have sent their last event. A reusable worker is free (and
   * may be let go, by a full pool or a trim) before its run's `run-finished` has arrived: terminating it at once would
   * drop that event and end the run in error.
   */
  letGo(reason: string): void {
    this.letGoReason = reason
    this.letGoIfDone()
  }

  private letGoIfDone(): void {
    if (this.letGoReason !== undefined && this.runs.size === 0) this.terminate(this.letGoReason)
  }

  /** Stops the worker (a synchronous endless loop included); `reason` is reported to every live run. */
  terminate(reason: string): void {
    if (this.exited) return
    this.deathReason ??= reason
    void this.worker.terminate()
  }
}
