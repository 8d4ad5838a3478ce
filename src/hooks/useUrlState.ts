// UI state kept in the URL (?tool=…&run=…&tab=…&vs=…, ?embed=1 for an iframe): shareable, survives reloads, and never starts a run by itself.
import { useCallback, useSyncExternalStore } from 'react'

const listeners = new Set<() => void>()
if (typeof window !== 'undefined') window.addEventListener('popstate', () => listeners.forEach((l) => l()))

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** The URL parameters the app understands. */
export interface UrlState {
  tool?: string
  run?: string
  tab?: string
  /** `1`: only the player of `run`, for an iframe. */
  embed?: string
  /** With `tab=diff`: the run compared with `run`. */
  vs?: string
}

const read = () => window.location.search

/** Builds the `?…` string of a state (used for links so they also work with a middle click). */
export function urlFor(state: UrlState): string {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(state)) if (v) p.set(k, v)
  const s = p.toString()
  return s ? `?${s}` : window.location.pathname
}

/** Current URL state and a navigate function (pushes a history entry unless `replace`). */
export function useUrlState(): [UrlState, (next: UrlState, options?: { replace?: boolean }) => void] {
  const search = useSyncExternalStore(subscribe, read, () => '')
  const p = new URLSearchParams(search)
  const state: UrlState = {
    tool: p.get('tool') ?? undefined,
    run: p.get('run') ?? undefined,
    tab: p.get('tab') ?? undefined,
    vs: p.get('vs') ?? undefined,
    embed: p.get('embed') ?? undefined,
  }
  const navigate = useCallback((next: UrlState, options?: { replace?: boolean }) => {
    const url = urlFor(next)
    if (options?.replace) window.history.replaceState(null, '', url)
    else window.history.pushState(null, '', url)
    listeners.forEach((l) => l())
  }, [])
  return [state, navigate]
}
