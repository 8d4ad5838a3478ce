// Replays scenarios through the tool host, exactly like a person's run: the server's routes use it on the live
// registry (replays then show in history) and `toolscope test` / `toolscope call` on a headless one (no HTTP).

import { MissingEnvError, processEnv, resolveEnvRefs } from '../../src/testbench/envRefs.ts'
import type { NetworkMode, ReplayReport, RunEvent, Scenario } from '../../src/shared/protocol.ts'
import { UNFINISHED } from '../../src/runtime/index.ts'
import { formatMismatches } from '../../src/testbench/match.ts'
import { replayScenario, scenarioRequest, type ReplayableRun, type ReplayResult } from '../../src/testbench/replay.ts'
import { CassetteError, type CassetteStore } from '../history/cassetteStore.ts'
import { RunRegistry } from './runs.ts'
import { RunStore } from '../history/runStore.ts'
import { forwardingSink, ToolHost, UnknownToolError, type RunSink } from '../toolHost/host.ts'
import { type ToolHostOptions } from '../toolHost/hostOptions.ts'
import type { FitCheck } from '../toolHost/messages.ts'

/** A registry run seen through the controls a replay needs; a refused control throws its reason. */
export function registryRun(runs: RunRegistry, runId: string): ReplayableRun {
  return {
    events: eventsOf(runs, runId),
    async control(control) {
      const outcome = await runs.control(runId, control)
      if (!outcome.ok) throw new Error(outcome.failure.message)
    },
  }
}

/** Every event of a run from the first, ending after `run-finished`. */
async function* eventsOf(runs: RunRegistry, runId: string): AsyncGenerator<RunEvent> {
  const queue: RunEvent[] = []
  let wake: (() => void) | undefined
  const unsubscribe = runs.subscribe(runId, -1, (event) => {
    queue.push(event)
    wake?.()
  })
  try {
    for (;;) {
      const event = queue.shift()
      if (!event) {
        await new Promise<void>((resolve) => (wake = resolve))
        continue
      }
      yield event
      if (event.type === 'run-finished') return
    }
  } finally {
    unsubscribe?.()
  }
}

/** What the worker checks of a scenario against the tool's current schemas. */
export function fitCheckOf(scenario: Scenario): FitCheck {
  const resumeData = scenario.decisions.flatMap((d) => (d.type === 'resume' ? [d.resumeData] : []))
  // A missing environment variable is reported by the replay itself; the fit check sees a placeholder string.
  const requestContext = scenario.requestContext && resolveEnvRefs(scenario.requestContext, processEnv(), true)
  return { toolId: scenario.toolId, input: scenario.input, inputText: scenario.inputText, requestContext, resumeData }
}

/** A readable account of why a replay failed (empty when it passed). */
export function failureText(result: Pick<ReplayResult, 'mismatches' | 'scriptError'>, unfit: string[]): string {
  const parts: string[] = []
  if (result.scriptError) parts.push(`  script: ${result.scriptError}`)
  if (unfit.length) parts.push(...unfit.map((u) => `  no longer fits: ${u}`))
  if (result.mismatches.length) parts.push(formatMismatches(result.mismatches))
  return parts.join('\n')
}

/** Replays one scenario as a normal run on `runs` and reports the outcome with its mismatches. */
export async function replayOnHost(
  host: ToolHost,
  runs: RunRegistry,
  scenario: Scenario,
  network?: NetworkMode,
): Promise<ReplayReport & { result?: ReplayResult }> {
  const { toolId, name } = scenario
  const unfit = await host.checkFit(fitCheckOf(scenario))
  let runId: string
  try {
    // An MCP server's tool runs on its server, whose HTTP Toolscope cannot replay: live unless the scenario says otherwise.
    const onMcpServer = host.catalog.tools.find((t) => t.id === scenario.toolId)?.kind === 'mcp'
    runId = await runs.start(
      scenarioRequest(scenario, processEnv(), network ?? (onMcpServer && !scenario.network ? 'live' : undefined)),
    )
  } catch (err) {
    if (!(err instanceof UnknownToolError) && !(err instanceof MissingEnvError) && !(err instanceof CassetteError))
      throw err
    const scriptError = err.message
    return {
      toolId,
      name,
      passed: false,
      outcome: { status: UNFINISHED },
      mismatches: [],
      scriptError,
      unfit,
      diff: failureText({ mismatches: [], scriptError }, unfit),
    }
  }
  const result = await replayScenario(scenario, registryRun(runs, runId))
  const { passed, outcome, mismatches, scriptError } = result
  return {
    toolId,
    name,
    runId,
    passed,
    outcome: outcome as ReplayReport['outcome'],
    mismatches,
    scriptError,
    unfit,
    diff: passed ? '' : failureText(result, unfit),
    result,
  }
}

/** A tool host and run registry with nothing persisted: what the CLI replays on. */
export interface HeadlessRunner {
  host: ToolHost
  runs: RunRegistry
  close(): Promise<void>
}

/** Loads the tools in a tool host (no HTTP, no history on disk); throws when the first load fails. */
export async function createHeadlessRunner(options: {
  paths: string[]
  timeoutMs?: number
  log?: (line: string) => void
  cassettes?: CassetteStore
  redact?: { headers?: string[]; query?: string[] }
  /** MCP servers whose tools join the catalog (started here, closed with the runner). */
  mcp?: ToolHostOptions['mcp']
  /** Keep the runs in this folder's history (`--data-dir`), so the UI shows them later; default in memory only. */
  dataDir?: string
}): Promise<HeadlessRunner> {
  const log = options.log ?? (() => {})
  // History in memory only, kept small, unless a data folder is named: the CLI reads each run as it happens.
  const store = new RunStore(options.dataDir ? { dataDir: options.dataDir, log } : { maxRuns: 100, log })
  const host: ToolHost = new ToolHost({
    paths: options.paths,
    watch: false,
    sink: forwardingSink((): RunSink => runs),
    log,
    toolOutputToStderr: true,
    redact: options.redact,
    mcp: options.mcp,
  })
  const runs = new RunRegistry({
    host,
    store,
    timeoutMs: options.timeoutMs ?? 60_000,
    log,
    maxLiveRuns: 10_000,
    cassettes: options.cassettes,
  })
  try {
    await host.ready
  } catch (err) {
    await host.close()
    throw err
  }
  return {
    host,
    runs,
    async close() {
      await host.close()
      store.close()
    },
  }
}
