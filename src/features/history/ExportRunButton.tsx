// "Export" of a finished run in History: downloads its export file (the run with its events and cassette).
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { Button } from '../../components/ui/Button.tsx'
import { saveTextFile } from './saveTextFile.ts'

export function ExportRunButton({ runId, className }: { runId: string; className?: string }) {
  const api = useApi()
  const exported = useMutation({
    mutationFn: () => api.exportRun(runId),
    onSuccess: ({ filename, text }) => saveTextFile(filename, text),
  })
  return (
    <Button
      variant="ghost"
      className={className}
      onClick={() => exported.mutate()}
      disabled={exported.isPending}
      aria-label={`Export run ${runId}`}
      title={exported.error?.message ?? 'Download the run as a JSON file'}
    >
      {exported.isError ? 'Export failed' : 'Export'}
    </Button>
  )
}
