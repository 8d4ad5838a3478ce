// `?embed=1&tool=…&run=…`: one run's player with minimal chrome, for an iframe in docs. A link opens the same run in
// the full page.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { recordedRunQuery } from '../../api/queries.ts'
import { urlFor } from '../../hooks/useUrlState.ts'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { RunPlayer } from './RunPlayer.tsx'

export default function EmbedView({ toolId, runId }: { toolId?: string; runId?: string }) {
  const api = useApi()
  const run = useQuery({ ...recordedRunQuery(api, runId ?? ''), enabled: !!runId })
  return (
    <main className="min-h-screen space-y-3 bg-zinc-50 p-3 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
      <header className="flex items-center gap-2 text-sm">
        <span className="font-mono font-semibold">{toolId ?? 'Toolscope'}</span>
        <a
          href={urlFor({ tool: toolId, run: runId })}
          target="_blank"
          rel="noopener"
          className="ml-auto text-xs text-sky-700 underline dark:text-sky-300"
        >
          Open in Toolscope
        </a>
      </header>
      {!runId && (
        <p role="alert" className="text-sm">
          This embed names no run: add &amp;run=… to its address.
        </p>
      )}
      {run.isError && <ApiErrorMessage error={run.error} />}
      {run.data && <RunPlayer run={run.data} compact />}
    </main>
  )
}
