// What a recorded run asked a person, at the current point of the playback: the approval, suspension or elicitation
// as it appeared, then how it was answered. Read-only: a demo shows the answers that were given.
import type { RunState } from '../../shared/runState.ts'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { RunOutcome } from '../runs/RunOutcome.tsx'

function Prompt({
  title,
  pending,
  answer,
  children,
}: {
  title: string
  pending: boolean
  answer: string
  children: React.ReactNode
}) {
  return (
    <section
      aria-label={title}
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-xs dark:border-amber-800 dark:bg-amber-950/40"
    >
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
      <p
        role="status"
        className={pending ? 'text-amber-900 dark:text-amber-100' : 'font-semibold text-zinc-800 dark:text-zinc-100'}
      >
        {pending ? 'Waiting for an answer…' : answer}
      </p>
    </section>
  )
}

export function RecordedPrompts({ state }: { state: RunState }) {
  const { approval, suspension, elicitation } = state
  const resumed = suspension && !suspension.pending ? state.events.findLast((e) => e.type === 'resumed') : undefined
  return (
    <>
      {approval && (
        <Prompt
          title="Approval requested"
          pending={approval.pending}
          answer={approval.approved ? 'Approved' : `Declined${approval.reason ? `: ${approval.reason}` : ''}`}
        >
          <JsonBlock value={approval.input} copyLabel="Copy the input" className="max-h-40" />
        </Prompt>
      )}
      {suspension && (
        <Prompt title="Suspended" pending={suspension.pending} answer="Resumed with:">
          <JsonBlock value={suspension.payload} copyLabel="Copy the suspend payload" className="max-h-40" />
        </Prompt>
      )}
      {resumed?.type === 'resumed' && (
        <JsonBlock value={resumed.resumeData} copyLabel="Copy the resume data" className="max-h-40" />
      )}
      {elicitation && (
        <Prompt
          title="Question for the user"
          pending={elicitation.pending}
          answer={`Answered: ${elicitation.action ?? 'no answer'}`}
        >
          <p>{elicitation.request.message}</p>
        </Prompt>
      )}
      <RunOutcome state={state} />
    </>
  )
}
