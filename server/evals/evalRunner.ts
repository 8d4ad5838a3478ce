// Runs eval cases against models: each trial a conversation (converse()) whose tool calls are real runs,
// with the case's network mode and clock, its prompts answered from the case's `answers`, judged by its expectations.
// A case × model (× description variant) is one row: its trials, pass rate and pass^k. Every trial runs one after
// another — a provider's rate limits, and a scripted model's turns, meet them in order — and a provider error (a rate
// limit, a refusal) fails its trial with its message, never the whole job.

import type {
  EvalCaseResult,
  EvalTrial,
  ModelTarget,
  ModelToolCall,
  ModelUsage,
  RunControl,
} from '../../src/shared/protocol.ts'
import { modelLabel } from '../../src/shared/protocol.ts'
import type { EvalAnswers, EvalCase, ToolVariant } from '../../src/testbench/evals/evalFile.ts'
import { toolsNamedBy } from '../../src/testbench/evals/evalFile.ts'
import { judgeTrial, passK } from '../../src/testbench/evals/judge.ts'
import type { LoadedEval } from '../../src/testbench/evals/loadEvals.ts'
import { converse, type ConversationDeps, type ConversationRequest } from '../models/conversation.ts'
import type { ModelKeys } from '../models/keys.ts'
import type { RunRegistry } from '../runs/runs.ts'
import type { ToolHost } from '../toolHost/host.ts'

/** What the runner needs: the tool host and registry the trials' runs go to, and the model keys. */
export interface EvalDeps {
  host: ToolHost
  runs: RunRegistry
  keys: ModelKeys
}

export interface EvalRunOptions {
  cases: LoadedEval[]
  models: ModelTarget[]
  /** Trials per row, overriding each case's `k`. */
  k?: number
  /** Also run each case's description variants, each as its own row. */
  variants?: boolean
  /** One more variant row for every case: the tools as a commit described them (`toolscope eval --against HEAD`). */
  against?: { name: string; tools: Record<string, ToolVariant> }
  /** Stops the job: no trial starts after it, the one in flight is cancelled and its row dropped. */
  signal?: AbortSignal
  /** Trials done so far of all of them. */
  onProgress?: (done: number, total: number) => void
  /** Each row as soon as its trials are done. */
  onResult?: (result: EvalCaseResult) => void
}

/** One row to run: a case against a model, told about its tools as the variant says (none: as the tools say). */
interface EvalRow {
  evalCase: LoadedEval
  model: ModelTarget
  variant?: { name: string; tools: Record<string, ToolVariant> }
}

/** Every row of a job, case by case, each case's base row before its variants. */
export function evalRows(
  cases: readonly LoadedEval[],
  models: readonly ModelTarget[],
  withVariants: boolean,
  against?: EvalRunOptions['against'],
): EvalRow[] {
  return cases.flatMap((evalCase) =>
    models.flatMap((model) => [
      { evalCase, model },
      ...(withVariants
        ? Object.entries(evalCase.variants ?? {}).map(([name, tools]) => ({
            evalCase,
            model,
            variant: { name, tools },
          }))
        : []),
      ...(against ? [{ evalCase, model, variant: against }] : []),
    ]),
  )
}

/** How many trials a job runs in all. */
export function trialCount(
  cases: readonly LoadedEval[],
  models: readonly ModelTarget[],
  options: Pick<EvalRunOptions, 'k' | 'variants' | 'against'>,
): number {
  return evalRows(cases, models, options.variants === true, options.against).reduce(
    (sum, row) => sum + (options.k ?? row.evalCase.k),
    0,
  )
}

/** Runs every row; resolves to the rows finished (all of them unless the job was stopped). */
export async function runEvals(deps: EvalDeps, options: EvalRunOptions): Promise<EvalCaseResult[]> {
  const rows = evalRows(options.cases, options.models, options.variants === true, options.against)
  const total = trialCount(options.cases, options.models, options)
  let done = 0
  options.onProgress?.(done, total)
  const results: EvalCaseResult[] = []
  for (const row of rows) {
    const k = options.k ?? row.evalCase.k
    const trials: EvalTrial[] = []
    for (let i = 0; i < k; i++) {
      if (options.signal?.aborted) return results
      trials.push(await runTrial(deps, row, options.signal))
      options.onProgress?.(++done, total)
    }
    if (options.signal?.aborted) return results
    const result = rowResult(row, trials)
    results.push(result)
    options.onResult?.(result)
  }
  return results
}

/** The conversation of one trial, as the case and the row's variant describe it. */
export function conversationOf(row: EvalRow): ConversationRequest {
  const c = row.evalCase
  return {
    model: row.model,
    prompt: c.prompt,
    tools: c.tools,
    ...(c.system !== undefined ? { system: c.system } : {}),
    ...(c.messages ? { messages: c.messages } : {}),
    ...(c.maxSteps !== undefined ? { maxSteps: c.maxSteps } : {}),
    ...(c.network ? { network: c.network } : {}),
    ...(c.cassette ? { cassette: c.cassette } : {}),
    ...(c.mocks ? { mocks: c.mocks } : {}),
    ...(c.clock ? { clock: c.clock } : {}),
    ...(row.variant ? { toolOverrides: row.variant.tools } : {}),
  }
}

