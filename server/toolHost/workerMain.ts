// Tool-host worker: imports the user's tool modules, describes their tools, runs them with the runtime
// and reports every event as plain JSON. Owns every tool object: none of them ever crosses to the main thread.

import { parentPort, workerData } from 'node:worker_threads'
import { brokenBuiltin, fitForReuse, recordBaseline } from './integrity.ts'
import { pathToFileURL } from 'node:url'
import { relative } from 'node:path'
import { runTool, type ToolRun } from '../../src/runtime/index.ts'
import type { CatalogError, ToolDetail } from '../../src/shared/protocol.ts'
import { dedupeTools, detectModule, type DetectedTool } from './detect.ts'
import { describeTool } from './describe.ts'
import { registerBuiltInSources } from './detectors/index.ts'
import { checkFit } from './fitCheck.ts'
import type { ControlFailure, FromWorker, ToWorker, WorkerInit } from './messages.ts'
import { importErrorMessage, moduleExports } from './moduleLoading.ts'
import { toPlainJson } from './sanitize.ts'
import { applyRunControl } from '../../src/shared/runControl.ts'
import { boundedForPost } from '../limits.ts'
import { captureConsole } from './consoleCapture.ts'

const port = parentPort!
const init = workerData as WorkerInit
const post = (msg: FromWorker) => port.postMessage(msg)
const tools = new Map<string, DetectedTool>()
const runs = new Map<string, ToolRun>()
/** Set once a tool broke a builtin: the worker reports it and stops serving (the host replaces it). */
let poisoned = false

// A tool's floating promise must not take the whole host (and every other run) down.
process.on('unhandledRejection', (reason) => post({ type: 'log', level: 'error', message: `Unhandled rejection in a tool: ${describeError(reason)}` }))
process.on('uncaughtException', (err) => post({ type: 'log', level: 'error', message: `Uncaught exception in a tool: ${describeError(err)}` }))

/** A readable description of anything thrown, even a value whose `message` and `toString` throw. */
function describeError(err: unknown): string {
  try {
    return err instanceof Error ? err.stack || err.message : String(err)
  } catch {
    return 'A value that cannot be described was thrown.'
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
  const errors: CatalogError[] = [...init.skip]
  const found: DetectedTool[] = []
  for (const file of init.files) {
    post({ type: 'importing', file })
    try {
      const ns = moduleExports((await import(pathToFileURL(file).href)) as Record<string, unknown>)
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
  recordBaseline()
  post({ type: 'loaded', tools: details, errors })
}

/** A refused start leaves nothing behind: the worker says it is free again, then why the run failed. */
function startFailed(runId: string, message: string): void {
  post({ type: 'run-ended', runId, reusable: runs.size === 0 && fitForReuse() })
  post({ type: 'start-failed', runId, message })
}

async function start(msg: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  const found = tools.get(msg.request.toolId)
  if (!found) return startFailed(msg.runId, `Unknown tool "${msg.request.toolId}".`)
  const { toolId: _toolId, ...options } = msg.request
  let run: ToolRun
  try {
    run = runTool(found.tool, { ...options, timeoutMs: msg.timeoutMs, mastra: found.mastra })
  } catch (err) {
    return startFailed(msg.runId, describeError(err))
  }
  runs.set(msg.runId, run)
  const restoreConsole = captureConsole((level, message, location) => run.console(level, message, location), found.file)
  try {
    for await (const event of run.events) {
      // Checked before serialising: a replaced JSON.stringify or toJSON must not reach the host's own code.
      if (checkIntegrity(msg.runId)) return
      if (event.type === 'run-finished') {
        // Before the worker says it is free: the next run's capture must start from the real console.
        restoreConsole()
        runs.delete(msg.runId)
        post({ type: 'run-ended', runId: msg.runId, reusable: runs.size === 0 && fitForReuse() })
      }
      post({ type: 'event', runId: msg.runId, event: boundedForPost(toPlainJson(event), msg.payloadBytes) })
    }
  } finally {
    restoreConsole()
    runs.delete(msg.runId)
  }
}

function failureOf(err: unknown): ControlFailure {
  const e = err as { code?: string; state?: string; message?: string; validationErrors?: ControlFailure['validationErrors'] }
  if (e && (e.code === 'invalid-state' || e.code === 'invalid-resume-data')) {
    return { code: e.code, message: e.message ?? String(err), state: e.state, validationErrors: toPlainJson(e.validationErrors) as ControlFailure['validationErrors'] }
  }
  return { code: 'internal', message: describeError(err) }
}

async function control(msg: Extract<ToWorker, { type: 'control' }>): Promise<void> {
  const run = runs.get(msg.runId)
  if (!run) return post({ type: 'control-result', reqId: msg.reqId, failure: { code: 'unknown-run', message: 'The run is not live in the tool host.' } })
  try {
    await applyRunControl(run, msg.control)
    post({ type: 'control-result', reqId: msg.reqId })
  } catch (err) {
    post({ type: 'control-result', reqId: msg.reqId, failure: failureOf(err) })
  }
}

async function check(msg: Extract<ToWorker, { type: 'check' }>): Promise<void> {
  const found = tools.get(msg.check.toolId)
  const problems = found ? await checkFit(found.tool, msg.check) : [`The tool "${msg.check.toolId}" is not in the catalog any more.`]
  if (checkIntegrity()) return
  post({ type: 'check-result', reqId: msg.reqId, problems })
}

port.on('message', (msg: ToWorker) => {
  if (poisoned) return
  if (msg.type === 'start') void start(msg)
  else if (msg.type === 'control') void control(msg)
  else if (msg.type === 'check') void check(msg)
})

await load()
