// One side of a run diff: which run it is (a link to open it), its status, duration, start and lineage.
import type { RunDetail } from '../../shared/protocol.ts'
import type { RunState } from '../../shared/runState.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { formatDuration } from '../../shared/duration.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import { RunLineage } from '../history/RunLineage.tsx'

export function RunSideCard({
  label,
  runId,
  toolId,
  detail,
  state,
  onOpen,
}: {
  label: string
  runId: string
  toolId: string
  detail?: RunDetail
  state: RunState
  onOpen: (s: UrlState) => void
}) {
  const duration = state.durationMs ?? detail?.durationMs
  return (
    <section
      aria-label={label}
      className="space-y-1 rounded-md border border-zinc-200 bg-white p-2 text-xs dark:border-zinc-700 dark:bg-zinc-950"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{label}</span>
        <AppLink to={{ tool: toolId, run: runId, tab: 'run' }} onOpen={onOpen} aria-label={`Open run ${runId}`}>
          {runId.slice(0, 8)}
        </AppLink>
        <StatusBadge status={state.status} />
        <span
          className="tabular-nums text-zinc-600 dark:text-zinc-400"
          aria-label={`Duration of the ${label.toLowerCase()}`}
        >
          {duration === undefined ? '—' : formatDuration(duration)}
        </span>
      </p>
      {detail && (
        <p className="flex flex-wrap items-center gap-2 text-zinc-600 dark:text-zinc-400">
          <time dateTime={detail.startedAt}>{new Date(detail.startedAt).toLocaleString()}</time>
          <span className="truncate font-mono" title={detail.inputSummary}>
            {detail.inputSummary}
          </span>
          <RunLineage run={detail} onOpen={onOpen} />
        </p>
      )}
    </section>
  )
}
