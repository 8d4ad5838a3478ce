// Folds a conversation's events (TryEvent, in seq order) into what the Model tab shows: one entry per step with the
// model's text, each tool call (its arguments, run and result) and the step's tokens, then the end. Pure, so a live
// conversation and one replayed after a reload show the same thing; an event already applied (seq seen) is ignored.
import type { ModelToolCall, ModelUsage, TryEvent, TryPhase } from '../../shared/protocol.ts'

/** One tool call of a step: the latest the server said of it, and the model view sent back once its run ended. */
export interface TryCallView {
  call: ModelToolCall
  /** True once the call's result went back to the model. */
  answered: boolean
  modelView?: unknown
}

/** One model call: its text, its tool calls in the order they began, and, once it ended, why and what it cost. */
export interface TryStepView {
  step: number
  text: string
  calls: TryCallView[]
  finishReason?: string
  usage?: ModelUsage
}

/** How the conversation ended. */
export interface TryEnd {
  phase: TryPhase
  text: string
  usage: ModelUsage
  steps: number
  error?: string
}

export interface TryView {
  /** Highest seq applied; -1 before any event. */
  lastSeq: number
  steps: TryStepView[]
  end?: TryEnd
}

export const initialTryView: TryView = { lastSeq: -1, steps: [] }

/** The step numbered `step`, added (in step order) when it is new. */
function withStep(steps: TryStepView[], step: number, change: (s: TryStepView) => TryStepView): TryStepView[] {
  const at = steps.findIndex((s) => s.step === step)
  if (at >= 0) return steps.map((s, i) => (i === at ? change(s) : s))
  const added = [...steps, change({ step, text: '', calls: [] })]
  return added.sort((a, b) => a.step - b.step)
}

/** The call with `call.toolCallId`, updated with what the server now says of it (later fields win). */
function withCall(calls: TryCallView[], call: ModelToolCall, result?: { modelView: unknown }): TryCallView[] {
  const at = calls.findIndex((c) => c.call.toolCallId === call.toolCallId)
  const merge = (old?: TryCallView): TryCallView => ({
    call: { ...old?.call, ...call },
    answered: (old?.answered ?? false) || result !== undefined,
    modelView: result ? result.modelView : old?.modelView,
  })
  if (at < 0) return [...calls, merge()]
  return calls.map((c, i) => (i === at ? merge(c) : c))
}

function applyOne(view: TryView, e: TryEvent): TryView {
  switch (e.type) {
    case 'step-start':
      return { ...view, steps: withStep(view.steps, e.step, (s) => s) }
    case 'text-delta':
      return { ...view, steps: withStep(view.steps, e.step, (s) => ({ ...s, text: s.text + e.text })) }
    case 'tool-call':
      return { ...view, steps: withStep(view.steps, e.call.step, (s) => ({ ...s, calls: withCall(s.calls, e.call) })) }
    case 'tool-result':
      return {
        ...view,
        steps: withStep(view.steps, e.call.step, (s) => ({
          ...s,
          calls: withCall(s.calls, e.call, { modelView: e.modelView }),
        })),
      }
    case 'step-finish':
      return {
        ...view,
        steps: withStep(view.steps, e.step, (s) => ({ ...s, finishReason: e.finishReason, usage: e.usage })),
      }
    case 'finished':
      return {
        ...view,
        end: {
          phase: e.phase,
          text: e.text,
          usage: e.usage,
          steps: e.steps,
          ...(e.error !== undefined ? { error: e.error } : {}),
        },
      }
  }
}

/** Applies new events; those at or below `lastSeq` (a replay after a reconnect) change nothing. */
export function foldTryEvents(view: TryView, events: readonly TryEvent[]): TryView {
  let next = view
  for (const e of events) {
    if (e.seq <= next.lastSeq) continue
    next = { ...applyOne(next, e), lastSeq: e.seq }
  }
  return next
}

/** True while the model may still talk (no `finished` event yet). */
export const isTalking = (view: TryView): boolean => view.end === undefined

/** Every tool call of the conversation, in order. */
export const allCalls = (view: TryView): TryCallView[] => view.steps.flatMap((s) => s.calls)
