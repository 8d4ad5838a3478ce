// The editable expectation of "Save as scenario" and "Export as test": it starts as the server's suggestion (the
// run's result, matched by kind where runs of the same call differ), falls back to the exact result when the
// suggestion cannot be had, and takes a rerun's suggestion into the views it checks.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import type { SuggestedExpectation } from '../../shared/protocol.ts'
import type { Outcome } from '../../testbench/match.ts'
import { useApi } from '../../api/useApi.ts'
import { keys, suggestionQuery } from '../../api/queries.ts'
import { draftFromExpectation, draftFromOutcome, withSuggestedViews } from './expectationDraft.ts'

export interface ExpectationDraft {
  /** The JSON text (undefined while the suggestion loads). */
  text: string | undefined
  setText: (text: string) => void
  suggestion: SuggestedExpectation | undefined
  /** Why there is no suggestion (the text is then the run's exact result). */
  error: Error | null
  /** Runs the call again to see which values differ. */
  rerun: UseMutationResult<SuggestedExpectation, Error, void>
}

export function useExpectationDraft(runId: string, outcome: Outcome): ExpectationDraft {
  const api = useApi()
  const qc = useQueryClient()
  const suggestion = useQuery(suggestionQuery(api, runId))
  const [edited, setEdited] = useState<string>()
  const rerun = useMutation({
    mutationFn: () => api.suggestExpectation(runId, { rerun: true }),
    onSuccess: (next) => {
      qc.setQueryData(keys.suggestion(runId), next)
      setEdited((text) => (text === undefined ? text : withSuggestedViews(text, next.expect)))
      // The rerun is a run of its own: history shows it.
      return qc.invalidateQueries({ queryKey: keys.runs })
    },
  })
  const initial = suggestion.data
    ? draftFromExpectation(suggestion.data.expect)
    : suggestion.isError
      ? draftFromOutcome(outcome)
      : undefined
  return { text: edited ?? initial, setText: setEdited, suggestion: suggestion.data, error: suggestion.error, rerun }
}
