// The end of a run in words: the error message with its validation issues, cause chain and stack, the decline reason,
// or the abort.
import { Status } from '../../runtime/status.ts'
import type { RunState } from '../../shared/runState.ts'
import { ErrorDetails } from './ErrorDetails.tsx'
import { IssueMessage } from './IssueMessage.tsx'

export function RunOutcome({ state }: { state: RunState }) {
  if (state.status === Status.error && state.error) {
    return (
      <div
        role="alert"
        aria-label="Run error"
        className="rounded-md border border-rose-300 bg-rose-50 p-3 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        <IssueMessage message={state.error.message} issues={state.error.validationErrors ?? []} mono />
        <ErrorDetails causes={state.error.causes} stack={state.error.stack} />
      </div>
    )
  }
  if (state.status === Status.declined)
    return (
      <p className="text-xs text-amber-800 dark:text-amber-200">
        Declined{state.approval?.reason ? `: ${state.approval.reason}` : ''}. The tool did not run.
      </p>
    )
  if (state.status === Status.aborted)
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-300">
        Aborted{state.abortReason ? `: ${state.abortReason}` : ''}.
      </p>
    )
  return null
}
