// Tool-host worker: imports the user's tool modules, describes their tools, runs them with the runtime
// and reports every event as plain JSON. Owns every tool object: none of them ever crosses to the main thread.

import { parentPort, workerData } from 'node:worker_threads'
import { brokenBuiltin, fitForReuse, recordBaseline, reuseCheck } from './integrity.ts'
import { pathToFileURL } from 'node:url'
import { relative } from 'node:path'
import { runTool, type ToolRun } from '../../src/runtime/index.ts'
import type { CatalogError, ToolDetail } from '../../src/shared/protocol.ts'
import { dedupeTools, detectModule, type DetectedTool } from './detect.ts'
import { describeTool } from './describe.ts'
import { registerBuiltInSources } from './detectors/index.ts'
import { checkFit } from './fitCheck.ts'
import type { FromWorker, NetworkProgress, ToWorker, WorkerInit } from './messages.ts'
import type { Cassette, ControlFailure, StartRunBody } from '../../src/shared/protocol.ts'
import { importErrorMessage, moduleExports } from './moduleLoading.ts'
import { toPlainJson } from './sanitize.ts'
import { controlFailureOf, describeError } from './controlFailure.ts'
import { applyRunControl } from '../../src/shared/runControl.ts'
import { boundedForPost } from '../runs/limits.ts'
import { captureConsole } from './consoleCapture.ts'
import { redactAlso, requestsInFlight, routeNetwork } from '../../src/network/intercept.ts'
import { installFakeClock } from './fakeClock.ts'
import { WorkerCoverage } from './v8Coverage.ts'
import { idleCollector } from './workerIdleCollect.ts'

const port = parentPort!
const init = workerData as WorkerInit
const post = (msg: FromWorker) => port.postMessage(msg)
const tools = new Map<string, DetectedTool>()
const runs = new Map<string, ToolRun>()
/** Set once a tool broke a builtin: the worker reports it and stops serving (the host replaces it). */
let poisoned = false
/** Started before the tool modules are imported: V8 counts their branches only when it compiles them counting. */
const coverage = init.coverage ? new WorkerCoverage(init.files) : undefined

// A tool's floating promise must not take the whole host (and every other run) down.
process.on('unhandledRejection', (reason) =>
  post({ type: 'log', level: 'error', message: `Unhandled rejection in a tool: ${describeError(reason)}` }),
)
process.on('uncaughtException', (err) =>
  post({ type: 'log', level: 'error', message: `Uncaught exception in a tool: ${describeError(err)}` }),
)

/** Sends the tool files' lines run since the last report (before `loaded` and before each `run-ended`: the host has them when it hears the run ended). */
function postCoverage(): void {
  if (!coverage) return
  try {
    const files = coverage.take()
    if (files.length) post({ type: 'coverage', files })
  } catch (err) {
    post({ type: 'log', level: 'warn', message: `Could not take code coverage: ${describeError(err)}` })
  }
}

/** Reports a broken builtin at once (naming the run whose step broke it); true when the worker is poisoned. */
function checkIntegrity(runId?: string): boolean {
  if (poisoned) return true
  const problem = brokenBuiltin()
  if (!problem) return false
  poisoned = true
  post({ type: 'poisoned', ...(runId ? { runId } : {}), problem })
  return true
}

const displayPath = (file: string) => {
  const rel = relative(process.cwd(), file)
  return rel && !rel.startsWith('..') ? rel : file
}

async function load(): Promise<void> {
  registerBuiltInSources()
  if (init.redact) redactAlso(init.redact)
  const errors: CatalogError[] = [...init.skip]
  const found: DetectedTool[] = []
  for (const file of init.files) {
    post({ type: 'importing', file })
    try {
      const ns = moduleExports((await import(pathToFileURL(file).href)) as Record<string, unknown>, file)
      const detected = await detectModule(ns, file, displayPath(file))
      found.push(...detected.tools)
      errors.push(...detected.errors)
    } catch (err) {
      errors.push({ file: displayPath(file), message: `Could not import: ${importErrorMessage(err, file)}` })
    }
  }
  const unique = dedupeTools(found)
  errors.push(...unique.errors)
  const details: ToolDetail[] = []
  for (const t of unique.tools) {
    const { detail, warnings } = describeTool(t, t.file)
    tools.set(t.tool.id, t)
    details.push(detail)
    for (const message of warnings) errors.push({ file: t.file, message })
  }
  // The HTTP interception patches fetch, Headers and node:http once per worker, on its first route: installed here,
  // before the baseline, so its patches belong to the idle worker and are not taken for a run's leftovers.
  if (init.interceptNetwork)
    routeNetwork({ mode: 'live', progress: { used: {}, hits: [] }, sink: () => {}, fail: () => {} })()
  recordBaseline()
  postCoverage()
  post({ type: 'loaded', tools: details, errors })
}

