// History: past runs from the server's history store as summaries (never event logs), newest first, filtered by tool
// and status, a page at a time. Opening one goes through the URL (?tool=…&run=…); links never start a run.
import { useState, type MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { runsQuery } from '../../api/queries.ts'
import { urlFor, type UrlState } from '../../hooks/useUrlState.ts'
import { RunRecordStatus } from '../../shared/protocol.ts'
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx'
import { Button } from '../../components/ui/Button.tsx'

const TONE: Record<string, BadgeTone> = { success: 'ok', error: 'danger', declined: 'warn', aborted: 'neutral', interrupted: 'warn', expired: 'warn' }
const PAGE = 50

export function HistoryTab({ toolId, onOpen }: { toolId: string; onOpen: (state: UrlState) => void }) {
  const api = useApi()
  const [all, setAll] = useState(false)
  const [status, setStatus] = useState('')
  // Cursors of the pages before the current one (the first page has none).
  const [cursors, setCursors] = useState<string[]>([])
  const cursor = cursors.at(-1)
  const runs = useQuery(runsQuery(api, { tool: all ? undefined : toolId, status: status || undefined, cursor, limit: PAGE }))
  const list = runs.data?.runs ?? []
  const refilter = (fn: () => void) => {
    fn()
    setCursors([])
  }
  const open = (e: MouseEvent, target: UrlState) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    onOpen(target)
  }
  return (
    <section aria-label="History" className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Runs</h2>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={all} onChange={(e) => refilter(() => setAll(e.target.checked))} /> All tools
        </label>
        <label className="flex items-center gap-1 text-xs">
          Status
          <select value={status} onChange={(e) => refilter(() => setStatus(e.target.value))} className="rounded border border-zinc-300 bg-transparent px-1 dark:border-zinc-600">
            <option value="">any</option>
            {RunRecordStatus.options.map((s) => (
              <option key={s} value={s}>
                {s.replace(/-/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <Button className="ml-auto" onClick={() => runs.refetch()}>
          Refresh
        </Button>
      </div>
      {runs.isError && <p role="alert" className="text-xs text-rose-700">{runs.error.message}</p>}
      {runs.isPending ? (
        <p className="text-xs text-zinc-500">Loading runs…</p>
      ) : list.length === 0 ? (
        <p className="text-xs text-zinc-500">No runs yet.</p>
      ) : (
        <table className="w-full table-fixed text-left text-xs">
          <thead className="text-zinc-500">
            <tr>
              <th className="w-40 py-1 font-medium">Started</th>
              <th className="font-medium">Tool</th>
              <th className="font-medium">Status</th>
              <th className="font-medium">Caller</th>
              <th className="w-1/3 font-medium">Input</th>
              <th className="font-medium">Duration</th>
              <th className="font-medium">Run</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => {
              const target = { tool: r.toolId, run: r.runId, tab: 'run' }
              return (
                <tr key={r.runId} className="border-t border-zinc-200 dark:border-zinc-700">
                  <td className="py-1.5 tabular-nums">{new Date(r.startedAt).toLocaleString()}</td>
                  <td className="truncate font-mono">{r.toolId}</td>
                  <td>
                    <Badge tone={TONE[r.status] ?? 'info'}>{r.status.replace(/-/g, ' ')}</Badge>
                  </td>
                  <td>{r.caller}</td>
                  <td className="truncate font-mono" title={r.inputSummary}>
                    {r.inputSummary}
                  </td>
                  <td className="tabular-nums">{r.durationMs !== undefined ? `${r.durationMs.toFixed(1)} ms` : '—'}</td>
                  <td>
                    <a href={urlFor(target)} onClick={(e) => open(e, target)} className="font-mono text-sky-700 underline dark:text-sky-300" aria-label={`Open run ${r.runId}`}>
                      {r.runId.slice(0, 8)}
                    </a>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <div className="flex gap-2">
        {cursors.length > 0 && <Button onClick={() => setCursors(cursors.slice(0, -1))}>Newer runs</Button>}
        {runs.data?.nextCursor && <Button onClick={() => setCursors([...cursors, runs.data.nextCursor!])}>Older runs</Button>}
      </div>
    </section>
  )
}
