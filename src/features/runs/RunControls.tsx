// Run / Step / Continue / Abort and the run status (a `status` role element the tests and screen readers read).
import { Button } from '../../components/ui/Button.tsx'
import { isFinal, statusLabel, type RunState } from '../../shared/runState.ts'
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

const TONE: Record<string, string> = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  error: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  declined: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  aborted: 'bg-zinc-300 text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100',
}

export function RunControls({ state, hasRun, disabledReason, starting, timeoutMs, queuePosition, onRun, onStep, onContinue, onAbort }: Props) {
  const live = hasRun && !isFinal(state.status)
  const queued = hasRun && state.status === 'idle' && queuePosition !== undefined
  const tone = queued ? 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200' : (TONE[state.status] ?? 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200')
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="primary" onClick={onRun} disabled={!!disabledReason || starting} aria-describedby={disabledReason ? 'run-disabled-reason' : undefined} aria-keyshortcuts="Control+Enter Meta+Enter" title="Run (Ctrl/Cmd+Enter)">
        Run
      </Button>
      <Button onClick={onStep} disabled={!!disabledReason || starting} aria-describedby={disabledReason ? 'run-disabled-reason' : undefined}>
        Step
      </Button>
      {state.status === 'paused' && (
        <Button variant="primary" onClick={onContinue}>
          Continue
        </Button>
      )}
      <Button variant="danger" onClick={onAbort} disabled={!live}>
        Abort
      </Button>
      <span role="group" aria-label="Run state" className="ml-auto flex items-center gap-2 text-xs">
        <span role="status" aria-label="Run status" className={`rounded px-2 py-1 font-semibold ${hasRun ? tone : 'bg-zinc-100 text-zinc-500 dark:bg-zinc-800'}`}>
          {queued ? 'queued' : hasRun ? statusLabel(state.status) : 'idle'}
        </span>
        {queued && <span className="text-zinc-500">{queuePosition === 0 ? 'next to start' : `${queuePosition} ahead`}</span>}
        {state.status === 'paused' && state.pausedBefore && <span className="text-zinc-500">before {state.pausedBefore}</span>}
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
