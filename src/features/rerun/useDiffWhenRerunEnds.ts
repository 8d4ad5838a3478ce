// Opens a rerun in the diff against the run it reruns once it ends — only a rerun started from this page (reopening a
// finished rerun from History or a link shows it as it is).
import { useEffect } from 'react'
import type { RerunOf } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'

/** Reruns started from this page and not yet ended. */
const started = new Set<string>()

/** Notes a rerun just started here, so its end opens the diff. */
export function rerunStarted(runId: string): void {
  started.add(runId)
}

export function useDiffWhenRerunEnds(
  run: { runId?: string; toolId: string; rerunOf?: RerunOf; finished: boolean },
  open: (state: UrlState) => void,
): void {
  const { runId, toolId, rerunOf, finished } = run
  useEffect(() => {
    if (!runId || !finished || !rerunOf || !started.delete(runId)) return
    open({ tool: toolId, tab: 'diff', run: rerunOf.runId, vs: runId })
  }, [runId, toolId, rerunOf, finished, open])
}