/** Tools a case names that the catalog does not have: its trials fail without asking the model. */
function unknownTools(host: ToolHost, c: EvalCase): string[] {
  return toolsNamedBy(c).filter((id) => !host.hasTool(id))
}

const NO_USAGE: ModelUsage = {}

/** One trial: a conversation judged by the case's expectations; whatever goes wrong fails this trial only. */
async function runTrial(deps: EvalDeps, row: EvalRow, signal: AbortSignal | undefined): Promise<EvalTrial> {
  const c = row.evalCase
  const missing = unknownTools(deps.host, c)
  if (missing.length) {
    const error = `no tool ${missing.map((id) => `"${id}"`).join(', ')} in the catalog`
    return { passed: false, failures: [`the case cannot run: ${error}`], calls: [], answer: '', usage: NO_USAGE, error }
  }
  const conversationDeps: ConversationDeps = {
    ...deps,
    answer: promptAnswerer(c.answers),
    ...(signal ? { signal } : {}),
  }
  try {
    const result = await converse(conversationDeps, conversationOf(row))
    const error =
      result.phase === 'failed' || result.phase === 'cancelled'
        ? (result.error ?? `the conversation ended ${result.phase}`)
        : undefined
    const outcome = { calls: result.calls, answer: result.text, ...(error !== undefined ? { error } : {}) }
    const failures = judgeTrial(c.expect, outcome)
    return { passed: failures.length === 0, failures, ...keptOutcome(outcome), usage: result.usage }
  } catch (err) {
    const error = (err as Error)?.message ?? String(err)
    return {
      passed: false,
      failures: [`the conversation failed: ${error}`],
      calls: [],
      answer: '',
      usage: NO_USAGE,
      error,
    }
  }
}

/** Longest argument text and answer a trial keeps (judged whole, kept cut: a job holds many trials; each run has all). */
export const MAX_KEPT_ARGS = 10_000
export const MAX_KEPT_ANSWER = 20_000

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`

/** What a trial keeps of its calls and answer: long argument texts and answers cut (a cut call keeps no parsed args). */
export function keptOutcome<T extends { calls: ModelToolCall[]; answer: string }>(outcome: T): T {
  const calls = outcome.calls.map((call) => {
    if (call.argsText.length <= MAX_KEPT_ARGS) return call
    const { args: _args, ...rest } = call
    return { ...rest, argsText: cut(call.argsText, MAX_KEPT_ARGS) }
  })
  return { ...outcome, calls, answer: cut(outcome.answer, MAX_KEPT_ANSWER) }
}

/** A row's verdict from its trials. */
function rowResult(row: EvalRow, trials: EvalTrial[]): EvalCaseResult {
  const k = trials.length
  const passes = trials.filter((t) => t.passed).length
  const passRate = k ? passes / k : 0
  const threshold = row.evalCase.threshold
  return {
    name: row.evalCase.name,
    file: row.evalCase.file,
    model: modelLabel(row.model),
    ...(row.variant ? { variant: row.variant.name } : {}),
    k,
    passes,
    passRate,
    passK: k ? passK(k, passes, k) : 0,
    threshold,
    // A hair of tolerance: 4/5 trials meet a threshold of 0.8 whatever the float rounding.
    ok: k > 0 && passRate >= threshold - 1e-9,
    usage: sumUsage(trials.map((t) => t.usage)),
    trials,
  }
}

/** Tokens (and cost, where reported) added up over trials; a count no trial reported stays out. */
export function sumUsage(usages: readonly ModelUsage[]): ModelUsage {
  const total: ModelUsage = {}
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'cost'] as const) {
    const values = usages.map((u) => u[key]).filter((v): v is number => v !== undefined)
    if (values.length) total[key] = values.reduce((a, b) => a + b, 0)
  }
  return total
}

/**
 * How an eval answers its runs' prompts, since nobody is there: approvals as `answers.approve` says (default: approve),
 * a suspension with the tool's resume data (aborted without any: it would wait forever), an elicitation accepted with
 * the tool's content (declined without any).
 */
export function promptAnswerer(
  answers: EvalAnswers | undefined,
): (event: { type: string }, call: ModelToolCall) => RunControl | undefined {
  return (event, call) => {
    const toolId = call.toolId
    switch (event.type) {
      case 'approval-requested': {
        const approve = typeof answers?.approve === 'boolean' ? answers.approve : (answers?.approve?.[toolId] ?? true)
        return approve ? { type: 'approve' } : { type: 'decline', reason: 'Declined by the eval (answers.approve).' }
      }
      case 'suspended': {
        const resume = answers?.resumeData
        if (resume && Object.hasOwn(resume, toolId)) return { type: 'resume', resumeData: resume[toolId] }
        return {
          type: 'abort',
          reason: `${toolId} suspended and the eval gives no resume data for it (answers.resumeData["${toolId}"]).`,
        }
      }
      case 'elicitation-requested': {
        const content = answers?.elicitation?.[toolId]
        return content ? { type: 'respond', action: 'accept', content } : { type: 'respond', action: 'decline' }
      }
      default:
        return undefined
    }
  }
}
