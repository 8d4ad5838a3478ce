// A model in the loop: the agent loop Toolscope runs against a real provider package. Each step streams one
// model call; each tool call the model makes becomes a real run (history shows it) that receives the model's exact
// argument fragments as its input deltas, asks its prompts like any run, and sends its model view back as the tool
// result; steps go on until the model answers without calling a tool or the step limit is reached. The "Try with a
// model" panel and `toolscope eval` both go through here; what happens is reported as TryEvents.

import type { LanguageModelV3, LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider'
import type {
  ConversationTurn,
  ModelTarget,
  ModelToolCall,
  ModelUsage,
  ToolDetail,
  ToolOffer,
  TryEvent,
  TryPhase,
} from '../../src/shared/protocol.ts'
import { MAX_MODEL_STEPS } from '../../src/shared/protocol.ts'
import type { NetworkMode, Mocks } from '../../src/shared/protocol.ts'
import { maskSecrets, scrubSecrets } from '../../src/runtime/index.ts'
import type { ToolHost } from '../toolHost/host.ts'
import type { RunRegistry } from '../runs/runs.ts'
import { callRequest, followCallRun, type CallOutcome, type PromptAnswerer } from './callRun.ts'
import type { ModelKeys } from './keys.ts'
import { modelErrorMessage, modelFor } from './providerModels.ts'
import { offeredTools, toolDefinition, type ToolOverride } from './toolOffer.ts'
import { addUsage, ConversationEnd, streamStep, type StepResult, type StreamedCall } from './modelStep.ts'

/** What a conversation asks: the model, the prompt (after an optional short conversation), the tools and how they run. */
export interface ConversationRequest {
  model: ModelTarget
  prompt: string
  system?: string
  messages?: ConversationTurn[]
  tools: ToolOffer
  maxSteps?: number
  network?: NetworkMode
  cassette?: string
  mocks?: Mocks
  clock?: 'real' | 'fake'
  /** Description tuning: what the model is told about a tool instead of its own description / input schema. */
  toolOverrides?: Record<string, ToolOverride>
}

/** How it went: the phase it ended in, the final answer, every tool call, the tokens, and every event. */
export interface ConversationResult {
  phase: TryPhase
  text: string
  calls: ModelToolCall[]
  usage: ModelUsage
  steps: number
  error?: string
  events: TryEvent[]
}

export interface ConversationDeps {
  host: ToolHost
  runs: RunRegistry
  keys: ModelKeys
  /** Answers a run's prompts itself (evals); without it a prompt waits for /control like any run. */
  answer?: PromptAnswerer
  signal?: AbortSignal
  onEvent?: (event: TryEvent) => void
}

/** Default model calls per conversation. */
export const DEFAULT_MAX_STEPS = 5
/** Longest text a conversation's answers may add up to, and longest argument text per call: a runaway model ends it. */
export const MAX_CONVERSATION_TEXT = 1_000_000
/** Text deltas a conversation reports one by one; later ones are reported once per step (a model streaming a word at a time). */
export const MAX_TEXT_EVENTS = 2_000

/** The status of a call that never had a run (a tool it was not offered, a run the registry refused). */
export const NOT_RUN = 'not-run'

export async function converse(deps: ConversationDeps, request: ConversationRequest): Promise<ConversationResult> {
  const events: TryEvent[] = []
  const emit = (event: DistributiveOmit<TryEvent, 'seq'>) => {
    // A key never leaves the server: a provider's error text or a model echoing one is masked before it is kept.
    const full = scrubSecrets({ ...event, seq: events.length } as TryEvent, deps.keys.secrets())
    events.push(full)
    deps.onEvent?.(full)
  }
  const calls: ModelToolCall[] = []
  const usage: ModelUsage = {}
  let text = ''
  let steps = 0
  let textChars = 0
  let textEvents = 0
  const finish = (phase: TryPhase, error?: string): ConversationResult => {
    const message = error === undefined ? undefined : maskSecrets(error, deps.keys.secrets())
    text = maskSecrets(text, deps.keys.secrets())
    emit({ type: 'finished', phase, text, usage, steps, ...(message !== undefined ? { error: message } : {}) })
    return { phase, text, calls, usage, steps, events, ...(message !== undefined ? { error: message } : {}) }
  }
  let model: LanguageModelV3
  let tools: ToolDetail[]
  try {
    await deps.host.ready
    tools = offeredTools(deps.host.catalog.tools, request.tools)
    model = await modelFor(request.model, deps.keys)
  } catch (err) {
    return finish('failed', (err as Error).message)
  }
  const definitions = tools.map((t) => toolDefinition(t, request.toolOverrides?.[t.id]))
  const prompt = initialPrompt(request)
  const maxSteps = Math.min(request.maxSteps ?? DEFAULT_MAX_STEPS, MAX_MODEL_STEPS)
  const live = new Set<string>()
  const abortLive = (reason = 'The conversation was cancelled.') => {
    for (const runId of live) void deps.runs.control(runId, { type: 'abort', reason }).catch(() => undefined)
  }
  const onCancel = () => abortLive()
  deps.signal?.addEventListener('abort', onCancel, { once: true })
  try {
    while (steps < maxSteps) {
      if (deps.signal?.aborted) return finish('cancelled')
      const step = ++steps
      emit({ type: 'step-start', step })
      const streamed: StreamedCall[] = []
      const startCall = (s: StreamedCall) => {
        calls.push(s.call)
        let started = () => {}
        s.started = new Promise<void>((resolve) => (started = resolve))
        s.outcome = startRun(deps, request, s, live, () => {
          emit({ type: 'tool-call', call: shownCall(s.call) })
          started()
        })
      }
      let result: StepResult
      let held = ''
      const flushText = () => {
        if (held) emit({ type: 'text-delta', step, text: held })
        held = ''
      }
      try {
        result = await streamStep(model, prompt, definitions, step, deps.signal, deps.keys.secrets(), {
          onText: (delta) => {
            textChars += delta.length
            if (textChars > MAX_CONVERSATION_TEXT)
              throw new ConversationEnd(`The model's answers passed ${MAX_CONVERSATION_TEXT} characters.`)
            if (textEvents++ < MAX_TEXT_EVENTS) emit({ type: 'text-delta', step, text: delta })
            else held += delta
          },
          onCall: (s) => {
            streamed.push(s)
            startCall(s)
          },
        })
        flushText()
      } catch (err) {
        flushText()
        // Calls the model completed before its step ended have runs nobody will read the results of: they end here,
        // once each has its run.
        await Promise.all(streamed.map((s) => s.started))
        if (deps.signal?.aborted) {
          abortLive()
          return finish('cancelled')
        }
        const message = err instanceof ConversationEnd ? err.message : modelErrorMessage(err, request.model, deps.keys)
        abortLive(`The model's step failed: ${message}`.slice(0, 1_000))
        return finish('failed', message)
      }
      text = result.text
      addUsage(usage, result.usage)
      emit({ type: 'step-finish', step, finishReason: result.finishReason, usage: result.usage })
      if (streamed.length === 0) {
        if (result.finishReason === 'content-filter')
          return finish('failed', `${request.model.model} refused: ${result.text || 'content filter'}`)
        return finish('done')
      }
      const outcomes = await Promise.all(streamed.map((s) => s.outcome!))
      streamed.forEach((s, i) => {
        const outcome = outcomes[i]
        s.call.status = outcome.status
        if (outcome.error && !s.call.error) s.call.error = outcome.error
        emit({ type: 'tool-result', call: shownCall(s.call), modelView: outcome.output })
      })
      prompt.push(assistantMessage(result.text, streamed), toolMessage(streamed, outcomes))
    }
    return finish('step-limit', `The model was still calling tools after ${maxSteps} step${maxSteps === 1 ? '' : 's'}.`)
  } finally {
    deps.signal?.removeEventListener('abort', onCancel)
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** Longest argument text a conversation's events carry per call: its run holds the whole input. */
export const MAX_SHOWN_ARGS = 64 * 1024

/** A call as the conversation's events show it: a copy, its argument text cut past MAX_SHOWN_ARGS (no parsed args then). */
function shownCall(call: ModelToolCall): ModelToolCall {
  if (call.argsText.length <= MAX_SHOWN_ARGS) return { ...call }
  const { args: _args, ...rest } = call
  return {
    ...rest,
    argsText: `${call.argsText.slice(0, MAX_SHOWN_ARGS)}… (${call.argsText.length - MAX_SHOWN_ARGS} more characters; the run has them all)`,
  }
}

/** The system message, the earlier turns and the prompt, in the provider-neutral prompt format. */
function initialPrompt(request: ConversationRequest): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Message[] = []
  if (request.system) prompt.push({ role: 'system', content: request.system })
  for (const turn of request.messages ?? []) {
    prompt.push(
      turn.role === 'user'
        ? { role: 'user', content: [{ type: 'text', text: turn.content }] }
        : { role: 'assistant', content: [{ type: 'text', text: turn.content }] },
    )
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: request.prompt }] })
  return prompt
}

