// Suspend prompt: the suspend payload and a Monaco editor for the resume data (completion from resumeSchema),
// prefilled with the choices the payload offers.
// Invalid resume data comes back as a 422 whose schema messages are listed; the run stays suspended.
import { useState } from 'react'
import type { RunState } from '../../shared/runState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { JsonEditor } from '../editor/JsonEditor.tsx'
import { parseJson } from '../editor/schemaDefaults.ts'
import { resumePrefill } from './resumePrefill.ts'
import { useRunCommand } from './useRunCommand.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'

export function SuspendCard({ runId, suspension }: { runId: string; suspension: NonNullable<RunState['suspension']> }) {
  const [text, setText] = useState(() =>
    JSON.stringify(resumePrefill(suspension.resumeSchema, suspension.payload) ?? {}, null, 2),
  )
  const command = useRunCommand(runId)
  const parsed = parseJson(text)
  const label = Array.isArray(suspension.resumeLabel) ? suspension.resumeLabel.join(', ') : suspension.resumeLabel
  const resume = () => parsed.ok && command.mutate({ type: 'resume', resumeData: parsed.value })
  return (
    <section
      aria-label="Suspended"
      className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-3 dark:border-sky-700 dark:bg-sky-950/40"
    >
      <h2 className="text-sm font-semibold text-sky-900 dark:text-sky-100">Suspended{label ? ` · ${label}` : ''}</h2>
      <div>
        <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-300">Suspend payload</h3>
        <JsonBlock value={suspension.payload} copyLabel="Copy suspend payload" />
      </div>
      <div>
        <h3 className="mb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-300">Resume data</h3>
        <JsonEditor
          path={`inmemory://toolscope/resume/${encodeURIComponent(runId)}.json`}
          label="Resume data JSON"
          value={text}
          onChange={setText}
          schema={suspension.resumeSchema}
          onSubmit={resume}
          height={120}
        />
      </div>
      <div className="flex items-center gap-2">
        <Button variant="primary" disabled={!parsed.ok || command.isPending} onClick={resume}>
          Resume
        </Button>
        {!parsed.ok && <span className="text-xs text-rose-700 dark:text-rose-300">{parsed.message}</span>}
      </div>
      <ApiErrorMessage error={command.error} />
    </section>
  )
}
