// "Import run…" in History: reads a run export file chosen by the user, stores it through the API and offers to open
// the imported run; a refused file shows the server's reason with the fields at fault. Loaded lazily, in its own chunk.
import { useRef } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { keys } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'

export default function ImportRunButton({
  onOpen,
  className,
}: {
  onOpen: (state: UrlState) => void
  className?: string
}) {
  const api = useApi()
  const qc = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const imported = useMutation({
    mutationFn: async (file: File) => {
      const { runId } = await api.importRun(await file.text())
      // Its summary says which tool it belongs to (the file may be of any tool).
      return api.run(runId)
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.runs }),
  })
  const target: UrlState | undefined = imported.data && {
    tool: imported.data.toolId,
    run: imported.data.runId,
    tab: 'run',
  }
  return (
    // Its parts join the parent's flex row: the button in line, the outcome on a line of its own below.
    <div className="contents">
      <Button className={className} onClick={() => input.current?.click()} disabled={imported.isPending}>
        {imported.isPending ? 'Importing…' : 'Import run…'}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        aria-label="Run export file"
        tabIndex={-1}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) imported.mutate(file)
        }}
      />
      {target && (
        <p role="status" className="order-last basis-full text-xs text-emerald-800 dark:text-emerald-200">
          Imported as run{' '}
          <AppLink to={target} onOpen={onOpen}>
            {target.run!.slice(0, 8)}
          </AppLink>{' '}
          of <span className="font-mono">{target.tool}</span>.
        </p>
      )}
      {imported.error && (
        <div className="order-last basis-full">
          <ApiErrorMessage error={imported.error} />
        </div>
      )}
    </div>
  )
}