/**
 * Starts a complete call's run, reporting the call once it has its run (`started`); a call the registry refuses (an
 * unknown tool, too many runs) fails without one.
 */
async function startRun(
  deps: ConversationDeps,
  request: ConversationRequest,
  s: StreamedCall,
  live: Set<string>,
  started: () => void,
): Promise<CallOutcome> {
  const call = s.call
  const notRun = (): CallOutcome => {
    started()
    return { status: NOT_RUN, output: { type: 'error-text', value: call.error! }, error: call.error }
  }
  if (call.error) return notRun()
  let runId: string
  try {
    runId = await deps.runs.start(callRequest(call, s.fragments, request))
  } catch (err) {
    call.error = `The call of ${call.toolId} could not start a run: ${(err as Error).message}`
    return notRun()
  }
  call.runId = runId
  live.add(runId)
  started()
  try {
    return await followCallRun(deps.runs, runId, call, deps.answer)
  } finally {
    live.delete(runId)
  }
}

/** The assistant turn of a step: its text and its tool calls (a call with malformed arguments sent back as their text). */
function assistantMessage(text: string, streamed: StreamedCall[]): LanguageModelV3Message {
  return {
    role: 'assistant',
    content: [
      ...(text ? [{ type: 'text' as const, text }] : []),
      ...streamed.map((s) => ({
        type: 'tool-call' as const,
        toolCallId: s.call.toolCallId,
        toolName: s.call.toolId,
        input: s.call.args ?? s.call.argsText,
      })),
    ],
  }
}

/** The tool turn: each call's model view, as the tool result the model reads. */
function toolMessage(streamed: StreamedCall[], outcomes: CallOutcome[]): LanguageModelV3Message {
  return {
    role: 'tool',
    content: streamed.map((s, i) => ({
      type: 'tool-result' as const,
      toolCallId: s.call.toolCallId,
      toolName: s.call.toolId,
      output: outcomes[i].output,
    })),
  }
}
