// The "Recorded runs" tab of a static demo: the tool's recorded runs (newest first, with status, input and duration)
// and the player of the one picked, which can be compared with another run of the tool (the diff). The pick is in the
// URL (?run=), so a deep link opens a run directly.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { keys, recordedRunQuery } from '../../api/queries.ts'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import { statusLabel } from '../../components/status/statusPresentation.ts'
import { formatDuration } from '../../shared/duration.ts'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { RunPlayer } from './RunPlayer.tsx'

function SelectedRun({ runId }: { runId: string }) {
  const api = useApi()
  const run = useQuery(recordedRunQuery(api, runId))
  if (run.isError) return <ApiErrorMessage error={run.error} />
  if (!run.data) return <p className="text-xs text-zinc-500">Loading the run…</p>
  return <RunPlayer key={runId} run={run.data} />
}

export default function RecordedRuns({
  toolId,
  runId,
  onOpen,
  onNavigate,
}: {
  toolId: string
  runId?: string
  onOpen: (runId: string) => void
  onNavigate: (state: UrlState) => void
}) {
  const api = useApi()
  const list = useQuery({
    queryKey: [...keys.runs, 'recorded', toolId],
    queryFn: ({ signal }) => api.runs({ tool: toolId }, signal),
  })
  const runs = list.data?.runs ?? []
  return (
    <div className="space-y-4 p-4">
      {list.isError && <ApiErrorMessage error={list.error} />}
      {list.data && runs.length === 0 && (
        <p className="text-sm text-zinc-500">No recorded runs of this tool in this demo.</p>
      )}
      {runs.length > 0 && (
        <nav aria-label="Recorded runs">
          <ul className="flex flex-wrap gap-2">
            {runs.map((r) => (
              <li key={r.runId}>
                <button
                  type="button"
                  aria-current={r.runId === runId ? 'true' : undefined}
                  onClick={() => onOpen(r.runId)}
                  className={`flex items-center gap-2 rounded-md border px-2 py-1 text-left text-xs ${r.runId === runId ? 'border-sky-500 bg-sky-50 dark:bg-sky-950' : 'border-zinc-300 bg-white hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:hover:bg-zinc-800'}`}
                >
                  <StatusBadge status={r.status} />
                  <span className="max-w-64 truncate font-mono">{r.inputSummary || '(no input)'}</span>
                  {r.durationMs !== undefined && <span className="text-zinc-500">{formatDuration(r.durationMs)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {runId && runs.length > 1 && (
        <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
          Compare with
          <select
            value=""
            onChange={(e) =>
              e.target.value && onNavigate({ tool: toolId, tab: 'diff', run: runId, vs: e.target.value })
            }
            className="max-w-80 rounded border border-zinc-300 bg-white px-1 py-0.5 font-mono dark:border-zinc-600 dark:bg-zinc-900"
          >
            <option value="">another run…</option>
            {runs
              .filter((r) => r.runId !== runId)
              .map((r) => (
                <option key={r.runId} value={r.runId}>
                  {statusLabel(r.status)} {r.inputSummary}
                </option>
              ))}
          </select>
        </label>
      )}
      {runId ? (
        <SelectedRun runId={runId} />
      ) : (
        runs.length > 0 && <p className="text-sm text-zinc-500">Pick a recorded run to play it back.</p>
      )}
    </div>
  )
}
