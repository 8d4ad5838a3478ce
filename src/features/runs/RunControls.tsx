// Run / Step / Continue / Abort and the run status (a `status` role element the tests and screen readers read).
import { Button } from '../../components/ui/Button.tsx'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import { IDLE, Status } from '../../runtime/status.ts'
import { isFinal, type RunState } from '../../shared/runState.ts'
import { RunTimer } from './RunTimer.tsx'

interface Props {
  state: RunState
  hasRun: boolean
  disabledReason?: string
  starting: boolean
  /** The server's per-run time budget. */
  timeoutMs?: number
  /** Set while the run is queued for an execution slot: how many starts are ahead of it. */
  queuePosition?: number
  onRun: () => void
  onStep: () => void
  onContinue: () => void
  onAbort: () => void
}

export function RunControls({
  state,
  hasRun,
  disabledReason,
  starting,
  timeoutMs,
  queuePosition,
  onRun,
  onStep,
  onContinue,
  onAbort,
}: Props) {
  const live = hasRun && !isFinal(state.status)
  const queued = hasRun && state.status === IDLE && queuePosition !== undefined
  const shown = queued ? Status.queued : hasRun ? state.status : IDLE
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="primary"
        onClick={onRun}
        disabled={!!disabledReason || starting}
        aria-describedby={disabledReason ? 'run-disabled-reason' : undefined}
        aria-keyshortcuts="Control+Enter Meta+Enter"
        title="Run (Ctrl/Cmd+Enter)"
      >
        Run
      </Button>
      <Button
        onClick={onStep}
        disabled={!!disabledReason || starting}
        aria-describedby={disabledReason ? 'run-disabled-reason' : undefined}
      >
        Step
      </Button>
      {state.status === Status.paused && (
        <Button variant="primary" onClick={onContinue}>
          Continue
        </Button>
      )}
      <Button variant="danger" onClick={onAbort} disabled={!live}>
        Abort
      </Button>
      <span role="group" aria-label="Run state" className="ml-auto flex items-center gap-2 text-xs">
        <span role="status" aria-label="Run status">
          <StatusBadge status={shown} large />
        </span>
        {queued && (
          <span className="text-zinc-500">{queuePosition === 0 ? 'next to start' : `${queuePosition} ahead`}</span>
        )}
        {state.status === Status.paused && state.pausedBefore && (
          <span className="text-zinc-500">before {state.pausedBefore}</span>
        )}
        {hasRun && !queued && <RunTimer state={state} live={live} timeoutMs={timeoutMs} />}
      </span>
      {disabledReason && (
        <p id="run-disabled-reason" className="w-full text-xs text-rose-700 dark:text-rose-300">
          Run disabled: {disabledReason}
        </p>
      )}
    </div>
  )
}
