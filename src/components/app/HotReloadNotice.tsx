// Follows /api/catalog/events: on a reload, refreshes the catalog, the changed tools and the scenario lists
// (their "no longer fits" marks) in place and says what changed. Dismissable; the newest notice replaces the previous one.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { followCatalog } from '../../api/sse.ts'
import { keys } from '../../api/queries.ts'
import type { CatalogEvent } from '../../shared/protocol.ts'

/** One-line description of a catalog change. */
export function describeChange(e: CatalogEvent): string {
  const parts: string[] = []
  if (e.changed.length) parts.push(`changed ${e.changed.join(', ')}`)
  if (e.added.length) parts.push(`added ${e.added.join(', ')}`)
  if (e.removed.length) parts.push(`removed ${e.removed.join(', ')}`)
  if (e.errors.length) parts.push(`${e.errors.length} file${e.errors.length > 1 ? 's' : ''} failed to load`)
  return `Tools reloaded: ${parts.length ? parts.join('; ') : 'no change'}`
}

export function HotReloadNotice() {
  const api = useApi()
  const qc = useQueryClient()
  const [notice, setNotice] = useState<string | null>(null)
  useEffect(() => {
    // A recorded demo's catalog never changes.
    if (api.recorded) return
    const ctl = new AbortController()
    void followCatalog(
      api,
      (e) => {
        void qc.invalidateQueries({ queryKey: keys.catalog })
        for (const id of [...e.changed, ...e.added, ...e.removed]) void qc.invalidateQueries({ queryKey: keys.tool(id) })
        // Whether a scenario still fits depends on the tool's current schemas.
        void qc.invalidateQueries({ queryKey: keys.scenariosAll })
        setNotice(describeChange(e))
      },
      ctl.signal,
    )
    return () => ctl.abort()
  }, [api, qc])
  return (
    <div role="status" aria-label="Reload notice" className="min-w-0">
      {notice && (
        <span className="flex items-center gap-2 rounded-md bg-sky-100 px-2 py-1 text-xs text-sky-900 dark:bg-sky-900/60 dark:text-sky-100">
          <span className="truncate">{notice}</span>
          <button type="button" aria-label="Dismiss notice" onClick={() => setNotice(null)} className="rounded px-1 hover:bg-sky-200 dark:hover:bg-sky-800">
            ×
          </button>
        </span>
      )}
    </div>
  )
}
