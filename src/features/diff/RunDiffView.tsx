// The diff of two runs of a tool (?tab=diff&run=…&vs=…): both runs' status and timing, their four views compared
// structurally phase by phase, and their events aligned by phase with times side by side. Runs are read through the
// same streamed queries as the run view, so a run still going on fills in as it goes. A prompt of the first run can be
// rerun from here (the new run opens, then this diff against it once it ends). Loaded lazily, in its own chunk.
import { useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { runDetailQuery, runQuery } from '../../api/queries.ts'
import { initialRunState } from '../../shared/runState.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { Badge } from '../../components/ui/Badge.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { alignEvents } from './alignEvents.ts'
import { countDiffs, diffRuns } from './runDiff.ts'
import { ViewDiffRow } from './ViewDiffRow.tsx'
import { AlignedEvents } from './AlignedEvents.tsx'
import { RunSideCard } from './RunSideCard.tsx'
import RerunForm from '../rerun/RerunForm.tsx'
import { isRerunPoint, type RerunPoint } from '../rerun/rerunPoints.ts'

interface Props {
  toolId: string
  leftId: string
  rightId: string
  onOpen: (state: UrlState) => void
}

export default function RunDiffView({ toolId, leftId, rightId, onOpen }: Props) {
  const api = useApi()
  const leftRun = useQuery(runQuery(api, leftId))
  const rightRun = useQuery(runQuery(api, rightId))
  const leftDetail = useQuery(runDetailQuery(api, leftId))
  const rightDetail = useQuery(runDetailQuery(api, rightId))
  const left = leftRun.data?.state ?? initialRunState
  const right = rightRun.data?.state ?? initialRunState
  const phases = useMemo(() => diffRuns(left, right), [left, right])
  const rows = useMemo(() => alignEvents(left.events, right.events), [left.events, right.events])
  const [picked, setPicked] = useState<string | null>(null)
  const [rerunAt, setRerunAt] = useState<RerunPoint>()
  const phase =
    phases.find((p) => p.phase === picked) ?? phases.find((p) => p.views.some((v) => v.diffs.length > 0)) ?? phases[0]
  const total = countDiffs(phases)
  const error = leftRun.error ?? rightRun.error ?? leftDetail.error ?? rightDetail.error
  return (
    <section aria-label="Run diff" className="@container space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold">Diff of two runs</h2>
        <Badge tone={total ? 'warn' : 'ok'}>
          {total ? `${total} ${total === 1 ? 'path differs' : 'paths differ'}` : 'same views'}
        </Badge>
      </div>
      <ApiErrorMessage error={error} />
      <div className="grid grid-cols-1 gap-2 @3xl:grid-cols-2">
        <RunSideCard
          label="First run"
          runId={leftId}
          toolId={toolId}
          detail={leftDetail.data}
          state={left}
          onOpen={onOpen}
        />
        <RunSideCard
          label="Second run"
          runId={rightId}
          toolId={toolId}
          detail={rightDetail.data}
          state={right}
          onOpen={onOpen}
        />
      </div>
      <section aria-label="Views compared" className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-semibold">Views</h3>
          {phase && (
            <Tabs
              label="Phase"
              idPrefix="diff-phase"
              items={phases.map((p) => ({ id: p.phase, label: p.phase }))}
              selected={phase.phase}
              onSelect={setPicked}
            />
          )}
        </div>
        {!phase ? (
          <p className="text-xs text-zinc-500">Neither run produced views yet.</p>
        ) : (
          <div
            id={`diff-phase-panel-${phase.phase}`}
            role="tabpanel"
            aria-labelledby={`diff-phase-tab-${phase.phase}`}
            className="space-y-2"
          >
            {phase.views.map((v) => (
              <ViewDiffRow key={`${phase.phase}:${v.view}`} diff={v} phase={phase.phase} reached={phase.reached} />
            ))}
          </div>
        )}
      </section>
      <AlignedEvents
        rows={rows}
        action={(e) =>
          // A recorded demo plays runs back and starts none.
          !api.recorded &&
          left.finished &&
          isRerunPoint(e) && (
            <Button
              variant="ghost"
              className="shrink-0 whitespace-nowrap !px-1.5 !py-0 font-sans text-[11px]"
              aria-label={`Rerun the first run from event #${e.seq}`}
              aria-expanded={rerunAt?.seq === e.seq}
              onClick={() => setRerunAt(e)}
            >
              Rerun from here
            </Button>
          )
        }
      />
      {rerunAt && (
        <RerunForm
          key={rerunAt.seq}
          runId={leftId}
          events={left.events}
          point={rerunAt}
          onStarted={(run) => onOpen({ tool: toolId, run, tab: 'run' })}
        />
      )}
    </section>
  )
}
