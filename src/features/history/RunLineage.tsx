// How a run came to be, when it was not started here: an "imported" badge (with where it came from) or a link back to
// the run it reruns. Shown in History rows and above an open run.
import type { RunSummary } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { Badge } from '../../components/ui/Badge.tsx'

type Lineage = Pick<RunSummary, 'runId' | 'toolId' | 'imported' | 'importedFrom' | 'rerunOf'>

export function RunLineage({ run, onOpen }: { run: Lineage; onOpen: (state: UrlState) => void }) {
  if (!run.imported && !run.rerunOf) return null
  const from = run.importedFrom
  const original = run.rerunOf && { tool: run.toolId, run: run.rerunOf.runId, tab: 'run' }
  return (
    <span className="inline-flex flex-wrap items-center gap-1 text-[11px] text-zinc-600 dark:text-zinc-400">
      {run.imported && (
        <Badge
          tone="info"
          title={
            from
              ? `Imported from run ${from.runId} (exported ${new Date(from.exportedAt).toLocaleString()})`
              : 'Imported from a file'
          }
        >
          imported
        </Badge>
      )}
      {original && (
        <>
          rerun of
          <AppLink to={original} onOpen={onOpen} aria-label={`Open the original run ${original.run}`}>
            {original.run.slice(0, 8)}
          </AppLink>
          <span className="tabular-nums">at #{run.rerunOf!.atEvent}</span>
          <AppLink
            to={{ tool: run.toolId, tab: 'diff', run: original.run, vs: run.runId }}
            onOpen={onOpen}
            className="text-sky-700 underline dark:text-sky-300"
          >
            compare with it
          </AppLink>
        </>
      )}
    </span>
  )
}
