// Fuzzing on the tool host: every generated call of src/testbench/fuzz is a real run through the run registry (its
// isolation, its timeout, its place in history), followed to `run-finished` and answered on its own when it asks —
// approvals approved, suspensions resumed with a value generated from the tool's resume schema, elicitations
// accepted with content generated from the requested schema. The answers are generated from the call itself, so a
// seed replays the same runs. `toolscope fuzz` and the server's fuzz routes both go through here.

import fc from 'fast-check'
import type { RunControl, RunEvent, StartRunBody, ToolDetail } from '../../src/shared/protocol.ts'
import { arbitraryOf } from '../../src/testbench/fuzz/arbitraries.ts'
import { checkRun, DEFAULT_CHECKS, type FuzzCheckId } from '../../src/testbench/fuzz/checks.ts'
import {
  fuzzTool,
  plantedSecrets,
  type FuzzCall,
  type FuzzReport,
  type FuzzRun,
} from '../../src/testbench/fuzz/fuzz.ts'
import { readProjectConfig, type FuzzSettings } from '../projectConfig.ts'
import { UnknownToolError, type ToolHost } from '../toolHost/host.ts'
import { registryRun } from './replayHost.ts'
import type { RunRegistry } from './runs.ts'

type Schema = Record<string, unknown>

/** One fuzz job: a tool, how many calls, the seed, the checks and how the runs reach the network and the clock. */
export interface FuzzJobOptions {
  toolId: string
  runs?: number
  seed?: number
  /** The checks to apply; default DEFAULT_CHECKS minus those package.json "toolscope.fuzz" turns off for the tool. */
  checks?: FuzzCheckId[]
  network?: 'live' | 'replay' | 'mock'
  clock?: 'fake'
  invalidShare?: number
}

/** A run of a fuzz job kept whole (its request and events): the failing ones, for saving as a scenario. */
export interface FuzzedRun {
  request: StartRunBody
  events: RunEvent[]
}

/** What a fuzz job gives beside the report: how many invalid calls it made, and the minimal failing run. */
export interface FuzzJobResult {
  report: FuzzReport
  /** Invalid calls generated and run (shrinking runs not counted). */
  invalid: number
  /** The run of report.failure.runId: kept in memory (a headless history may have dropped it by now), else from history. */
  failedRun?: FuzzedRun
}

