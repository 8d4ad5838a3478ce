// What can be done with a finished run: save it as a scenario (expectations taken from the run, editable) or
// export it as a Vitest or Playwright test. The forms load lazily; the buttons are always at hand.
import { Suspense, useRef, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SaveScenarioBody } from '../../shared/protocol.ts'
import { isFinalStatus } from '../../runtime/status.ts'
import type { RunState } from '../../shared/runState.ts'
import { useApi } from '../../api/useApi.ts'
import { keys } from '../../api/queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ExportPanel, SaveScenarioForm } from './lazyParts.ts'

type Open = 'save' | 'vitest' | 'playwright' | null

export function RunActions({
  runId,
  toolId,
  state,
  onOpenScenarios,
}: {
  runId: string
  toolId: string
  state: RunState
  onOpenScenarios: () => void
}) {
  const api = useApi()
  const qc = useQueryClient()
  const [open, setOpen] = useState<Open>(null)
  // Closing a form or panel gives focus back to the button that opened it (keyboard users keep their place).
  const triggers = useRef<Partial<Record<Exclude<Open, null>, HTMLButtonElement | null>>>({})
  const close = () => {
    if (open) triggers.current[open]?.focus()
    setOpen(null)
  }
  const save = useMutation({
    mutationFn: (body: SaveScenarioBody) => api.saveScenario(body),
    onSuccess: () => {
      setOpen(null)
      return qc.invalidateQueries({ queryKey: keys.scenarios(toolId) })
    },
  })
  // Only a finished run can become a scenario or a test (the server refuses anything else).
  if (!isFinalStatus(state.status)) return null
  const toggle = (what: Exclude<Open, null>) => {
    if (what === 'save') save.reset()
    setOpen((o) => (o === what ? null : what))
  }
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Run actions" className="flex flex-wrap items-center gap-2">
        <Button
          ref={(el) => {
            triggers.current.save = el
          }}
          onClick={() => toggle('save')}
          aria-expanded={open === 'save'}
        >
          Save as scenario
        </Button>
        <Button
          ref={(el) => {
            triggers.current.vitest = el
          }}
          onClick={() => toggle('vitest')}
          aria-expanded={open === 'vitest'}
        >
          Export as Vitest test
        </Button>
        <Button
          ref={(el) => {
            triggers.current.playwright = el
          }}
          onClick={() => toggle('playwright')}
          aria-expanded={open === 'playwright'}
        >
          Export as Playwright test
        </Button>
      </div>
      {save.isSuccess && open === null && (
        <p
          role="status"
          aria-label="Scenario saved"
          className="flex flex-wrap items-center gap-2 text-xs text-emerald-800 dark:text-emerald-200"
        >
          Saved scenario <span className="font-mono">{save.data.scenario.name}</span> to{' '}
          <span className="font-mono">{save.data.file}</span>.
          <Button
            autoFocus
            variant="ghost"
            className="!px-1.5 !py-0.5 text-xs text-sky-700 underline dark:text-sky-300"
            onClick={onOpenScenarios}
          >
            Show in Scenarios
          </Button>
        </p>
      )}
      <Suspense fallback={<p className="text-xs text-zinc-500">Loading…</p>}>
        {open === 'save' && (
          <SaveScenarioForm runId={runId} toolId={toolId} events={state.events} save={save} onCancel={close} />
        )}
        {(open === 'vitest' || open === 'playwright') && (
          <ExportPanel body={{ format: open, runId }} events={state.events} onClose={close} />
        )}
      </Suspense>
    </div>
  )
}
