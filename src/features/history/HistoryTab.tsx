// History: past runs from the server, newest first; opening one shows its events and views again through the
// URL (?tool=…&run=…). Links only open a run's record: they never start a run.
import { useState, type MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { runsQuery } from '../../api/queries.ts'
import { urlFor, type UrlState } from '../../hooks/useUrlState.ts'
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx'
import { Button } from '../../components/ui/Button.tsx'

const TONE: Record<string, BadgeTone> = { success: 'ok', error: 'danger', declined: 'warn', aborted: 'neutral', interrupted: 'warn' }

export function HistoryTab({ toolId, onOpen }: { toolId: string; onOpen: (state: UrlState) => void }) {
  const api = useApi()
  const runs = useQuery(runsQuery(api))
  const [all, setAll] = useState(false)
  const list = (runs.data ?? []).filter((r) => all || r.toolId === toolId).sort((a, b) => b.startedAt.localeCompare(a.startedAt))
  const open = (e: MouseEvent, target: UrlState) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    onOpen(target)
  }
  return (
    <section aria-label="History" className="space-y-3 p-4">
      <div className="flex items-center gap-3">
        <h2 className="text-sm font-semibold">Runs</h2>
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> All tools
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
        <table className="w-full text-left text-xs">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 font-medium">Started</th>
              <th className="font-medium">Tool</th>
              <th className="font-medium">Status</th>
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
                  <td className="font-mono">{r.toolId}</td>
                  <td>
                    <Badge tone={TONE[r.status] ?? 'info'}>{r.status.replace(/-/g, ' ')}</Badge>
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
    </section>
  )
}
