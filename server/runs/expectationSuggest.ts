// The expectation a finished run suggests for "Save as scenario" and "Export as test" (POST /api/runs/:id/expectation):
// its result with matchers where a second run of the same call gave other values. The second run is the newest run of
// the same call in history, or, when asked, a rerun made now with the same input and answers (a replay: a normal run).

import { isDeepStrictEqual } from 'node:util'
import type { RunRecord, StartRunBody, SuggestedExpectation } from '../../src/shared/protocol.ts'
import { outcomeFromEvents, expectationFromOutcome, scenarioFromRun } from '../../src/testbench/replay.ts'
import { generatedValues, varyingValues, withMatchers } from '../../src/testbench/varying.ts'
import type { Outcome } from '../../src/testbench/match.ts'
import { replayOnHost } from './replayHost.ts'
import type { RunRegistry } from './runs.ts'
import type { ToolHost } from '../toolHost/host.ts'

/** Runs of the tool looked through for an earlier run of the same call. */
const HISTORY_LOOKBACK = 50

/** The suggestion for `record` (a finished run); `rerun` runs the call again when history has no run to compare with. */
export async function suggestExpectation(
  host: ToolHost,
  runs: RunRegistry,
  record: RunRecord,
  rerun: boolean,
): Promise<SuggestedExpectation> {
  const outcome = outcomeFromEvents(record.events)
  const exact = expectationFromOutcome(outcome)
  let twin: { runId: string; outcome: Outcome; how: 'history' | 'rerun' } | undefined = sameCallInHistory(runs, record)
  let rerunProblem: string | undefined
  if (!twin && rerun) {
    const again = await runAgain(host, runs, record)
    if ('problem' in again) rerunProblem = again.problem
    else if (again.outcome.status !== outcome.status)
      rerunProblem = `The rerun ended ${again.outcome.status}, not ${outcome.status}: its values cannot be compared.`
    else twin = { ...again, how: 'rerun' }
  }
  const varying = twin ? varyingValues(outcome, twin.outcome) : generatedValues(outcome)
  return {
    expect: withMatchers(exact, varying.matchers),
    exact,
    ...varying,
    ...(twin ? { comparedWith: { runId: twin.runId, how: twin.how } } : {}),
    ...(rerunProblem ? { rerunProblem } : {}),
  }
}

/** The newest other finished run of the same call with the same status, if history holds one. */
function sameCallInHistory(
  runs: RunRegistry,
  record: RunRecord,
): { runId: string; outcome: Outcome; how: 'history' } | undefined {
  const self = runs.detail(record.runId)
  const call = callOf(record.request)
  for (const summary of runs.list({ tool: record.toolId, status: record.status, limit: HISTORY_LOOKBACK }).runs) {
    if (summary.runId === record.runId || (self && summary.inputSummary !== self.inputSummary)) continue
    const other = runs.detail(summary.runId)
    if (!other || !isDeepStrictEqual(callOf(other.request), call)) continue
    const events = runs.get(summary.runId)?.events
    if (events) return { runId: summary.runId, outcome: outcomeFromEvents(events), how: 'history' }
  }
  return undefined
}

/** What makes two runs the same call: the input (text or value, as parsed), the context, the caller and the agent state. */
function callOf(request: StartRunBody): unknown {
  const { input, inputText, requestContext, caller, messages, workflowState } = request
  let value = input
  if (value === undefined && inputText !== undefined) {
    try {
      value = JSON.parse(inputText)
    } catch {
      value = inputText
    }
  }
  return { input: value, requestContext, caller: caller ?? 'agent', messages, workflowState }
}

/** Runs the call once more with the run's answers (a recorded run replays its recording, so only the tool can differ). */
async function runAgain(
  host: ToolHost,
  runs: RunRegistry,
  record: RunRecord,
): Promise<{ runId: string; outcome: Outcome } | { problem: string }> {
  const scenario = scenarioFromRun('rerun', record.request, record.events)
  if (record.request.network === 'record') {
    const recording = await runs.recording(record.runId)
    if (!recording)
      return { problem: 'The run was recorded, but its recording is gone: run it again by hand to compare.' }
    Object.assign(scenario, { network: 'replay', cassette: recording })
  }
  const report = await replayOnHost(host, runs, scenario)
  if (report.scriptError || !report.runId || !report.result)
    return { problem: `The rerun could not be compared: ${report.scriptError ?? 'it did not start'}.` }
  return { runId: report.runId, outcome: report.result.outcome }
}
