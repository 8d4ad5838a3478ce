// What a fuzz job came to: its progress while it fuzzes (runs made of those asked for, shrinking included), then a
// pass (runs and checks) or the minimal failing call: the checks it failed, its input, the seed, shrinks, the command
// that reproduces it, and its run (Open run, Save as scenario).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FuzzFailureShape, FuzzJob, FuzzReportShape } from '../../shared/protocol.ts'
import { useApi } from '../../api/useApi.ts'
import { keys } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { CopyButton } from '../../components/ui/CopyButton.tsx'
import { JobProgress } from '../../components/ui/JobProgress.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { failureScenarioName, reproduceCommand } from './fuzzDraft.ts'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

export function FuzzProgress({ job, onCancel }: { job: FuzzJob; onCancel: () => void }) {
  // Shrinking runs count too, so `done` can pass `total`: the bar stays full then.
  return (
    <JobProgress
      label="Fuzz progress"
      done={job.done}
      total={job.total}
      count={`${job.done} of ${plural(job.total, 'run')}`}
      onCancel={onCancel}
    />
  )
}

function Passed({ report }: { report: FuzzReportShape }) {
  return (
    <p
      role="status"
      aria-label="Fuzz result"
      className="rounded-md border border-emerald-300 bg-emerald-50 p-2 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <span className="font-semibold">Passed:</span> {plural(report.runs, 'run')}
      {report.invalid !== undefined && `, ${report.invalid} invalid refused`}, {plural(report.checks.length, 'check')}{' '}
      held (seed <span className="font-mono">{report.seed}</span>, {(report.durationMs / 1000).toFixed(1)} s).
    </p>
  )
}

interface FailedProps {
  toolId: string
  report: FuzzReportShape & { failure: FuzzFailureShape }
  runsAsked: number
  onOpen: (state: UrlState) => void
}

const LINK_BUTTON =
  'inline-flex items-center rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700'

function Failed({ toolId, report, runsAsked, onOpen }: FailedProps) {
  const api = useApi()
  const qc = useQueryClient()
  const { failure } = report
  const save = useMutation({
    mutationFn: (runId: string) => api.saveScenario({ runId, name: failureScenarioName(failure, report.seed) }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.scenarios(toolId) }),
  })
  const command = reproduceCommand(toolId, report.seed, runsAsked)
  return (
    <section
      aria-label="Fuzz failure"
      className="space-y-3 rounded-md border border-rose-300 bg-rose-50/60 p-3 dark:border-rose-800 dark:bg-rose-950/40"
    >
      <h3 className="text-sm font-semibold text-rose-900 dark:text-rose-100">
        Failed after {plural(report.runs, 'run')}, shrunk in {plural(failure.shrinks, 'step')}
      </h3>
      <ul className="space-y-1 text-sm">
        {failure.failures.map((f) => (
          <li key={f.check}>
            <span className="rounded bg-rose-200 px-1 font-mono text-xs text-rose-900 dark:bg-rose-900 dark:text-rose-100">
              {f.check}
            </span>{' '}
            <span className="wrap-anywhere">{f.message}</span>
          </li>
        ))}
      </ul>
      <div className="grid gap-3 lg:grid-cols-2">
        <div className="min-w-0 space-y-1">
          <h4 className="text-xs font-medium">
            Minimal input{failure.call.valid ? '' : ` (invalid on purpose: ${failure.call.broken ?? 'broken'})`}
          </h4>
          <JsonBlock value={failure.call.input} copyLabel="Copy the minimal input" className="max-h-64" />
          {failure.call.requestContext && (
            <>
              <h4 className="text-xs font-medium">Request context</h4>
              <JsonBlock value={failure.call.requestContext} className="max-h-40" />
            </>
          )}
        </div>
        <dl className="grid content-start gap-x-3 gap-y-1 text-xs [grid-template-columns:auto_1fr]">
          <dt className="font-medium">Seed</dt>
          <dd className="font-mono">{report.seed}</dd>
          <dt className="font-medium">Shrinks</dt>
          <dd>{failure.shrinks}</dd>
          <dt className="font-medium">Runs made</dt>
          <dd>{report.executed}</dd>
          <dt className="font-medium">Reproduce</dt>
          <dd className="flex min-w-0 items-start gap-1">
            <code
              aria-label="Reproducing command"
              className="min-w-0 rounded bg-zinc-100 px-1 py-0.5 font-mono wrap-anywhere dark:bg-zinc-800"
            >
              {command}
            </code>
            <CopyButton text={command} label="Copy the reproducing command" />
          </dd>
        </dl>
      </div>
      {failure.runId ? (
        <div className="flex flex-wrap items-center gap-2">
          <AppLink to={{ tool: toolId, run: failure.runId, tab: 'run' }} onOpen={onOpen} className={LINK_BUTTON}>
            Open run
          </AppLink>
          <Button
            variant="primary"
            onClick={() => save.mutate(failure.runId!)}
            disabled={save.isPending || save.isSuccess}
          >
            {save.isSuccess ? 'Saved' : 'Save as scenario'}
          </Button>
          {save.isSuccess && (
            <p
              role="status"
              aria-label="Scenario saved"
              className="flex flex-wrap items-center gap-1 text-xs text-emerald-800 dark:text-emerald-200"
            >
              Saved scenario <span className="font-mono">{save.data.scenario.name}</span> to{' '}
              <span className="font-mono">{save.data.file}</span>.
              <Button
                variant="ghost"
                className="!px-1.5 !py-0.5 text-xs text-sky-700 underline dark:text-sky-300"
                onClick={() => onOpen({ tool: toolId, tab: 'scenarios' })}
              >
                Show in Scenarios
              </Button>
            </p>
          )}
        </div>
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">The failing run was not kept in history.</p>
      )}
      <ApiErrorMessage error={save.error} />
    </section>
  )
}

/** The end of a job: its report, why it failed, or that it was cancelled. */
export function FuzzOutcome(props: { job: FuzzJob; onOpen: (state: UrlState) => void }) {
  const { job } = props
  if (job.phase === 'cancelled')
    return (
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        Cancelled after {plural(job.done, 'run')}.
      </p>
    )
  if (job.phase === 'failed' || !job.report) {
    return (
      <p
        role="alert"
        className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        The fuzz stopped with an error: {job.error ?? 'no report'}
      </p>
    )
  }
  const { report } = job
  if (!report.failure) return <Passed report={report} />
  return <Failed toolId={job.toolId} report={{ ...report, failure: report.failure }} runsAsked={job.total} {...props} />
}
