// Mutation sending one RunControl (approve, decline, resume, respond, continue, abort) to a live run. The effect
// shows up through the run's event stream, so nothing is written to the cache here.
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import type { RunControl } from '../../shared/protocol.ts'

export function useRunCommand(runId: string | undefined) {
  const api = useApi()
  return useMutation({
    mutationFn: (control: RunControl) => {
      if (!runId) throw new Error('No run is open')
      return api.control(runId, control)
    },
  })
}
