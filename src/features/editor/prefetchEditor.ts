// Loads the Monaco editor chunk ahead of need: once the tool list shows, the browser's first idle moment fetches
// and evaluates it and warms the JSON language (its mode chunk and worker), so picking a tool only mounts an editor.
// The same dynamic import as JsonEditor's lazy(), so the module is fetched once.

/** Marked on `performance` when the prefetch has finished (read by the UI bench). */
export const EDITOR_PREFETCHED_MARK = 'toolscope:editor-prefetched'

let started: Promise<void> | null = null

/** Imports the editor chunk and warms Monaco's JSON support; runs once, later calls share the first. */
export function prefetchEditor(): Promise<void> {
  started ??= import('./MonacoJsonEditor.tsx')
    .then((m) => m.warmUp())
    .then(() => {
      performance.mark(EDITOR_PREFETCHED_MARK)
    })
    .catch(() => {
      // A failed prefetch is retried by the editor's own lazy import when it is needed.
      started = null
    })
  return started
}

/** Calls `prefetchEditor` when the browser is idle (or soon, where requestIdleCallback does not exist). */
export function prefetchEditorWhenIdle(): () => void {
  if (typeof window === 'undefined') return () => {}
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => void prefetchEditor(), { timeout: 2000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(() => void prefetchEditor(), 200)
  return () => window.clearTimeout(id)
}
