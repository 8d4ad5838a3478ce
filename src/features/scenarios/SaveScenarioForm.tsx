// "Save as scenario" for a finished run: a name, an optional description and the expectation (the run's result with
// values that change between runs matched by kind, all editable). The server stores the run's input, context and
// decisions with it, in the scenario folder.
import { useState, type FormEvent } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import type { RunEvent, SaveScenarioBody, ScenarioEntry } from '../../shared/protocol.ts'
import { outcomeFromEvents } from '../../testbench/replay.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { ExpectationFields } from './ExpectationFields.tsx'
import { parseExpectationDraft, scenarioNameProblem, suggestName } from './expectationDraft.ts'
import { useExpectationDraft } from './useExpectationDraft.ts'
import { VaryingValues } from './VaryingValues.tsx'

interface Props {
  runId: string
  toolId: string
  events: RunEvent[]
  save: UseMutationResult<ScenarioEntry, Error, SaveScenarioBody>
  onCancel: () => void
}

const input =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900'

export default function SaveScenarioForm({ runId, toolId, events, save, onCancel }: Props) {
  const [outcome] = useState(() => outcomeFromEvents(events))
  const [name, setName] = useState(() => suggestName(outcome))
  const [description, setDescription] = useState('')
  const expectation = useExpectationDraft(runId, outcome)
  const { text, setText } = expectation
  const [overwrite, setOverwrite] = useState(false)
  const nameProblem = scenarioNameProblem(name)
  const draft = text === undefined ? undefined : parseExpectationDraft(text)
  const reason = nameProblem ?? (draft && !draft.ok ? `Expected result: ${draft.reason}` : undefined)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (reason || !draft?.ok || save.isPending) return
    save.mutate({
      runId,
      name,
      expect: draft.value,
      ...(description.trim() ? { description: description.trim() } : {}),
      ...(overwrite ? { overwrite } : {}),
    })
  }

  return (
    <form
      aria-label="Save as scenario"
      onSubmit={submit}
      className="space-y-3 rounded-md border border-sky-200 bg-sky-50/50 p-3 dark:border-sky-900 dark:bg-sky-950/30"
    >
      <h3 className="text-sm font-semibold">
        Save this run of <span className="font-mono">{toolId}</span> as a scenario
      </h3>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="space-y-1 text-xs font-medium">
          <span>Scenario name</span>
          <input
            className={`${input} font-mono`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!nameProblem}
            aria-describedby="scenario-name-hint"
            autoFocus
          />
          <span
            id="scenario-name-hint"
            className={`block font-normal ${nameProblem ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-500'}`}
          >
            {nameProblem ?? `Saved as ${toolId}/${name}.json in the scenario folder.`}
          </span>
        </label>
        <label className="space-y-1 text-xs font-medium">
          <span>Description (optional)</span>
          <input className={input} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      {text === undefined ? (
        <p className="text-xs text-zinc-500">Looking for values that change between runs…</p>
      ) : (
        <>
          <VaryingValues draft={{ ...expectation, text }} />
          <ExpectationFields
            path={`inmemory://toolscope/expectation/${runId}.json`}
            text={text}
            onText={setText}
            outcome={expectation.suggestion?.expect ?? outcome}
          />
        </>
      )}
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
        Replace a scenario that already has this name
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          variant="primary"
          disabled={!!reason || !draft || save.isPending}
          aria-describedby={reason ? 'save-disabled-reason' : undefined}
        >
          Save scenario
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        {reason && (
          <p id="save-disabled-reason" className="text-xs text-rose-700 dark:text-rose-300">
            Cannot save: {reason}
          </p>
        )}
      </div>
      <ApiErrorMessage error={save.error} />
    </form>
  )
}
