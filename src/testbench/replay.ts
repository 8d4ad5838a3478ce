// Replays a scenario against any run source (in-process runTool, the tool host, the HTTP API) by answering
// its prompts with the scripted decisions, then turns the event log into an outcome to compare.

import { processEnv, resolveEnvRefs, secretsToEnvRefs } from './envRefs.ts'
import type { NetworkMode, RunControl, RunEvent, StartRunBody } from '../shared/protocol.ts'
import { applyRunControl, type SteerableRun } from '../shared/runControl.ts'
import { compareOutcome, type Mismatch, type Outcome } from './match.ts'
import type { Decision, Expectation, Scenario } from './scenario.ts'
import { Status, UNFINISHED } from '../runtime/status.ts'

type ReplayEvents = AsyncIterable<RunEvent | { type: string; seq: number }>

/** A run a replay can drive: its events, and one entry point for every control (rejects when refused). */
export interface ReplayableRun {
  events: ReplayEvents
  control(control: RunControl): unknown
}

/** A runTool ToolRun (or anything with its steering methods) is replayable as is. */
export type ReplaySource = ReplayableRun | (SteerableRun & { events: ReplayEvents })

function replayable(run: ReplaySource): ReplayableRun {
  return 'control' in run ? run : { events: run.events, control: (c) => applyRunControl(run, c) }
}

/** The RunControl a scripted decision sends (an abort's scripting fields stay behind). */
export function controlOf(decision: Decision): RunControl {
  if (decision.type !== 'abort') return decision
  return decision.reason === undefined ? { type: 'abort' } : { type: 'abort', reason: decision.reason }
}

/** Result of one replay. */
export interface ReplayResult {
  passed: boolean
  outcome: Outcome
  mismatches: Mismatch[]
  events: RunEvent[]
  /** Set when the script did not fit the run (a prompt with no decision left, or the wrong kind). */
  scriptError?: string
}

/**
 * The network mode a scenario runs in: `replay` unless it says otherwise (scenarios run offline, answered from their
 * cassette), or `override` (`toolscope test --network`).
 */
export function scenarioNetwork(scenario: Scenario, override?: NetworkMode): NetworkMode {
  return override ?? scenario.network ?? 'replay'
}

/** The run request a scenario describes, with environment references resolved and its network mode (see scenarioNetwork). */
export function scenarioRequest(
  scenario: Scenario,
  env: Record<string, string | undefined> = processEnv(),
  network?: NetworkMode,
): StartRunBody {
  const { toolId, input, inputText, caller, messages, workflowState, stream, cassette, mocks } = scenario
  // `{ "$env": "NAME" }` values are read from the environment now; a missing one throws MissingEnvError.
  const requestContext = scenario.requestContext && resolveEnvRefs(scenario.requestContext, env)
  const mode = scenarioNetwork(scenario, network)
  // Recording, the cassette is not sent: whoever replays decides whether the recording is kept (`--update`).
  const tape = mode === 'record' ? undefined : cassette
  return strip({
    toolId,
    input,
    inputText,
    requestContext,
    caller,
    messages,
    workflowState,
    stream,
    network: mode,
    cassette: tape,
    mocks,
  })
}

/** Drives `run` to its end with the scenario's decisions and checks the expectation. */
export async function replayScenario(scenario: Scenario, source: ReplaySource): Promise<ReplayResult> {
  const { events, scriptError } = await answerPrompts(source, scenario.decisions)
  const outcome = outcomeFromEvents(events)
  const mismatches = compareOutcome(scenario.expect, outcome)
  return { passed: !scriptError && mismatches.length === 0, outcome, mismatches, events, scriptError }
}

/** What answerPrompts saw: the events up to where it stopped, and why the script did not fit the run, if it did not. */
export interface AnsweredRun {
  events: RunEvent[]
  scriptError?: string
}

/**
 * Answers the run's prompts with `decisions`, in order, continuing every pause, until the run ends. When the run asks
 * and no decision is left, a scenario replay aborts it as a script error; with `leaveWaiting` (a rerun, which answers
 * only up to its chosen point) the run is left waiting for a person and the answering stops there.
 */
export async function answerPrompts(
  source: ReplaySource,
  script: readonly Decision[],
  options: { leaveWaiting?: boolean } = {},
): Promise<AnsweredRun> {
  const run = replayable(source)
  const steer = (control: RunControl) => Promise.resolve().then(() => run.control(control))
  const decisions = [...script]
  const events: RunEvent[] = []
  const seen = new Map<string, number>()
  let scriptError: string | undefined
  const fail = async (message: string) => {
    scriptError = message
    await steer({ type: 'abort', reason: message }).catch(() => undefined)
  }
  for await (const raw of run.events) {
    const event = raw as RunEvent
    events.push(event)
    seen.set(event.type, (seen.get(event.type) ?? 0) + 1)
    if (scriptError || event.type === 'run-finished') continue
    const next = decisions[0]
    // An abort is not asked for: it fires at the nth event of its kind, whatever else is pending.
    if (next?.type === 'abort' && next.on === event.type && seen.get(event.type) === next.nth) {
      decisions.shift()
      await steer(controlOf(next)).catch(() => undefined)
      continue
    }
    const wanted = PROMPTS[event.type]
    if (event.type === 'paused') {
      await steer({ type: 'continue' })
    } else if (wanted) {
      const at = `(event ${event.type} #${event.seq})`
      if (!next && options.leaveWaiting) return { events }
      if (!next || !wanted.includes(next.type)) {
        await fail(
          next
            ? `the run asked for ${wanted.join(' or ')} ${at} but the next decision is "${next.type}"`
            : `the run asked for ${wanted.join(' or ')} ${at} and the scenario has no decision left`,
        )
        continue
      }
      decisions.shift()
      try {
        await steer(controlOf(next))
      } catch (error) {
        await fail(`the ${next.type} decision was refused ${at}: ${(error as Error).message}`)
      }
    }
  }
  if (!scriptError && decisions.length > 0)
    scriptError = `${decisions.length} decision(s) were never asked for: ${decisions.map((d) => d.type).join(', ')}`
  return { events, scriptError }
}

