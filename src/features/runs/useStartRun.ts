// Starting a run from the playground. When the open run waits for a person (approval, suspend, elicitation, paused),
// the start is held until the user says what becomes of it: abandoned (aborted through the run control API before
// the new run starts, so History never keeps a run without an end) or kept (left live, reachable from History).
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { ApiRequestError } from '../../api/client.ts'
import { keys } from '../../api/queries.ts'
import { isWaitingStatus } from '../../runtime/status.ts'
import type { StartRunBody } from '../../shared/protocol.ts'
import type { RunState } from '../../shared/runState.ts'

export function useStartRun(runId: string | undefined, state: RunState, onRunStarted: (runId: string) => void) {
  const api = useApi()
  const qc = useQueryClient()
  // The start waiting for an answer about the open run.
  const [held, setHeld] = useState<StartRunBody | null>(null)
  const start = useMutation({
    mutationFn: (body: StartRunBody) => api.startRun(body),
    onSuccess: (r) => onRunStarted(r.runId),
  })
  const abandon = useMutation({
    mutationFn: async (id: string) => {
      try {
        await api.control(id, { type: 'abort', reason: 'Abandoned for a new run' })
      } catch (err) {
        // It ended by itself meanwhile: nothing is left to abandon.
        if (!(err instanceof ApiRequestError && (err.code === 'invalid-state' || err.code === 'unknown-run'))) throw err
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: keys.runs }),
  })
  const busy = start.isPending || abandon.isPending

  const request = (body: StartRunBody) => {
    if (busy || held) return
    if (runId && isWaitingStatus(state.status)) setHeld(body)
    else start.mutate(body)
  }
  const keep = () => {
    if (!held || busy) return
    setHeld(null)
    start.mutate(held)
  }
  const abandonAndRun = () => {
    if (!held || busy || !runId) return
    abandon.mutate(runId, {
      onSuccess: () => {
        setHeld(null)
        start.mutate(held)
      },
    })
  }
  const cancel = () => {
    if (busy) return
    setHeld(null)
    abandon.reset()
  }
  return { start, request, held: held !== null, busy, abandonError: abandon.error, keep, abandonAndRun, cancel }
}
