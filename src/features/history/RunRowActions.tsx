// What a History row offers for a finished run: Export, and "Compare with…", which starts picking a second run of the
// same tool; while picking, the other finished runs of that tool offer "Compare" instead (it opens the diff).
import type { RunSummary } from '../../shared/protocol.ts'
import { isFinalStatus } from '../../runtime/status.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ExportRunButton } from './ExportRunButton.tsx'

const ROW_ACTION = '!px-1.5 !py-0.5 text-xs'

interface Props {
  run: RunSummary
  /** The run a second one is being picked for. */
  comparing?: RunSummary
  onCompare: (run: RunSummary) => void
  onOpen: (state: UrlState) => void
}

export function RunRowActions({ run, comparing, onCompare, onOpen }: Props) {
  if (!isFinalStatus(run.status)) return null
  if (comparing) {
    if (comparing.runId === run.runId || comparing.toolId !== run.toolId) return null
    return (
      <Button
        variant="primary"
        className={ROW_ACTION}
        aria-label={`Compare with run ${run.runId}`}
        onClick={() => onOpen({ tool: run.toolId, tab: 'diff', run: comparing.runId, vs: run.runId })}
      >
        Compare
      </Button>
    )
  }
  return (
    <>
      <ExportRunButton runId={run.runId} className={ROW_ACTION} />
      <Button
        variant="ghost"
        className={ROW_ACTION}
        aria-label={`Compare run ${run.runId} with…`}
        onClick={() => onCompare(run)}
      >
        Compare with…
      </Button>
    </>
  )
}
