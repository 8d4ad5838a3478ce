// Whatever the open run is waiting for (approval, resume data, an elicitation answer), then its outcome.
import type { RunState } from '../../shared/runState.ts'
import { ApprovalCard } from './ApprovalCard.tsx'
import { SuspendCard } from './SuspendCard.tsx'
import { ElicitationForm } from './ElicitationForm.tsx'
import { RunOutcome } from './RunOutcome.tsx'

export function RunPrompts({ runId, state }: { runId: string; state: RunState }) {
  return (
    <>
      {state.status === 'awaiting-approval' && state.approval?.pending && <ApprovalCard key={`${runId}:${state.approval.seq}`} runId={runId} approval={state.approval} />}
      {state.status === 'suspended' && state.suspension?.pending && <SuspendCard key={`${runId}:${state.suspension.seq}`} runId={runId} suspension={state.suspension} />}
      {state.status === 'awaiting-elicitation' && state.elicitation?.pending && <ElicitationForm key={`${runId}:${state.elicitation.seq}`} runId={runId} elicitation={state.elicitation} />}
      <RunOutcome state={state} />
    </>
  )
}
