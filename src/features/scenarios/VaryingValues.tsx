// "Values that change between runs": the values the expectation matches by kind (any string, any date, any number)
// rather than by value, each one switchable back to its exact value, and why they were chosen: they differed from a
// second run of the same call, or (one run only) they look generated, with a button to run the call again and know.
import { pathText } from '../../testbench/varying.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { groupState, matcherGroups, withMatcherPaths } from './expectationDraft.ts'
import type { ExpectationDraft } from './useExpectationDraft.ts'

const KIND = { string: 'any string', date: 'any date-time', number: 'any number' } as const
const note = 'text-xs text-zinc-600 dark:text-zinc-400'
const warn = 'text-xs text-amber-800 dark:text-amber-200'

export function VaryingValues({ draft }: { draft: ExpectationDraft & { text: string } }) {
  const { suggestion, text, setText, rerun, error } = draft
  if (!suggestion) {
    return error ? (
      <p className={warn}>
        Could not look for values that change between runs ({error.message}): the expected result is the run's exact
        result.
      </p>
    ) : null
  }
  const groups = matcherGroups(suggestion.matchers)
  const compared = suggestion.comparedWith
  return (
    <fieldset aria-label="Values that change between runs" className="space-y-1.5">
      <legend className="text-xs font-semibold uppercase tracking-wide text-zinc-500">
        Values that change between runs
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <p className={note}>
          {compared ? (
            <>
              Compared with {compared.how === 'rerun' ? 'a rerun' : 'an earlier run'} of the same input (
              <span className="font-mono">{compared.runId.slice(0, 8)}</span>): values that differed are matched by
              kind.
            </>
          ) : (
            'One run only: values that look generated (ids, times) are matched by kind. Run the same input again to know which really change.'
          )}
        </p>
        {!compared && (
          <Button className="!px-2 !py-0.5 text-xs" onClick={() => rerun.mutate()} disabled={rerun.isPending}>
            {rerun.isPending ? 'Running again…' : 'Run again to compare'}
          </Button>
        )}
      </div>
      {suggestion.rerunProblem && (
        <p role="alert" className={warn}>
          {suggestion.rerunProblem}
        </p>
      )}
      <ApiErrorMessage error={rerun.error} />
      {groups.length === 0 ? (
        <p className={note}>
          {compared
            ? 'Nothing differed: every value is checked as it is.'
            : 'Nothing looks generated: every value is checked as it is.'}
        </p>
      ) : (
        <ul className="space-y-0.5">
          {groups.map((g) => {
            const state = groupState(text, g)
            const views = [...new Set(g.paths.map((p) => p[0]))].join(', ')
            return (
              <li key={`${g.label}-${g.kind}`}>
                <label className="flex flex-wrap items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={state === 'matched'}
                    disabled={state === undefined || state === 'unchecked'}
                    onChange={(e) =>
                      setText(withMatcherPaths(text, g.paths, g.kind, e.target.checked, suggestion.exact))
                    }
                  />
                  <span className="font-mono">{g.label || '(the whole value)'}</span>
                  <span className="text-xs text-zinc-500">
                    {KIND[g.kind]} · {views}
                    {state === 'unchecked' && ' · not checked'}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      {suggestion.unmatchable.length > 0 && (
        <p className={warn}>
          Also differed, and no matcher fits:{' '}
          <span className="font-mono">{suggestion.unmatchable.map(pathText).join(', ')}</span>. The test fails on these
          unless you edit them below or stop checking their view.
        </p>
      )}
    </fieldset>
  )
}
