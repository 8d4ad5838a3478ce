// The Scenarios tab of a tool: its saved scenarios (with files that failed to load and "no longer fits" marks),
// Replay per scenario and Replay all with passed/failed and the diff of every failure.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { keys, scenariosQuery } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { ScenarioCard, type BatchResult } from './ScenarioCard.tsx'

export default function ScenariosTab({ toolId, onOpenRun }: { toolId: string; onOpenRun: (target: UrlState) => void }) {
  const api = useApi()
  const qc = useQueryClient()
  const list = useQuery(scenariosQuery(api, toolId))
  const all = useMutation({
    mutationFn: () => api.replayAll(toolId),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.runs }),
  })
  const scenarios = list.data?.scenarios ?? []
  const errors = list.data?.errors ?? []
  const batchOf = (name: string): BatchResult | undefined =>
    all.submittedAt
      ? { at: all.submittedAt, pending: all.isPending, report: all.data?.results.find((r) => r.name === name) }
      : undefined

  return (
    <section aria-label="Scenarios" className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Scenarios</h2>
        {list.data && (
          <span className="font-mono text-xs text-zinc-500">
            {list.data.root}/{toolId}/
          </span>
        )}
        <span className="ml-auto flex items-center gap-2">
          {all.data && !all.isPending && (
            <span
              role="status"
              aria-label="Replay all result"
              className={`text-xs font-semibold ${all.data.failed ? 'text-rose-700 dark:text-rose-300' : 'text-emerald-700 dark:text-emerald-300'}`}
            >
              {all.data.passed} passed, {all.data.failed} failed
            </span>
          )}
          <Button onClick={() => list.refetch()}>Refresh</Button>
          <Button variant="primary" onClick={() => all.mutate()} disabled={all.isPending || scenarios.length === 0}>
            {all.isPending ? 'Replaying all…' : 'Replay all'}
          </Button>
        </span>
      </div>
      <ApiErrorMessage error={list.error ?? all.error} />
      {errors.length > 0 && (
        <div
          role="region"
          aria-label="Scenario files that failed to load"
          className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
        >
          <p className="font-medium">
            {errors.length} scenario file{errors.length > 1 ? 's' : ''} could not be loaded (the others still work):
          </p>
          <ul className="mt-1 list-disc pl-4">
            {errors.map((e) => (
              <li key={e.file}>
                <span className="font-mono">{e.file}</span>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {list.isPending ? (
        <p className="text-xs text-zinc-500">Loading scenarios…</p>
      ) : scenarios.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No scenarios for <span className="font-mono">{toolId}</span> yet. Finish a run on the Run tab and choose “Save
          as scenario”: it is replayed here, and in CI with{' '}
          <code className="font-mono text-xs">npx toolscope test</code>.
        </p>
      ) : (
        <ul className="space-y-3">
          {scenarios.map((entry) => (
            <li key={entry.scenario.name}>
              <ScenarioCard entry={entry} batch={batchOf(entry.scenario.name)} onOpenRun={onOpenRun} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