/** The runtime's options of a run request: what the host handles itself (the tool, the network) left out. */
function runOptions(request: StartRunBody) {
  const { toolId: _toolId, network: _network, cassette: _cassette, mocks: _mocks, clock: _clock, ...options } = request
  return options
}

/**
 * Whether the worker may host another run now that `runId` (of `toolId`) left it. A run that changed the global surface
 * (a prototype, a globalThis marker) would leak it into the next run of another tool: that is logged, naming the run,
 * the tool and what changed, and the worker is replaced instead of reused.
 */
function reusableAfter(runId: string, toolId: string): boolean {
  if (runs.size > 0) return false
  const { fit, leftovers } = reuseCheck()
  if (leftovers.length > 0) {
    post({
      type: 'log',
      level: 'warn',
      message: `Run ${runId} of tool "${toolId}" changed the worker's globals (${leftovers.join(', ')}); the worker is replaced, not reused.`,
    })
  }
  return fit
}

/** A refused start leaves nothing behind: the worker says it is free again, then why the run failed. */
function startFailed(runId: string, message: string): void {
  post({ type: 'run-ended', runId, reusable: runs.size === 0 && fitForReuse() })
  post({ type: 'start-failed', runId, message })
}

async function start(msg: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  const found = tools.get(msg.request.toolId)
  if (!found) return startFailed(msg.runId, `Unknown tool "${msg.request.toolId}".`)
  const options = runOptions(msg.request)
  let run: ToolRun
  try {
    run = runTool(found.tool, { ...options, timeoutMs: msg.timeoutMs, mastra: found.mastra })
  } catch (err) {
    return startFailed(msg.runId, describeError(err))
  }
  await follow(msg.runId, found.tool.id, run, capture(msg.runId, run, found, msg.request), msg.payloadBytes)
}

/**
 * Routes the tool's console output and HTTP exchanges to `run` (a worker hosts one run at a time), its network handled
 * as the request's mode says, going on from `progress` for a continued run, its timers on a fake clock when asked;
 * returns the function that restores it all (calling it again does nothing).
 */
function capture(
  runId: string,
  run: ToolRun,
  found: DetectedTool,
  request: StartRunBody,
  progress?: NetworkProgress,
): () => void {
  const restoreConsole = captureConsole((level, message, location) => run.console(level, message, location), found.file)
  const mode = request.network ?? 'live'
  if (!init.interceptNetwork && mode !== 'live')
    run.fail(
      `This server does not intercept HTTP (interceptNetwork: false): the network mode "${mode}" cannot be honoured.`,
    )
  const stopNetwork = !init.interceptNetwork
    ? () => {}
    : routeNetwork({
        mode,
        // The host resolved a cassette's name to the cassette before the start.
        cassette: typeof request.cassette === 'object' ? (request.cassette as Cassette) : undefined,
        mocks: request.mocks,
        progress: progress ?? { used: {}, hits: [] },
        recordingBytes: init.recordingBytes,
        sink: (event) => run.network(event),
        recorded: mode === 'record' ? (exchange) => post({ type: 'network', runId, recorded: exchange }) : undefined,
        advanced:
          mode === 'replay' || mode === 'mock' ? (next) => post({ type: 'network', runId, progress: next }) : undefined,
        fail: (message) => run.fail(message),
      })
  const restoreClock =
    request.clock === 'fake'
      ? installFakeClock({
          skipped: (event) => run.clock(event),
          exhausted: (message) => run.fail(message),
          busy: () => requestsInFlight() > 0,
        })
      : () => {}
  let released = false
  return () => {
    if (released) return
    released = true
    restoreClock()
    restoreConsole()
    stopNetwork()
  }
}

/** After a run ends: one memory-reducing collection once the worker has been without a run for a while. */
const collectWhenIdle = idleCollector(() => runs.size > 0)

