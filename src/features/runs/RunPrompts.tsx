// Whatever the open run is waiting for (approval, resume data, an elicitation answer), then its outcome. A prompt
// that appears while its pane is scrolled away is brought into view, without moving focus.
import { useEffect, useRef } from 'react'
import { Status } from '../../runtime/status.ts'
import type { RunState } from '../../shared/runState.ts'
import { ApprovalCard } from './ApprovalCard.tsx'
import { SuspendCard } from './SuspendCard.tsx'
import { ElicitationForm } from './ElicitationForm.tsx'
import { RunOutcome } from './RunOutcome.tsx'

function pendingPrompt(runId: string, state: RunState) {
  if (state.status === Status.awaitingApproval && state.approval?.pending) {
    const key = `${runId}:approval:${state.approval.seq}`
    return { key, node: <ApprovalCard key={key} runId={runId} approval={state.approval} /> }
  }
  if (state.status === Status.suspended && state.suspension?.pending) {
    const key = `${runId}:suspend:${state.suspension.seq}`
    return { key, node: <SuspendCard key={key} runId={runId} suspension={state.suspension} /> }
  }
  if (state.status === Status.awaitingElicitation && state.elicitation?.pending) {
    const key = `${runId}:elicitation:${state.elicitation.seq}`
    return { key, node: <ElicitationForm key={key} runId={runId} elicitation={state.elicitation} /> }
  }
  return null
}

export function RunPrompts({ runId, state }: { runId: string; state: RunState }) {
  const prompt = pendingPrompt(runId, state)
  const box = useRef<HTMLDivElement>(null)
  const key = prompt?.key
  useEffect(() => {
    // Ctrl+Enter from an editor lower in the pane starts a run while the prompt's place (the top) is scrolled away.
    // 'nearest' scrolls only when the card is not already in view; scrolling never takes focus from the user's typing.
    if (key) box.current?.scrollIntoView?.({ block: 'nearest' })
  }, [key])
  return (
    <>
      {prompt && (
        <div ref={box} className="scroll-my-3">
          {prompt.node}
        </div>
      )}
      <RunOutcome state={state} />
    </>
  )
}