/** Fuzzes one tool on the host: the agreed entry point (the server's routes, benches). */
export async function fuzzOnHost(
  host: ToolHost,
  runs: RunRegistry,
  options: FuzzJobOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<FuzzReport> {
  return (await fuzzJob(host, runs, options, onProgress)).report
}

/** The checks of a tool: DEFAULT_CHECKS minus the tool's `skipChecks` in package.json "toolscope.fuzz". */
export function projectChecks(toolId: string, settings: FuzzSettings | undefined): FuzzCheckId[] {
  const skipped = new Set(settings?.tools?.[toolId]?.skipChecks ?? [])
  return DEFAULT_CHECKS.filter((c) => !skipped.has(c))
}

/** Fuzzes one tool on the host, keeping what `toolscope fuzz` prints and saves beside the report. */
export async function fuzzJob(
  host: ToolHost,
  runs: RunRegistry,
  options: FuzzJobOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<FuzzJobResult> {
  await host.ready
  const tool = host.catalog.tools.find((t) => t.id === options.toolId)
  if (!tool) throw new UnknownToolError(`Unknown tool "${options.toolId}".`)
  const checks = new Set(options.checks ?? projectChecks(tool.id, (await readProjectConfig()).fuzz))
  let lastFailing: (FuzzedRun & { runId: string }) | undefined
  // Whether each call was valid, in order (a call run twice by `same-output` counted once): generated calls first,
  // then fast-check's shrinking.
  const validity: boolean[] = []
  let previous: FuzzCall | undefined
  const execute = async (call: FuzzCall): Promise<FuzzRun> => {
    if (call !== previous) validity.push(call.valid)
    previous = call
    const run = await runCall(runs, tool, call, options)
    // The last run that fails a check is kept whole: fast-check ends its shrinking on it, so it is the minimal one.
    if (checkRun(run.events, { valid: call.valid, secrets: plantedSecrets(call), enabled: checks }).length)
      lastFailing = run
    return { events: run.events, runId: run.runId }
  }
  const report = await fuzzTool(
    {
      toolId: tool.id,
      input: tool.schemas.input as Schema | undefined,
      requestContext: tool.schemas.requestContext as Schema | undefined,
    },
    { runs: options.runs ?? 100, seed: options.seed, checks, invalidShare: options.invalidShare, execute, onProgress },
  )
  const failedRun =
    report.failure?.runId === undefined
      ? undefined
      : report.failure.runId === lastFailing?.runId
        ? lastFailing
        : storedRun(runs, report.failure.runId)
  return { report, invalid: validity.slice(0, report.runs).filter((v) => !v).length, failedRun }
}

/** A run read back from history (a `same-output` failure's first run passed its checks, so it was not kept). */
function storedRun(runs: RunRegistry, runId: string): FuzzedRun | undefined {
  const record = runs.get(runId)
  return record && { request: record.request, events: record.events }
}

/** The run request of a generated call. */
function requestOf(tool: ToolDetail, call: FuzzCall, options: FuzzJobOptions): StartRunBody {
  return {
    toolId: tool.id,
    input: call.input,
    ...(call.requestContext ? { requestContext: call.requestContext } : {}),
    ...(options.network ? { network: options.network } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  }
}

/** Starts a call's run and answers it to its end; resolves to its id, request and events. */
async function runCall(
  runs: RunRegistry,
  tool: ToolDetail,
  call: FuzzCall,
  options: FuzzJobOptions,
): Promise<FuzzedRun & { runId: string }> {
  const request = requestOf(tool, call, options)
  const runId = await runs.start(request)
  const run = registryRun(runs, runId)
  const events: RunEvent[] = []
  let asked = 0
  for await (const raw of run.events) {
    const event = raw as RunEvent
    events.push(event)
    const answer = answerTo(event, tool, call, asked)
    if (!answer) continue
    asked++
    try {
      await run.control(answer)
    } catch (err) {
      // A generated answer the run refused (a resume schema the generator cannot meet): the run must still end.
      await Promise.resolve(
        run.control({
          type: 'abort',
          reason: `toolscope fuzz: the generated ${answer.type} was refused: ${(err as Error).message}`.slice(0, 1_000),
        }),
      ).catch(() => undefined)
    }
  }
  return { runId, request, events }
}

/** What the fuzzer answers an event that asks (undefined for one that does not): the `n`th answer of the call. */
function answerTo(event: RunEvent, tool: ToolDetail, call: FuzzCall, n: number): RunControl | undefined {
  switch (event.type) {
    case 'approval-requested':
      return { type: 'approve' }
    case 'suspended':
      return { type: 'resume', resumeData: generated(tool.schemas.resume ?? event.resumeSchema, call, n) }
    case 'elicitation-requested': {
      if (event.request.mode === 'url') return { type: 'respond', action: 'accept' }
      const content = generated(event.request.requestedSchema, call, n)
      return { type: 'respond', action: 'accept', content: isRecord(content) ? content : {} }
    }
    case 'paused':
      return { type: 'continue' }
    default:
      return undefined
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** One value of `schema` (anything JSON without one), seeded by the call and the answer's place: the same call, the same answer. */
function generated(schema: unknown, call: FuzzCall, n: number): unknown {
  const arbitrary = arbitraryOf(isRecord(schema) ? schema : true)
  return fc.sample(arbitrary, {
    seed: seedOf(`${n}:${JSON.stringify([call.input, call.requestContext])}`),
    numRuns: 1,
  })[0]
}

/** A 32-bit seed from text (FNV-1a). */
function seedOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h | 0
}