/** The decisions that answer a prompt event, by its type (undefined for an event that asks nothing). */
export function answersTo(type: string): readonly Decision['type'][] | undefined {
  return PROMPTS[type as RunEvent['type']]
}

const PROMPTS: Partial<Record<RunEvent['type'], Decision['type'][]>> = {
  'approval-requested': ['approve', 'decline'],
  suspended: ['resume'],
  'elicitation-requested': ['respond'],
}

/** The final status and views of a run, read from its event log (live or from history alike). */
export function outcomeFromEvents(events: readonly RunEvent[]): Outcome {
  const finished = events.findLast((e) => e.type === 'run-finished')
  const status = finished?.type === 'run-finished' ? finished.status : UNFINISHED
  if (status === Status.declined) {
    // Same as runTool's result: the approval payload's views, and the denial the model is told about.
    const asked = events.findLast((e) => e.type === 'approval-requested')
    const resolved = events.findLast((e) => e.type === 'approval-resolved')
    if (asked?.type !== 'approval-requested') return { status }
    const reason = resolved?.type === 'approval-resolved' ? resolved.reason : undefined
    const model =
      reason === undefined ? { type: 'execution-denied' as const } : { type: 'execution-denied' as const, reason }
    return strip({
      status,
      raw: asked.views.raw,
      display: asked.views.display.value,
      transcript: asked.views.transcript.value,
      model,
    })
  }
  const last = events.findLast((e) => e.type === 'output' || e.type === 'error')
  if (!last || (last.type !== 'output' && last.type !== 'error')) return { status }
  const { views } = last
  return strip({
    status,
    raw: views.raw,
    display: views.display.value,
    transcript: views.transcript.value,
    model: views.model,
    error: last.type === 'error' ? last.message : undefined,
  })
}

/** Scripted decisions read back from a finished run's events. */
export function decisionsFromEvents(events: readonly RunEvent[]): Decision[] {
  const out: Decision[] = []
  for (const e of events) {
    if (e.type === 'approval-resolved')
      out.push(e.approved ? { type: 'approve' } : strip({ type: 'decline' as const, reason: e.reason }))
    else if (e.type === 'resumed') out.push({ type: 'resume', resumeData: e.resumeData })
    else if (e.type === 'elicitation-resolved')
      out.push(strip({ type: 'respond' as const, action: e.result.action, content: e.result.content }))
    else if (e.type === 'aborted') out.push(abortDecision(events, e.seq, e.reason))
  }
  return out
}

/** Events that say nothing about where a run stood (they come and go with timing). */
const NOISE = new Set(['log', 'span', 'hook-error', 'background-attempt'])

/** Where a person pressed Abort, as a replayable point: the nth event of the last meaningful kind before it. */
function abortDecision(events: readonly RunEvent[], abortSeq: number, reason: string | undefined): Decision {
  const before = events.filter((e) => e.seq < abortSeq)
  const anchor = before.findLast((e) => !NOISE.has(e.type)) ?? before.at(-1)
  const on = anchor?.type ?? 'run-started'
  const nth = before.filter((e) => e.type === on).length || 1
  return strip({ type: 'abort' as const, on, nth, reason })
}

/** An exact expectation taken from an outcome (used by "Save as scenario" and `--update`). */
export function expectationFromOutcome(outcome: Outcome): Expectation {
  const { status, ...views } = outcome
  return strip({ status: status as Expectation['status'], match: 'exact' as const, ...views }) as Expectation
}

/** A new scenario from a finished run: its request, its decisions, and its outcome as the expectation. */
export function scenarioFromRun(name: string, request: StartRunBody, events: readonly RunEvent[]): Scenario {
  const { stepping: _stepping, ...rest } = request
  // A recorded run replays from its recording, saved as the cassette named after the scenario (scenarios replay by default).
  if (rest.network === 'record') Object.assign(rest, { network: undefined, cassette: name })
  // A live run that made requests stays live (it has no cassette to replay from); without requests the mode is moot.
  else if (rest.network === undefined || rest.network === 'live')
    rest.network = events.some((e) => e.type === 'http-request') ? 'live' : undefined
  // Secret-looking request-context values never reach a scenario file: they become `{ "$env": "NAME" }` references.
  if (rest.requestContext) rest.requestContext = secretsToEnvRefs(rest.requestContext)
  return {
    name,
    ...strip(readableInput(rest)),
    decisions: decisionsFromEvents(events),
    expect: expectationFromOutcome(outcomeFromEvents(events)),
  } as Scenario
}

/**
 * The playground sends the editor's text as `inputText`; a scenario file reads (and exports) better with `input` as
 * JSON. The text is kept when a chunk size was chosen (the streamed text is then part of what is tested) or is not JSON.
 */
function readableInput<T extends { input?: unknown; inputText?: string; stream?: unknown }>(request: T): T {
  if (request.input !== undefined || request.inputText === undefined || request.stream !== undefined) return request
  try {
    const { inputText: _text, ...rest } = request
    return { ...rest, input: JSON.parse(request.inputText) } as T
  } catch {
    return request
  }
}

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
