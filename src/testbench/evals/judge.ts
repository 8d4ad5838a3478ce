// Judges one eval trial: the calls a model made and its answer against the case's expectations. Each failure is a
// sentence that says what was expected and what the model did instead (the tools it called, with the arguments it
// sent), so a failing case reads without opening its runs. Also τ-bench's pass^k, the chance k trials in a row pass.

import type { ModelToolCall } from '../../shared/protocol.ts'
import { compareValues } from '../match.ts'
import type { CallCount, EvalExpect, ExpectedCall } from './evalFile.ts'

/** What a trial produced: the model's tool calls in order, its final answer, and why the conversation failed, if it did. */
export interface TrialOutcome {
  calls: ModelToolCall[]
  answer: string
  error?: string
}

/** Longest arguments or answer text quoted in a failure. */
const MAX_QUOTED = 300

function quoted(text: string): string {
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 3)}...` : text
}

/** A call as the model sent it: `weather-tool {"location":"lima"}`, and why its run failed when it did. */
export function describeCall(call: ModelToolCall): string {
  const args = call.args !== undefined ? JSON.stringify(call.args) : call.argsText
  return `${call.toolId} ${quoted(args || '{}')}${call.error ? ` (failed: ${call.error})` : ''}`
}

/** `the model called a {...}, b {...}`, or that it called no tool. */
function whatWasCalled(calls: ModelToolCall[]): string {
  return calls.length ? `the model called ${calls.map(describeCall).join(', ')}` : 'the model called no tool'
}

const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`

/** Whether a call is of the expected tool with arguments that match (a partial match, matchers allowed). */
function matchesCall(expected: ExpectedCall, call: ModelToolCall): boolean {
  if (call.toolId !== expected.tool) return false
  if (expected.args === undefined) return true
  // Arguments that were not JSON match nothing: a malformed call never counts as the expected one.
  return call.args !== undefined && compareValues(expected.args, call.args, 'args', true).length === 0
}

function expectedCallFailure(expected: ExpectedCall, calls: ModelToolCall[]): string | undefined {
  const matching = calls.filter((call) => matchesCall(expected, call)).length
  const wanted =
    expected.args === undefined
      ? `a call of ${expected.tool}`
      : `a call of ${expected.tool} with args matching ${quoted(JSON.stringify(expected.args))}`
  if (expected.count === undefined) return matching > 0 ? undefined : `expected ${wanted}; ${whatWasCalled(calls)}`
  if (matching === expected.count) return undefined
  return `expected ${wanted} ${times(expected.count)}, got ${times(matching)}; ${whatWasCalled(calls)}`
}

function notCalledFailure(toolId: string, calls: ModelToolCall[]): string | undefined {
  const made = calls.filter((call) => call.toolId === toolId)
  if (!made.length) return undefined
  return `expected no call of ${toolId}; the model called it ${times(made.length)}: ${made.map(describeCall).join(', ')}`
}

function firstFailure(toolId: string, calls: ModelToolCall[]): string | undefined {
  const first = calls[0]
  if (first?.toolId === toolId) return undefined
  return `expected ${toolId} to be called first; ${first ? `the model called ${describeCall(first)} first` : 'the model called no tool'}`
}

/** The bounds of a call count, `min` and `max` both inclusive. */
function boundsOf(count: CallCount): { min: number; max: number } {
  return typeof count === 'number' ? { min: count, max: count } : { min: count.min ?? 0, max: count.max ?? Infinity }
}

function callCountFailure(count: CallCount, calls: ModelToolCall[]): string | undefined {
  const { min, max } = boundsOf(count)
  if (calls.length >= min && calls.length <= max) return undefined
  const wanted =
    min === max ? `${min}` : max === Infinity ? `at least ${min}` : min === 0 ? `at most ${max}` : `${min} to ${max}`
  return `expected ${wanted} tool call${/(^| )1$/.test(wanted) ? '' : 's'}; the model made ${calls.length}${calls.length ? `: ${calls.map(describeCall).join(', ')}` : ''}`
}

function answerFailures(answerIncludes: string | string[], answer: string): string[] {
  const texts = typeof answerIncludes === 'string' ? [answerIncludes] : answerIncludes
  const lower = answer.toLowerCase()
  return texts
    .filter((text) => !lower.includes(text.toLowerCase()))
    .map(
      (text) =>
        `expected the answer to include ${JSON.stringify(text)}; ${answer.trim() ? `the answer was ${JSON.stringify(quoted(answer.trim()))}` : 'the model gave no text answer'}`,
    )
}

/** Calls whose arguments were not valid JSON: named in the failures, since the model sent something no tool could run. */
function malformedCalls(calls: ModelToolCall[]): string[] {
  return calls
    .filter((call) => call.args === undefined && call.error)
    .map((call) => `the model's call of ${call.toolId} had malformed arguments ${quoted(call.argsText)}: ${call.error}`)
}

/** Every way a trial fell short of `expect` (empty: it passed). */
export function judgeTrial(expect: EvalExpect, outcome: TrialOutcome): string[] {
  const { calls, answer } = outcome
  const failures: string[] = []
  if (outcome.error) failures.push(`the conversation failed: ${outcome.error}`)
  for (const expected of expect.calls ?? []) failures.push(...optional(expectedCallFailure(expected, calls)))
  for (const toolId of expect.notCalled ?? []) failures.push(...optional(notCalledFailure(toolId, calls)))
  if (expect.first !== undefined) failures.push(...optional(firstFailure(expect.first, calls)))
  if (expect.callCount !== undefined) failures.push(...optional(callCountFailure(expect.callCount, calls)))
  if (expect.answerIncludes !== undefined) failures.push(...answerFailures(expect.answerIncludes, answer))
  // A malformed call is named whenever the trial failed, so the reason is in sight (a model that recovered still passes).
  if (failures.length)
    failures.push(...malformedCalls(calls.filter((call) => !failures.some((f) => f.includes(describeCall(call))))))
  return failures
}

const optional = (failure: string | undefined): string[] => (failure === undefined ? [] : [failure])

/** C(n, k), as a float (exact enough for the trial counts of an eval). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0
  let result = 1
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1)
  return result
}

/**
 * pass^k (τ-bench): the chance that k trials drawn from n, of which c passed, all pass: C(c, k) / C(n, k). With n = k
 * it is 1 when every trial passed and 0 otherwise; with more trials than k it estimates how reliable the model is.
 */
export function passK(n: number, c: number, k: number): number {
  if (
    !(Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k)) ||
    n < 1 ||
    c < 0 ||
    c > n ||
    k < 1 ||
    k > n
  ) {
    throw new RangeError(`pass^k needs whole numbers 0 ≤ c ≤ n and 1 ≤ k ≤ n; got n = ${n}, c = ${c}, k = ${k}`)
  }
  return choose(c, k) / choose(n, k)
}
