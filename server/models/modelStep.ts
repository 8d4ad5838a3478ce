// One model step of a conversation (conversation.ts): streams one provider call, reporting text deltas as they come
// and each tool call once its arguments are complete (masked of the server's keys), within the step's bounds; and
// the step's tokens and cost as the provider reports them.

import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider'
import type { ModelToolCall, ModelUsage } from '../../src/shared/protocol.ts'
import { maskSecrets } from '../../src/runtime/index.ts'
import type { CallOutcome } from './callRun.ts'
import type { toolDefinition } from './toolOffer.ts'

/** Longest argument text per call: a runaway model ends the conversation. */
const MAX_ARGUMENT_TEXT = 1_000_000

/** Most tool calls one step may make. */
const MAX_CALLS_PER_STEP = 32

/** Ends a conversation from inside a step (a provider error, a bound crossed). */
export class ConversationEnd extends Error {}

/** A tool call as the stream delivers it, and the run carrying it out once the call is complete. */
export interface StreamedCall {
  call: ModelToolCall
  fragments: string[]
  outcome?: Promise<CallOutcome>
  /** Settles once the call has its run (or is known to have none). */
  started?: Promise<void>
}

export interface StepResult {
  text: string
  finishReason: string
  usage: ModelUsage
}

/** Streams one model call: text deltas as they come, each tool call as soon as its arguments are complete. */
export async function streamStep(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt,
  tools: ReturnType<typeof toolDefinition>[],
  step: number,
  signal: AbortSignal | undefined,
  secrets: readonly string[],
  on: { onText: (delta: string) => void; onCall: (s: StreamedCall) => void },
): Promise<StepResult> {
  const offered = new Set(tools.map((t) => t.name))
  const { stream } = await model.doStream({ prompt, tools, toolChoice: { type: 'auto' }, abortSignal: signal })
  const fragments = new Map<string, string[]>()
  let text = ''
  let finishReason = 'other'
  let usage: ModelUsage = {}
  let callCount = 0
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      const part: LanguageModelV3StreamPart = value
      switch (part.type) {
        case 'text-delta':
          on.onText(part.delta)
          text += part.delta
          break
        case 'tool-input-start':
          fragments.set(part.id, [])
          break
        case 'tool-input-delta': {
          const list = fragments.get(part.id) ?? []
          list.push(part.delta)
          if (list.reduce((n, f) => n + f.length, 0) > MAX_ARGUMENT_TEXT)
            throw new ConversationEnd(`The model's arguments for one call passed ${MAX_ARGUMENT_TEXT} characters.`)
          fragments.set(part.id, list)
          break
        }
        case 'tool-call': {
          if (++callCount > MAX_CALLS_PER_STEP)
            throw new ConversationEnd(`The model made more than ${MAX_CALLS_PER_STEP} tool calls in one step.`)
          // A key the model echoes into its arguments is masked before the run (and history) sees them.
          const argsText = maskSecrets(part.input, secrets)
          const call: ModelToolCall = { step, toolCallId: part.toolCallId, toolId: part.toolName, argsText }
          const parsed = parseArgs(argsText)
          if (parsed.ok) call.args = parsed.value
          if (!offered.has(part.toolName))
            call.error = `The model called "${part.toolName}", a tool it was not offered (offered: ${[...offered].join(', ') || 'none'}).`
          on.onCall({ call, fragments: maskedFragments(fragments.get(part.toolCallId) ?? [], argsText) })
          break
        }
        case 'finish':
          finishReason = part.finishReason.unified
          usage = usageOf(part.usage, part.providerMetadata)
          break
        case 'error':
          throw part.error
      }
    }
  } finally {
    reader.releaseLock()
  }
  return { text, finishReason, usage }
}

/** The fragments cut at the same places from the masked text (masking keeps lengths), or none when they do not join to it. */
function maskedFragments(fragments: readonly string[], masked: string): string[] {
  if (fragments.join('').length !== masked.length) return []
  let offset = 0
  return fragments.map((f) => masked.slice(offset, (offset += f.length)))
}

function parseArgs(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: text.trim() === '' ? {} : JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** The step's tokens, and its cost where the provider reports one (OpenRouter and others put `cost` in their metadata). */
function usageOf(
  usage: { inputTokens: { total: number | undefined }; outputTokens: { total: number | undefined } },
  metadata: Record<string, unknown> | undefined,
): ModelUsage {
  const input = usage.inputTokens.total
  const output = usage.outputTokens.total
  const cost = reportedCost(metadata)
  return {
    ...(input !== undefined ? { inputTokens: input } : {}),
    ...(output !== undefined ? { outputTokens: output } : {}),
    ...(input !== undefined || output !== undefined ? { totalTokens: (input ?? 0) + (output ?? 0) } : {}),
    ...(cost !== undefined ? { cost } : {}),
  }
}

function reportedCost(metadata: Record<string, unknown> | undefined): number | undefined {
  for (const entry of Object.values(metadata ?? {})) {
    const value = entry as { cost?: unknown; usage?: { cost?: unknown } } | undefined
    const cost = value?.cost ?? value?.usage?.cost
    if (typeof cost === 'number' && Number.isFinite(cost)) return cost
  }
  return undefined
}

export function addUsage(total: ModelUsage, step: ModelUsage): void {
  for (const key of ['inputTokens', 'outputTokens', 'totalTokens', 'cost'] as const) {
    if (step[key] !== undefined) total[key] = (total[key] ?? 0) + step[key]
  }
}
