// Follows /api/catalog/events: on a reload, refreshes the catalog, the changed tools and the scenario lists
// (their "no longer fits" marks) in place and says what changed, MCP servers' states included. Dismissable; the newest
// notice replaces the previous one.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { followCatalog } from '../../api/sse.ts'
import { keys } from '../../api/queries.ts'
import { loadErrorsSummary } from './loadErrorsSummary.ts'
import type { Catalog, CatalogError, CatalogEvent, McpServerState } from '../../shared/protocol.ts'

/**
 * Whether a server's state change is news: it appeared, became ready, stopped being ready, or failed to start. A
 * failed server's retries (failed → restarting → failed, every backoff) are not.
 */
function isNews(was: McpServerState['state'] | undefined, now: McpServerState['state']): boolean {
  return was === undefined || (was === 'ready') !== (now === 'ready') || (was === 'connecting' && now !== was)
}

/** The MCP servers whose state changed newsworthily between two catalogs: `everything ready`, `docs failed (reason)`. */
export function describeServerChanges(
  before: readonly McpServerState[] | undefined,
  after: readonly McpServerState[] | undefined,
): string[] {
  // Before the first catalog there is nothing to compare: the tool list shows every server's state anyway.
  if (!before || !after) return []
  const was = new Map(before.map((s) => [s.name, s.state]))
  return after
    .filter((s) => isNews(was.get(s.name), s.state))
    .map((s) => `${s.name} ${s.state}${s.state === 'failed' && s.reason ? ` (${s.reason})` : ''}`)
}

/** How many of the errors are tool files' (an MCP server's are `mcp:<server>`, and its status line tells them). */
export function fileErrorCount(errors: readonly CatalogError[] | undefined): number | undefined {
  return errors?.filter((e) => !e.file.startsWith('mcp:')).length
}

/**
 * True when the event and the servers' states say nothing new: an MCP server re-listed the same tools, or a failed
 * server retried (its error comes and goes; the files' errors are as many as `fileErrorsBefore`).
 */
export function isQuiet(e: CatalogEvent, servers: readonly string[], fileErrorsBefore: number | undefined): boolean {
  const fileErrors = fileErrorCount(e.errors)
  return (
    !e.added.length &&
    !e.removed.length &&
    !e.changed.length &&
    !servers.length &&
    (fileErrors === 0 || fileErrors === fileErrorsBefore)
  )
}

/** One-line description of a catalog change, with the MCP servers whose state changed. */
export function describeChange(e: CatalogEvent, servers: readonly string[] = []): string {
  const parts: string[] = []
  if (servers.length) parts.push(`MCP server${servers.length > 1 ? 's' : ''} ${servers.join(', ')}`)
  if (e.changed.length) parts.push(`changed ${e.changed.join(', ')}`)
  if (e.added.length) parts.push(`added ${e.added.join(', ')}`)
  if (e.removed.length) parts.push(`removed ${e.removed.join(', ')}`)
  if (e.errors.length) parts.push(loadErrorsSummary(e.errors))
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
    const onChange = async (e: CatalogEvent) => {
      const previous = qc.getQueryData<Catalog>(keys.catalog)
      for (const id of [...e.changed, ...e.added, ...e.removed]) void qc.invalidateQueries({ queryKey: keys.tool(id) })
      // Whether a scenario still fits depends on the tool's current schemas.
      void qc.invalidateQueries({ queryKey: keys.scenariosAll })
      await qc.invalidateQueries({ queryKey: keys.catalog })
      const after = qc.getQueryData<Catalog>(keys.catalog)?.servers
      const servers = describeServerChanges(previous?.servers, after)
      // With MCP servers, a server re-listing the same tools (or retrying) changes nothing worth a notice; a file
      // reload still says "no change" (the person saved a file and wants to know it was read).
      if (after?.length && isQuiet(e, servers, fileErrorCount(previous?.errors))) return
      setNotice(describeChange(e, servers))
    }
    void followCatalog(api, (e) => void onChange(e), ctl.signal)
    return () => ctl.abort()
  }, [api, qc])
  return (
    <div role="status" aria-label="Reload notice" className="min-w-0">
      {notice && (
        <span className="flex items-center gap-2 rounded-md bg-sky-100 px-2 py-1 text-xs text-sky-900 dark:bg-sky-900/60 dark:text-sky-100">
          <span className="truncate">{notice}</span>
          <button
            type="button"
            aria-label="Dismiss notice"
            onClick={() => setNotice(null)}
            className="rounded px-1 hover:bg-sky-200 dark:hover:bg-sky-800"
          >
            ×
          </button>
        </span>
      )}
    </div>
  )
}