/** Posts the run's events until it finishes, or until it waits for a person and can be parked (see park()). */
async function follow(
  runId: string,
  toolId: string,
  run: ToolRun,
  release: () => void,
  payloadBytes?: number,
): Promise<void> {
  runs.set(runId, run)
  try {
    for await (const event of run.events) {
      // Checked before serialising: a replaced JSON.stringify or toJSON must not reach the host's own code.
      if (checkIntegrity(runId)) return
      if (event.type === 'run-finished') {
        // Before the worker says it is free: the next run's capture must start from the real console and network.
        release()
        runs.delete(runId)
        postCoverage()
        post({ type: 'run-ended', runId, reusable: reusableAfter(runId, toolId) })
        collectWhenIdle()
      }
      post({ type: 'event', runId, event: boundedForPost(toPlainJson(event), payloadBytes) })
      if ((event.type === 'approval-requested' || event.type === 'suspended') && park(runId, toolId, run, release))
        return
    }
  } finally {
    release()
    runs.delete(runId)
  }
}

/**
 * A run waiting for approval or resume data leaves the worker: its checkpoint goes to the host, which continues it
 * on any worker when the answer comes, and this worker is free for other runs. False when it cannot be checkpointed.
 */
function park(runId: string, toolId: string, run: ToolRun, release: () => void): boolean {
  const checkpoint = run.checkpoint()
  if (!checkpoint) return false
  release()
  runs.delete(runId)
  // Posted as is: a checkpoint holds only plain data (Dates included), which a structured copy keeps unchanged.
  post({ type: 'parked', runId, checkpoint })
  postCoverage()
  post({ type: 'run-ended', runId, reusable: reusableAfter(runId, toolId) })
  return true
}

/** Continues a parked run with the control that answers its wait; a refused control parks it again, unchanged. */
async function continueRun(msg: Extract<ToWorker, { type: 'continue' }>): Promise<void> {
  const reply = (failure?: ControlFailure) =>
    post({ type: 'control-result', reqId: msg.reqId, ...(failure ? { failure } : {}) })
  const found = tools.get(msg.checkpoint.toolId)
  if (!found) {
    startFailed(msg.runId, `The tool "${msg.checkpoint.toolId}" is not in the catalog any more; the run cannot go on.`)
    return reply({
      code: 'unknown-tool',
      message: `The tool "${msg.checkpoint.toolId}" is not in the catalog any more.`,
    })
  }
  const options = runOptions(msg.request)
  let run: ToolRun
  try {
    run = runTool(found.tool, { ...options, mastra: found.mastra, continueFrom: msg.checkpoint })
  } catch (err) {
    startFailed(msg.runId, describeError(err))
    return reply({ code: 'internal', message: describeError(err) })
  }
  runs.set(msg.runId, run)
  const release = capture(msg.runId, run, found, msg.request, msg.progress)
  try {
    await applyRunControl(run, msg.control)
  } catch (err) {
    if (!park(msg.runId, found.tool.id, run, release))
      void follow(msg.runId, found.tool.id, run, release, msg.payloadBytes)
    return reply(controlFailureOf(err))
  }
  reply()
  await follow(msg.runId, found.tool.id, run, release, msg.payloadBytes)
}

async function control(msg: Extract<ToWorker, { type: 'control' }>): Promise<void> {
  const run = runs.get(msg.runId)
  if (!run)
    return post({
      type: 'control-result',
      reqId: msg.reqId,
      failure: { code: 'unknown-run', message: 'The run is not live in the tool host.' },
    })
  try {
    await applyRunControl(run, msg.control)
    post({ type: 'control-result', reqId: msg.reqId })
  } catch (err) {
    post({ type: 'control-result', reqId: msg.reqId, failure: controlFailureOf(err) })
  }
}

async function check(msg: Extract<ToWorker, { type: 'check' }>): Promise<void> {
  const found = tools.get(msg.check.toolId)
  const problems = found
    ? await checkFit(found.tool, msg.check)
    : [`The tool "${msg.check.toolId}" is not in the catalog any more.`]
  if (checkIntegrity()) return
  post({ type: 'check-result', reqId: msg.reqId, problems })
}

port.on('message', (msg: ToWorker) => {
  if (poisoned) return
  if (msg.type === 'start') void start(msg)
  else if (msg.type === 'control') void control(msg)
  else if (msg.type === 'continue') void continueRun(msg)
  else if (msg.type === 'check') void check(msg)
})

await load()
