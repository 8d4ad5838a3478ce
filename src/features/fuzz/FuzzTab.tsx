// The Fuzz tab of a tool: generate calls from its schema, check every run, shrink the first failure.
// Start posts a fuzz job; the job is polled (fuzzJobQuery) for its progress and report. The job and the form are kept
// per tool (fuzzDraft.ts), so a failure stays on the tab after opening its run and coming back.
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { fuzzJobQuery, keys } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { FuzzCoverage } from './FuzzCoverage.tsx'
import { FuzzForm } from './FuzzForm.tsx'
import { FuzzOutcome, FuzzProgress } from './FuzzResult.tsx'
import { draftToBody, rememberedFuzz, rememberFuzz, type FuzzDraft } from './fuzzDraft.ts'

export default function FuzzTab({ toolId, onNavigate }: { toolId: string; onNavigate: (state: UrlState) => void }) {
  const api = useApi()
  const qc = useQueryClient()
  const [draft, setDraft] = useState<FuzzDraft>(() => rememberedFuzz(toolId).draft)
  const [jobId, setJobId] = useState<string | undefined>(() => rememberedFuzz(toolId).jobId)
  useEffect(() => {
    rememberFuzz(toolId, { draft, jobId })
  }, [toolId, draft, jobId])

  const start = useMutation({
    mutationFn: () => {
      const checked = draftToBody(draft)
      if (!checked.ok) throw new Error(checked.problem)
      return api.startFuzz(toolId, checked.body)
    },
    onSuccess: ({ jobId }) => setJobId(jobId),
  })
  const cancel = useMutation({
    mutationFn: (id: string) => api.cancelFuzz(id),
    onSuccess: (job) => qc.setQueryData(keys.fuzzJob(job.id), job),
  })
  const job = useQuery({ ...fuzzJobQuery(api, jobId ?? ''), enabled: !!jobId })
  // Busy from Start until the job's end, its first poll included.
  const fuzzing = start.isPending || (!!jobId && job.isPending) || job.data?.phase === 'fuzzing'
  const ended = !!job.data && job.data.phase !== 'fuzzing'
  useEffect(() => {
    // The job's runs are in history now.
    if (ended) void qc.invalidateQueries({ queryKey: keys.runs })
  }, [ended, qc])

  return (
    <section aria-label="Fuzz" className="space-y-4 p-4">
      <div className="space-y-1">
        <h2 className="text-sm font-semibold">Fuzz</h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Calls generated from the tool’s input schema (some invalid on purpose, to be refused), each run checked; the
          first failure is shrunk to a minimal input. Every run is kept in History.
        </p>
      </div>
      <FuzzForm draft={draft} onDraft={setDraft} onStart={() => start.mutate()} busy={fuzzing} />
      <ApiErrorMessage error={start.error ?? job.error ?? cancel.error} />
      {job.data?.phase === 'fuzzing' && <FuzzProgress job={job.data} onCancel={() => jobId && cancel.mutate(jobId)} />}
      {ended && job.data && <FuzzOutcome job={job.data} onOpen={onNavigate} />}
      <FuzzCoverage coverage={ended ? job.data?.report?.coverage : undefined} />
    </section>
  )
}
