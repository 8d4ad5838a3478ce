// Says when the server cannot save run history (a full disk, an I/O error): read from the history list's `storage`
// status, refreshed whenever runs start or end (their list is invalidated) and polled while it is failing.
import { useQuery } from '@tanstack/react-query'
import { runsQuery } from '../../api/queries.ts'
import { useApi } from '../../api/useApi.ts'
import type { StorageStatus } from '../../shared/protocol.ts'

const TEXT: Record<StorageStatus['code'], string> = {
  'disk-full': 'The disk is full: run history is not being saved.',
  'io-error': 'The disk reported an error: run history is not being saved.',
  'read-only': 'The history folder became read-only: run history is not being saved.',
}

export function StorageBanner() {
  const api = useApi()
  const { data } = useQuery({
    ...runsQuery(api, { limit: 1 }),
    // A recorded demo has no server and no storage to watch.
    enabled: !api.recorded,
    // Often while failing (to see it recover), rarely otherwise (runs starting and ending refresh it anyway).
    refetchInterval: (query) => (query.state.data?.storage ? 5_000 : 30_000),
  })
  const storage = data?.storage
  if (!storage) return null
  return (
    <div
      role="alert"
      aria-label="Storage problem"
      title={storage.message}
      className="bg-red-100 px-4 py-1.5 text-center text-xs text-red-900 dark:bg-red-900/70 dark:text-red-100"
    >
      {TEXT[storage.code]} Runs in flight were stopped; free disk space and Toolscope saves again on its own.
    </div>
  )
}
