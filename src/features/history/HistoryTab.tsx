// History: past runs from the server's history store as summaries (never event logs), newest first, filtered by tool
// and status, a page at a time (the server's nextCursor). Opening one goes through the URL; links never start a run.
// Runs can be exported as files and such files imported (the import lives in its own chunk), and two runs of a tool
// compared: "Compare with…" on one, then "Compare" on the other opens the diff.
import { lazy, Suspense, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery, runsQuery } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { RunRecordStatus, type RunSummary } from '../../shared/protocol.ts'
import { Button } from '../../components/ui/Button.tsx'
import { statusLabel } from '../../components/status/statusPresentation.ts'
import { HistoryTable } from './HistoryTable.tsx'
import { RunRowActions } from './RunRowActions.tsx'

const ImportRunButton = lazy(() => import('./ImportRunButton.tsx'))

/** Runs per page. */
export const HISTORY_PAGE = 50
const ALL = ''
const SELECT = 'rounded border border-zinc-300 bg-transparent px-1 py-0.5 dark:border-zinc-600 dark:bg-zinc-900'

export function HistoryTab({
  toolId,
  onOpen,
  pageSize = HISTORY_PAGE,
}: {
  toolId: string
  onOpen: (state: UrlState) => void
  pageSize?: number
}) {
  const api = useApi()
  const [tool, setTool] = useState(toolId)
  const [status, setStatus] = useState(ALL)
  // Cursors of the pages before the current one (the first page has none).
  const [cursors, setCursors] = useState<string[]>([])
  // The run a second run is being picked for ("Compare with…").
  const [comparing, setComparing] = useState<RunSummary>()
  const cursor = cursors.at(-1)
  const runs = useQuery(
    runsQuery(api, { tool: tool || undefined, status: status || undefined, cursor, limit: pageSize }),
  )
  const toolIds = [...new Set([toolId, ...(useQuery(catalogQuery(api)).data?.tools.map((t) => t.id) ?? [])])].sort()
  const list = runs.data?.runs ?? []
  const refilter = (fn: () => void) => {
    fn()
    setCursors([])
  }
  const page = cursors.length + 1
  return (
    <section aria-label="History" className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Runs</h2>
        <label className="flex items-center gap-1 text-xs">
          Tool
          <select
            value={tool}
            onChange={(e) => refilter(() => setTool(e.target.value))}
            className={`${SELECT} max-w-56`}
          >
            <option value={ALL}>all tools</option>
            {toolIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs">
          Status
          <select value={status} onChange={(e) => refilter(() => setStatus(e.target.value))} className={SELECT}>
            <option value={ALL}>any</option>
            {RunRecordStatus.options.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <Suspense fallback={null}>
          <ImportRunButton className="ml-auto" onOpen={onOpen} />
        </Suspense>
        <Button onClick={() => runs.refetch()}>Refresh</Button>
      </div>
      {comparing && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border border-sky-300 bg-sky-50 p-2 text-xs text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
        >
          Choose the run of <span className="font-mono">{comparing.toolId}</span> to compare with run{' '}
          <span className="font-mono">{comparing.runId.slice(0, 8)}</span>.
          <Button className="ml-auto !px-1.5 !py-0.5 text-xs" onClick={() => setComparing(undefined)}>
            Cancel
          </Button>
        </p>
      )}
      {runs.isError && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {runs.error.message}
        </p>
      )}
      {runs.isPending ? (
        <p className="text-xs text-zinc-500">Loading runs…</p>
      ) : list.length === 0 ? (
        <p className="text-xs text-zinc-500">{tool || status ? 'No runs match these filters.' : 'No runs yet.'}</p>
      ) : (
        <HistoryTable
          runs={list}
          onOpen={onOpen}
          actions={(r) => (
            <RunRowActions
              run={r}
              comparing={comparing}
              onOpen={onOpen}
              onCompare={(first) => {
                setComparing(first)
                // Only runs of the same tool compare: the list shows those.
                if (tool !== first.toolId) refilter(() => setTool(first.toolId))
              }}
            />
          )}
        />
      )}
      <nav aria-label="History pages" className="flex items-center gap-2 text-xs">
        {cursors.length > 0 && <Button onClick={() => setCursors(cursors.slice(0, -1))}>Newer runs</Button>}
        {runs.data?.nextCursor && (
          <Button onClick={() => setCursors([...cursors, runs.data.nextCursor!])}>Older runs</Button>
        )}
        {(cursors.length > 0 || runs.data?.nextCursor) && <span className="text-zinc-500">Page {page}</span>}
      </nav>
    </section>
  )
}
