// The rows of one History page: tool, status, caller, input summary, duration and start time of each run, with a
// link that reopens it through the URL (?tool=…&run=…); plain clicks stay in the app, modified clicks open a tab.
// How a run came to be (imported, rerun of another) shows under its link, beside the actions the caller gives.
import type { MouseEvent, ReactNode } from 'react'
import type { RunSummary } from '../../shared/protocol.ts'
import { urlFor, type UrlState } from '../../hooks/useUrlState.ts'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import { formatDuration } from '../../shared/duration.ts'
import { RunLineage } from './RunLineage.tsx'

interface Props {
  runs: readonly RunSummary[]
  onOpen: (state: UrlState) => void
  /** What can be done with a run, shown after its link. */
  actions?: (run: RunSummary) => ReactNode
}

export function HistoryTable({ runs, onOpen, actions }: Props) {
  const open = (e: MouseEvent, target: UrlState) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    onOpen(target)
  }
  return (
    <table className="w-full table-fixed text-left text-xs">
      <thead className="text-zinc-500">
        <tr>
          <th scope="col" className="w-44 py-1 font-medium">
            Tool
          </th>
          <th scope="col" className="w-36 font-medium">
            Status
          </th>
          <th scope="col" className="w-20 font-medium">
            Caller
          </th>
          <th scope="col" className="font-medium">
            Input
          </th>
          <th scope="col" className="w-20 font-medium">
            Duration
          </th>
          <th scope="col" className="w-44 font-medium">
            Started
          </th>
          <th scope="col" className="w-64 font-medium">
            Run
          </th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => {
          const target = { tool: r.toolId, run: r.runId, tab: 'run' }
          return (
            <tr key={r.runId} className="border-t border-zinc-200 dark:border-zinc-700">
              <td className="truncate py-1.5 font-mono" title={r.toolId}>
                {r.toolId}
              </td>
              <td>
                <StatusBadge status={r.status} />
              </td>
              <td>{r.caller}</td>
              <td className="truncate font-mono" title={r.inputSummary}>
                {r.inputSummary}
              </td>
              <td className="tabular-nums">{r.durationMs === undefined ? '—' : formatDuration(r.durationMs)}</td>
              <td className="tabular-nums">
                <time dateTime={r.startedAt}>{new Date(r.startedAt).toLocaleString()}</time>
              </td>
              <td className="py-1">
                <span className="flex flex-wrap items-center gap-x-1">
                  <a
                    href={urlFor(target)}
                    onClick={(e) => open(e, target)}
                    className="font-mono text-sky-700 underline dark:text-sky-300"
                    aria-label={`Open run ${r.runId}`}
                  >
                    {r.runId.slice(0, 8)}
                  </a>
                  {actions?.(r)}
                </span>
                <RunLineage run={r} onOpen={onOpen} />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
