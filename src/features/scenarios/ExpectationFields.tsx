// Editable expectation of a new scenario: status, exact/partial match and which views to check, all of which
// rewrite the JSON below; the JSON editor (with completion from the expectation's schema) can change any value.
import { z } from 'zod'
import { Expectation, RunStatus } from '../../shared/protocol.ts'
import type { Outcome } from '../../testbench/match.ts'
import { JsonEditor } from '../editor/JsonEditor.tsx'
import { availableViews, summarizeDraft, VIEW_LABELS, withField, withView } from './expectationDraft.ts'

const SCHEMA = z.toJSONSchema(Expectation, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<
  string,
  unknown
>
const field = 'rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900'

interface Props {
  /** Editor model id (one per run, so drafts of different runs never share a model). */
  path: string
  text: string
  onText: (text: string) => void
  outcome: Outcome
}

export function ExpectationFields({ path, text, onText, outcome }: Props) {
  const summary = summarizeDraft(text)
  const views = availableViews(outcome)
  const locked = !summary
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-semibold uppercase tracking-wide text-zinc-500">Expected result</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          Status
          <select
            className={field}
            value={String(summary?.status ?? '')}
            disabled={locked}
            onChange={(e) => onText(withField(text, 'status', e.target.value))}
          >
            {RunStatus.options.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span role="radiogroup" aria-label="Match" className="flex items-center gap-3">
          {(['exact', 'partial'] as const).map((m) => (
            <label key={m} className="flex items-center gap-1">
              <input
                type="radio"
                name={`${path}-match`}
                value={m}
                checked={summary?.match === m}
                disabled={locked}
                onChange={() => onText(withField(text, 'match', m))}
              />
              {m === 'exact' ? 'Exact' : 'Partial (extra keys allowed)'}
            </label>
          ))}
        </span>
      </div>
      {views.length > 0 && (
        <div role="group" aria-label="Views to check" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-xs text-zinc-500">Check</span>
          {views.map((v) => (
            <label key={v} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={summary?.views.has(v) ?? false}
                disabled={locked}
                onChange={(e) => onText(withView(text, v, e.target.checked, outcome))}
              />
              {VIEW_LABELS[v]}
            </label>
          ))}
        </div>
      )}
      <JsonEditor
        path={path}
        value={text}
        onChange={onText}
        schema={SCHEMA}
        label="Expected result JSON"
        height={220}
      />
      {locked && (
        <p className="text-xs text-amber-700 dark:text-amber-300">
          The toggles follow the JSON: fix it to use them again.
        </p>
      )}
    </fieldset>
  )
}
