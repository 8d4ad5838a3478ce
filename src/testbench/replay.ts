// Replays a scenario against any run source (in-process runTool, the tool host, the HTTP API) by answering
// its prompts with the scripted decisions, then turns the event log into an outcome to compare.

import type { RunEvent, StartRunBody } from '../shared/protocol.ts'
import { compareOutcome, type Mismatch, type Outcome } from './match.ts'
import type { Decision, Expectation, Scenario } from './scenario.ts'

/** The controls a replay needs; a runTool ToolRun satisfies it as is. */
export interface ReplayableRun {
  events: AsyncIterable<RunEvent | { type: string; seq: number }>
  approve(): unknown
  decline(reason?: string): unknown
  resume(resumeData: unknown): unknown
  respond(answer: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> }): unknown
  continue(): unknown
  abort(reason?: string): unknown
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

/** The run request a scenario describes. */
export function scenarioRequest(scenario: Scenario): StartRunBody {
  const { toolId, input, inputText, requestContext, caller, messages, workflowState, stream } = scenario
  return strip({ toolId, input, inputText, requestContext, caller, messages, workflowState, stream })
}

/** Drives `run` to its end with the scenario's decisions and checks the expectation. */
export async function replayScenario(scenario: Scenario, run: ReplayableRun): Promise<ReplayResult> {
  const decisions = [...scenario.decisions]
  const events: RunEvent[] = []
  let scriptError: string | undefined
  for await (const raw of run.events) {
    const event = raw as RunEvent
    events.push(event)
    if (scriptError) continue
    const wanted = PROMPTS[event.type]
    if (event.type === 'paused') {
      await run.continue()
    } else if (wanted) {
      const next = decisions.shift()
      if (!next || !wanted.includes(next.type)) {
        scriptError = next
          ? `the run asked for ${wanted.join(' or ')} (event ${event.type} #${event.seq}) but the next decision is "${next.type}"`
          : `the run asked for ${wanted.join(' or ')} (event ${event.type} #${event.seq}) and the scenario has no decision left`
        await run.abort(scriptError)
      } else {
        await answer(run, next)
      }
    }
  }
  if (!scriptError && decisions.length > 0) scriptError = `${decisions.length} decision(s) were never asked for: ${decisions.map((d) => d.type).join(', ')}`
  const outcome = outcomeFromEvents(events)
  const mismatches = compareOutcome(scenario.expect, outcome)
  return { passed: !scriptError && mismatches.length === 0, outcome, mismatches, events, scriptError }
}

const PROMPTS: Partial<Record<RunEvent['type'], Decision['type'][]>> = {
  'approval-requested': ['approve', 'decline'],
  suspended: ['resume'],
  'elicitation-requested': ['respond'],
}

async function answer(run: ReplayableRun, decision: Decision): Promise<void> {
  switch (decision.type) {
    case 'approve':
      return void (await run.approve())
    case 'decline':
      return void (await run.decline(decision.reason))
    case 'resume':
      return void (await run.resume(decision.resumeData))
    case 'respond':
      return void (await run.respond({ action: decision.action, content: decision.content }))
  }
}

/** The final status and views of a run, read from its event log (live or from history alike). */
export function outcomeFromEvents(events: readonly RunEvent[]): Outcome {
  const finished = events.findLast((e) => e.type === 'run-finished')
  const status = finished?.type === 'run-finished' ? finished.status : 'unfinished'
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
    if (e.type === 'approval-resolved') out.push(e.approved ? { type: 'approve' } : strip({ type: 'decline' as const, reason: e.reason }))
    else if (e.type === 'resumed') out.push({ type: 'resume', resumeData: e.resumeData })
    else if (e.type === 'elicitation-resolved') out.push(strip({ type: 'respond' as const, action: e.result.action, content: e.result.content }))
  }
  return out
}

/** An exact expectation taken from an outcome (used by "Save as scenario" and `--update`). */
export function expectationFromOutcome(outcome: Outcome): Expectation {
  const { status, ...views } = outcome
  return strip({ status: status as Expectation['status'], match: 'exact' as const, ...views }) as Expectation
}

/** A new scenario from a finished run: its request, its decisions, and its outcome as the expectation. */
export function scenarioFromRun(name: string, request: StartRunBody, events: readonly RunEvent[]): Scenario {
  const { stepping: _stepping, ...rest } = request
  return { name, ...strip(rest), decisions: decisionsFromEvents(events), expect: expectationFromOutcome(outcomeFromEvents(events)) } as Scenario
}

function strip<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
