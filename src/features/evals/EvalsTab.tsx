// The Evals tab of a tool: the project's eval files that offer this tool (and the files that could not be
// read), run against one or more models (POST /api/evals/run, the job polled), then a table of cases × models with pass
// rate, pass^k and tokens, a failed case expanding to what the model did instead, each call linked to its run.
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { evalJobQuery, evalsQuery, keys, modelsQuery } from '../../api/queries.ts'
import type { EvalJob, EvalList } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { readSetting } from '../../hooks/useSetting.ts'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { EvalForm } from './EvalForm.tsx'
import { EvalResults } from './EvalResults.tsx'
import {
  draftToEvalBody,
  evalsOffering,
  initialEvalDraft,
  parseStoredEvalDraft,
  rememberEvalDraft,
  rememberEvalJob,
  rememberedEvalJob,
  type EvalDraft,
} from './evalDraft.ts'
import { JobProgress } from '../../components/ui/JobProgress.tsx'

function EvalFiles({ list, offering }: { list: EvalList; offering: EvalList['evals'] }) {
  return (
    <section aria-label="Eval files" className="space-y-2">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {offering.length} of {list.evals.length} eval{list.evals.length === 1 ? '' : 's'} in{' '}
        <span className="font-mono">{list.dir}</span> offer this tool.
      </p>
      {list.errors.length > 0 && (
        <div
          role="alert"
          aria-label="Eval file errors"
          className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
        >
          <p className="font-semibold">
            Could not read {list.errors.length === 1 ? 'an eval file' : `${list.errors.length} eval files`}:
          </p>
          <ul className="list-disc pl-4">
            {list.errors.map((e) => (
              <li key={e.file} className="wrap-anywhere">
                <span className="font-mono">{e.file}</span>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {offering.length === 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          To add one, write a file such as <span className="font-mono">toolscope/evals/first.json</span> with{' '}
          <span className="font-mono">{'"tools": ["…"]'}</span> naming this tool, a prompt and what you expect.
        </p>
      )}
      {offering.length > 0 && (
        <ul
          aria-label="Evals offering this tool"
          className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-700 dark:border-zinc-700"
        >
          {offering.map((e) => (
            <li key={`${e.file}:${e.name}`} className="flex flex-wrap items-baseline gap-x-3 px-2 py-1 text-xs">
              <span className="font-mono font-medium">{e.name}</span>
              <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400" title={e.prompt}>
                {e.prompt}
              </span>
              <span className="text-zinc-500">k = {e.k}</span>
              {e.variants.length > 0 && <span className="text-zinc-500">variants: {e.variants.join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Summary({ job }: { job: EvalJob }) {
  // As in `toolscope eval`: variant rows are compared, never counted.
  const counted = job.results.filter((r) => r.variant === undefined)
  const failed = counted.filter((r) => !r.ok).length
  const compared = job.results.length > counted.length ? ' (variants compared, not counted)' : ''
  const text =
    job.phase === 'cancelled'
      ? 'Cancelled'
      : job.phase === 'failed'
        ? 'The eval job failed'
        : `${counted.length - failed} passed, ${failed} failed${compared}`
  return (
    <p
      role="status"
      aria-label="Eval summary"
      className={`text-sm font-medium ${failed || job.phase === 'failed' ? 'text-rose-800 dark:text-rose-200' : 'text-emerald-800 dark:text-emerald-200'}`}
    >
      {text}
      {job.error && <span className="ml-2 font-normal">{job.error}</span>}
    </p>
  )
}

export default function EvalsTab({ toolId, onNavigate }: { toolId: string; onNavigate: (state: UrlState) => void }) {
  const api = useApi()
  const qc = useQueryClient()
  const list = useQuery(evalsQuery(api))
  const models = useQuery(modelsQuery(api))
  const [typed, setTyped] = useState<EvalDraft | undefined>(() => parseStoredEvalDraft(readSetting('evals:form')))
  const draft = typed ?? initialEvalDraft(models.data, null)
  const setDraft = (next: EvalDraft) => {
    setTyped(next)
    rememberEvalDraft(next)
  }
  const [jobId, setJobId] = useState<string | undefined>(() => rememberedEvalJob(toolId))
  useEffect(() => {
    rememberEvalJob(toolId, jobId)
  }, [toolId, jobId])

  const offering = list.data ? evalsOffering(list.data, toolId) : []
  const check = draftToEvalBody(
    draft,
    offering.map((e) => e.name),
  )
  const start = useMutation({
    mutationFn: () => {
      if (!check.ok) throw new Error(check.problem)
      return api.runEvals(check.body)
    },
    onSuccess: ({ jobId }) => setJobId(jobId),
  })
  const job = useQuery({ ...evalJobQuery(api, jobId ?? ''), enabled: !!jobId })
  const cancel = useMutation({
    mutationFn: (id: string) => api.cancelEvals(id),
    onSuccess: (j) => qc.setQueryData(keys.evalJob(j.id), j),
  })
  const running = start.isPending || (!!jobId && job.isPending) || job.data?.phase === 'evaluating'
  const ended = !!job.data && job.data.phase !== 'evaluating'
  useEffect(() => {
    // The trials' runs are in history now.
    if (ended) void qc.invalidateQueries({ queryKey: keys.runs })
  }, [ended, qc])

  return (
    <section aria-label="Evals" className="space-y-4 p-4">
      <div className="space-y-1">
        <h2 className="text-sm font-semibold">Evals</h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Cases under <span className="font-mono">toolscope/evals/</span> tried k times against each model: the pass
          rate, pass^k (the chance k trials in a row pass) and tokens. Every tool call is a run in History.
        </p>
      </div>
      <ApiErrorMessage error={list.error ?? models.error} />
      {list.data && <EvalFiles list={list.data} offering={offering} />}
      {list.data && offering.length > 0 && (
        <EvalForm
          models={models.data}
          draft={draft}
          onDraft={setDraft}
          check={check}
          onRun={() => start.mutate()}
          busy={running}
        />
      )}
      <ApiErrorMessage error={start.error ?? job.error ?? cancel.error} />
      {job.data?.phase === 'evaluating' && (
        <JobProgress
          label="Eval progress"
          done={job.data.done}
          total={job.data.total}
          count={`${job.data.done} of ${job.data.total} trials`}
          onCancel={() => jobId && cancel.mutate(jobId)}
        />
      )}
      {ended && job.data && <Summary job={job.data} />}
      {job.data && <EvalResults results={job.data.results} onOpen={onNavigate} />}
    </section>
  )
}
