// "Rerun from here" at one prompt of a finished run: approve or decline it the other way, resume it with edited data
// (a small JSON editor), or answer an elicitation anew. Starts a new run through the API; the original is only read.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RunControl, RunEvent } from '../../shared/protocol.ts'
import { useApi } from '../../api/useApi.ts'
import { keys } from '../../api/queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { parseJson } from '../editor/schemaDefaults.ts'
import { proposedAnswer, type RerunPoint } from './rerunPoints.ts'
import { rerunStarted } from './useDiffWhenRerunEnds.ts'

const FIELD =
  'w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-900'

interface Props {
  runId: string
  events: readonly RunEvent[]
  point: RerunPoint
  onStarted: (runId: string) => void
}

export default function RerunForm({ runId, events, point, onStarted }: Props) {
  const api = useApi()
  const qc = useQueryClient()
  const proposed = proposedAnswer(events, point)
  const [text, setText] = useState(() =>
    JSON.stringify(
      proposed.type === 'resume' ? proposed.resumeData : proposed.type === 'respond' ? (proposed.content ?? {}) : {},
      null,
      2,
    ),
  )
  const [action, setAction] = useState(proposed.type === 'respond' ? proposed.action : 'accept')
  const rerun = useMutation({
    mutationFn: (control: RunControl) => api.rerun(runId, { atEvent: point.seq, control }),
    onSuccess: ({ runId: started }) => {
      rerunStarted(started)
      void qc.invalidateQueries({ queryKey: keys.runs })
      onStarted(started)
    },
  })
  const parsed = parseJson(text)
  const go = (control: RunControl) => rerun.mutate(control)
  return (
    <section
      aria-label={`Rerun from event #${point.seq}`}
      className="space-y-2 rounded-md border border-violet-300 bg-violet-50 p-2 text-xs dark:border-violet-800 dark:bg-violet-950/40"
    >
      <h3 className="font-semibold text-violet-900 dark:text-violet-100">
        Rerun from {point.type} <span className="font-mono">#{point.seq}</span>
      </h3>
      <p className="text-zinc-600 dark:text-zinc-400">
        A new run with the same input and request context; earlier prompts are answered as before. This run is not
        changed.
      </p>
      {point.type === 'approval-requested' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            variant={proposed.type === 'approve' ? 'primary' : 'secondary'}
            disabled={rerun.isPending}
            onClick={() => go({ type: 'approve' })}
          >
            Rerun, approving
          </Button>
          <Button
            variant={proposed.type === 'decline' ? 'primary' : 'secondary'}
            disabled={rerun.isPending}
            onClick={() => go({ type: 'decline' })}
          >
            Rerun, declining
          </Button>
        </div>
      ) : (
        <>
          {point.type === 'elicitation-requested' && (
            <label className="flex items-center gap-2">
              Action
              <select
                value={action}
                onChange={(e) => setAction(e.target.value as typeof action)}
                className="rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-600 dark:bg-zinc-900"
              >
                <option value="accept">accept</option>
                <option value="decline">decline</option>
                <option value="cancel">cancel</option>
              </select>
            </label>
          )}
          <label className="block space-y-1">
            <span className="font-medium">
              {point.type === 'suspended' ? 'Resume data (JSON)' : 'Answer content (JSON)'}
            </span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={5}
              spellCheck={false}
              className={FIELD}
            />
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="primary"
              disabled={!parsed.ok || rerun.isPending}
              onClick={() =>
                parsed.ok &&
                go(
                  point.type === 'suspended'
                    ? { type: 'resume', resumeData: parsed.value }
                    : { type: 'respond', action, content: parsed.value as Record<string, unknown> },
                )
              }
            >
              {point.type === 'suspended' ? 'Rerun with this resume data' : 'Rerun with this answer'}
            </Button>
            {!parsed.ok && <span className="text-rose-700 dark:text-rose-300">{parsed.message}</span>}
          </div>
        </>
      )}
      <ApiErrorMessage error={rerun.error} />
    </section>
  )
}
