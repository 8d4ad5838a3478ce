// One stored scenario: what it expects, whether it still fits the tool, and Replay / Export / Delete.
// The newest replay result (its own, or from "Replay all") is shown with the diff when it failed.
import { useEffect, useState } from 'react'
import { useSetting } from '../../hooks/useSetting.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReplayReport, ScenarioEntry } from '../../shared/protocol.ts'
import { useApi } from '../../api/useApi.ts'
import { keys } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import ExportPanel from './ExportPanel.tsx'
import { ReplayResult } from './ReplayResult.tsx'

/** A result of "Replay all" for this card, with when it was asked for (the newest result wins). */
export interface BatchResult {
  report?: ReplayReport
  at: number
  pending: boolean
}

interface Props {
  entry: ScenarioEntry
  batch?: BatchResult
  onOpenRun: (target: UrlState) => void
}

export function ScenarioCard({ entry, batch, onOpenRun }: Props) {
  const api = useApi()
  const qc = useQueryClient()
  const { scenario, unfit, file } = entry
  const [exporting, setExporting] = useState<'vitest' | 'playwright' | null>(null)
  const [confirming, setConfirming] = useState(false)
  const replay = useMutation({
    mutationFn: () => api.replayScenario(scenario.toolId, scenario.name),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.runs }),
  })
  const remove = useMutation({
    mutationFn: () => api.deleteScenario(scenario.toolId, scenario.name),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.scenarios(scenario.toolId) }),
  })
  const own = replay.submittedAt > (batch?.at ?? 0)
  const pending = own ? replay.isPending : !!batch?.pending
  const report = own ? replay.data : batch?.report
  // The run of the last replay that passed, kept across reloads: a failing replay can be diffed against it.
  const [passedRunId, setPassedRunId] = useSetting(`scenario.passedRun.${scenario.toolId}/${scenario.name}`, '')
  const passedNow = report?.passed ? report.runId : undefined
  useEffect(() => {
    if (passedNow) setPassedRunId(passedNow)
  }, [passedNow, setPassedRunId])
  const headingId = `scenario-${scenario.toolId}-${scenario.name}`
  const e = scenario.expect
  const checked = (['raw', 'display', 'transcript', 'model', 'error'] as const).filter((k) => e[k] !== undefined)

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-md border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-mono text-sm font-semibold">
          {scenario.name}
        </h3>
        <Badge tone="info">expects {e.status}</Badge>
        <Badge>{e.match}</Badge>
        <span className="text-xs text-zinc-500">
          {checked.length ? `checks ${checked.join(', ')}` : 'checks the status only'}
        </span>
        {scenario.decisions.length > 0 && (
          <span className="text-xs text-zinc-500">· {scenario.decisions.map((d) => d.type).join(' → ')}</span>
        )}
        {unfit.length > 0 && (
          <Badge tone="warn" title={unfit.join('\n')}>
            no longer fits
          </Badge>
        )}
      </div>
      {scenario.description && <p className="text-sm text-zinc-700 dark:text-zinc-300">{scenario.description}</p>}
      <p className="font-mono text-xs text-zinc-500">{file}</p>
      {unfit.length > 0 && (
        <ul
          aria-label={`Why ${scenario.name} no longer fits`}
          className="list-disc rounded-md bg-amber-50 py-1 pr-2 pl-6 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {unfit.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={() => replay.mutate()} disabled={pending}>
          {pending ? 'Replaying…' : 'Replay'}
        </Button>
        <Button
          onClick={() => setExporting((x) => (x === 'vitest' ? null : 'vitest'))}
          aria-expanded={exporting === 'vitest'}
        >
          Export as Vitest test
        </Button>
        <Button
          onClick={() => setExporting((x) => (x === 'playwright' ? null : 'playwright'))}
          aria-expanded={exporting === 'playwright'}
        >
          Export as Playwright test
        </Button>
        {confirming ? (
          <span className="ml-auto flex items-center gap-2 text-xs">
            Delete {file}?
            <Button variant="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
              Confirm delete
            </Button>
            <Button autoFocus onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button
            variant="ghost"
            className="ml-auto text-rose-700 dark:text-rose-300"
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        )}
      </div>
      <ApiErrorMessage error={(own ? replay.error : null) ?? remove.error} />
      {report && !pending && (
        <ReplayResult report={report} passedRunId={passedRunId || undefined} onOpenRun={onOpenRun} />
      )}
      {exporting && (
        <ExportPanel
          body={{ format: exporting, scenario: { toolId: scenario.toolId, name: scenario.name } }}
          onClose={() => setExporting(null)}
        />
      )}
    </section>
  )
}
