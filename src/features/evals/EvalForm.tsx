// The Evals tab's settings: the models to run against (one row each: provider, model id, base URL; Add model, Remove),
// the k that overrides each case's, "also run variants", and Run. A native form: every field is labelled, Enter in a
// field runs, and a problem is named under the form and marked on its field.
import { useId, type FormEvent } from 'react'
import type { ModelsInfo } from '../../shared/protocol.ts'
import { Button } from '../../components/ui/Button.tsx'
import { FIELD, ProviderFields } from '../model/ProviderFields.tsx'
import { MAX_EVAL_K, MAX_EVAL_MODELS, type EvalCheck, type EvalDraft, type EvalModelRow } from './evalDraft.ts'

interface Props {
  models: ModelsInfo | undefined
  draft: EvalDraft
  onDraft: (draft: EvalDraft) => void
  check: EvalCheck
  onRun: () => void
  busy: boolean
}

export function EvalForm({ models, draft, onDraft, check, onRun, busy }: Props) {
  const id = useId()
  const problem = check.ok ? undefined : check
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (check.ok && !busy) onRun()
  }
  const setRow = (i: number, row: EvalModelRow) =>
    onDraft({ ...draft, models: draft.models.map((r, j) => (j === i ? row : r)) })
  const removeRow = (i: number) => onDraft({ ...draft, models: draft.models.filter((_, j) => j !== i) })
  const addRow = () => {
    const last = draft.models[draft.models.length - 1]
    onDraft({
      ...draft,
      models: [...draft.models, { provider: last?.provider ?? 'openai', model: '', baseURL: last?.baseURL ?? '' }],
    })
  }
  const describedBy = problem ? `${id}-problem` : undefined
  return (
    <form aria-label="Eval settings" noValidate onSubmit={submit} className="space-y-3">
      <fieldset className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
        <legend className="px-1 text-xs font-medium">Models</legend>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[13rem_minmax(8rem,1fr)_minmax(10rem,1.4fr)_5rem] gap-2 text-xs font-medium text-zinc-600 sm:grid dark:text-zinc-400"
        >
          <span>Provider</span>
          <span>Model</span>
          <span>Base URL (required for OpenAI-compatible)</span>
          <span />
        </div>
        <ol className="space-y-2">
          {draft.models.map((row, i) => (
            <li
              key={i}
              className="grid grid-cols-1 items-start gap-2 sm:grid-cols-[13rem_minmax(8rem,1fr)_minmax(10rem,1.4fr)_5rem]"
            >
              <ProviderFields
                compact
                namePrefix={`Model ${i + 1}`}
                models={models}
                {...row}
                onChange={(next) => setRow(i, next)}
                invalid={
                  problem?.row === i && (problem.field === 'model' || problem.field === 'baseURL')
                    ? problem.field
                    : undefined
                }
                describedBy={describedBy}
              />
              <Button
                variant="ghost"
                className="h-8 text-xs"
                aria-label={`Remove model ${i + 1}`}
                onClick={() => removeRow(i)}
                disabled={draft.models.length === 1}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        <Button className="text-xs" onClick={addRow} disabled={draft.models.length >= MAX_EVAL_MODELS}>
          Add model
        </Button>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium">
          k (trials per case)
          <input
            type="number"
            min={1}
            max={MAX_EVAL_K}
            step={1}
            placeholder="each case’s"
            value={draft.k}
            onChange={(e) => onDraft({ ...draft, k: e.target.value })}
            className={`${FIELD} w-32`}
            aria-invalid={problem?.field === 'k'}
            aria-describedby={problem?.field === 'k' ? describedBy : undefined}
          />
        </label>
        <label className="flex h-8 items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={draft.variants}
            onChange={(e) => onDraft({ ...draft, variants: e.target.checked })}
          />
          Also run description variants
        </label>
        <label
          className="flex h-8 items-center gap-1.5 text-xs"
          title="Runs every case once more with the tools described as in the last commit (their descriptions and input schemas); the tools run as they are now"
        >
          <input
            type="checkbox"
            checked={draft.againstLastCommit}
            onChange={(e) => onDraft({ ...draft, againstLastCommit: e.target.checked })}
          />
          Compare with the last commit
        </label>
        <Button type="submit" variant="primary" className="h-8" disabled={!check.ok || busy}>
          {busy ? 'Running…' : 'Run evals'}
        </Button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {problem.problem}
        </p>
      )}
    </form>
  )
}
