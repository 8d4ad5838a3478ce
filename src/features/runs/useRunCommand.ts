// Mutation sending one command (approve, resume, respond, continue, abort) to a live run. The effect shows
// up through the run's event stream, so nothing is written to the cache here.
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import type { RunCommand } from '../../api/client.ts'

export function useRunCommand(runId: string | undefined) {
  const api = useApi()
  return useMutation({
    mutationFn: (command: RunCommand) => {
      if (!runId) throw new Error('No run is open')
      return api.command(runId, command)
    },
  })
}
