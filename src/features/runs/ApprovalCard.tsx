// Approval prompt: what the display and transcript audiences see of the pending call, Approve, or Decline
// with an optional reason.
import { useState } from 'react'
import type { RunState } from '../../shared/runState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { useRunCommand } from './useRunCommand.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'

export function ApprovalCard({ runId, approval }: { runId: string; approval: NonNullable<RunState['approval']> }) {
  const [reason, setReason] = useState('')
  const command = useRunCommand(runId)
  return (
    // Columns follow the card's own width (a container query): the input pane can be narrow on a wide window.
    <section
      aria-label="Approval"
      className="@container space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2 className="text-sm font-semibold text-amber-900 dark:text-amber-100">Approval required</h2>
      <div className="grid gap-2 @md:grid-cols-2">
        <div>
          <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-300">Display</h3>
          <JsonBlock value={approval.views.display.value} />
        </div>
        <div>
          <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-300">Transcript</h3>
          <JsonBlock value={approval.views.transcript.value} />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Button variant="primary" disabled={command.isPending} onClick={() => command.mutate({ type: 'approve' })}>
          Approve
        </Button>
        <label className="flex-1 text-xs">
          Reason (optional)
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900"
          />
        </label>
        <Button
          variant="danger"
          disabled={command.isPending}
          onClick={() => command.mutate({ type: 'decline', ...(reason ? { reason } : {}) })}
        >
          Decline
        </Button>
      </div>
      <ApiErrorMessage error={command.error} />
    </section>
  )
}
