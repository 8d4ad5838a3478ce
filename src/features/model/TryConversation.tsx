// A conversation with a model as the Model tab shows it: each step (the model's text, its tool calls, its tokens and
// cost), then how it ended: the model's answer, the step limit, or the error named by its cause (a rate limit, a
// refusal, a base URL that does not answer) with the provider's own message.
import type { UrlState } from '../../hooks/useUrlState.ts'
import { ToolCallCard } from './ToolCallCard.tsx'
import { describeModelError, formatUsage, phaseText } from './modelText.ts'
import type { TryEnd, TryStepView, TryView } from './tryEvents.ts'

function Step({ step, live, onOpen }: { step: TryStepView; live: boolean; onOpen: (s: UrlState) => void }) {
  return (
    <section
      aria-label={`Step ${step.step}`}
      className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold">Step {step.step}</h3>
        <span aria-label={`Step ${step.step} tokens`} className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
          {step.usage ? formatUsage(step.usage) : live ? 'in progress' : ''}
          {step.finishReason && <span className="ml-2 text-zinc-500">· {step.finishReason}</span>}
        </span>
      </header>
      {step.text && <p className="text-sm whitespace-pre-wrap wrap-anywhere">{step.text}</p>}
      {step.calls.map((c) => (
        <ToolCallCard key={c.call.toolCallId} view={c} live={live} onOpen={onOpen} />
      ))}
    </section>
  )
}

function Ending({ end }: { end: TryEnd }) {
  if (end.phase === 'failed') {
    const named = describeModelError(end.error ?? '')
    return (
      <div
        role="alert"
        aria-label="Conversation error"
        data-error-kind={named.kind}
        className="space-y-1 rounded-md border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        <p className="font-semibold">{named.title}</p>
        {end.error && <p className="font-mono text-xs wrap-anywhere">{end.error}</p>}
        {named.hint && <p className="text-xs">{named.hint}</p>}
        {end.text && <p className="text-xs">Text so far: {end.text}</p>}
      </div>
    )
  }
  return (
    <section
      aria-label="Answer"
      className={`space-y-1 rounded-lg border p-3 ${end.phase === 'done' ? 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950/40'}`}
    >
      <h3 className="text-sm font-semibold">{end.phase === 'done' ? 'Answer' : phaseText(end.phase, end.steps)}</h3>
      {end.phase !== 'done' && end.error && <p className="text-xs text-amber-800 dark:text-amber-200">{end.error}</p>}
      {end.text ? (
        <p className="text-sm whitespace-pre-wrap wrap-anywhere">{end.text}</p>
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">No text answer.</p>
      )}
    </section>
  )
}

/** What a live conversation waits for: the model, or the runs of its calls (one may wait for a person above). */
function waitingText(view: TryView): string {
  if (!view.steps.length) return 'Waiting for the model…'
  const last = view.steps[view.steps.length - 1]
  if (last.calls.some((c) => !c.answered)) return 'Waiting for the tool calls to finish; the model goes on after them…'
  return 'The model is working…'
}

export function TryConversation({
  view,
  prompt,
  onOpen,
}: {
  view: TryView
  prompt?: string
  onOpen: (s: UrlState) => void
}) {
  const live = view.end === undefined
  return (
    <div className="space-y-3">
      {prompt && (
        <p className="rounded-md bg-sky-50 p-2 text-sm whitespace-pre-wrap wrap-anywhere text-sky-950 dark:bg-sky-950/40 dark:text-sky-100">
          <span className="sr-only">Prompt: </span>
          {prompt}
        </p>
      )}
      {view.steps
        // A step that ended with nothing (the provider failed before answering) says nothing the error does not.
        .filter((s) => live || s.text || s.calls.length || s.usage)
        .map((s) => (
          <Step key={s.step} step={s} live={live} onOpen={onOpen} />
        ))}
      {live && (
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {waitingText(view)}
        </p>
      )}
      {view.end && <Ending end={view.end} />}
      {view.end && (
        <p role="status" aria-label="Conversation summary" className="text-xs text-zinc-600 dark:text-zinc-400">
          {phaseText(view.end.phase, view.end.steps)} · {formatUsage(view.end.usage)}
        </p>
      )}
    </div>
  )
}
