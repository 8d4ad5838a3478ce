// Layout only: header (name, reload notice, theme), the tool list on the left, the open tool on the right; or, for
// ?embed=1, only a run's player.
import { lazy, Suspense } from 'react'
import { useUrlState } from './hooks/useUrlState.ts'
import { useApi } from './api/useApi.ts'
import { Badge } from './components/ui/Badge.tsx'
import { ToolList } from './features/tools/ToolList.tsx'
import { ToolPage } from './features/layout/ToolPage.tsx'
import { HotReloadNotice } from './components/app/HotReloadNotice.tsx'
import { OfflineBanner } from './components/app/OfflineBanner.tsx'
import { StorageBanner } from './components/app/StorageBanner.tsx'
import { ThemeSwitch } from './components/app/ThemeSwitch.tsx'
import { ErrorBoundary } from './components/ui/ErrorBoundary.tsx'
import { Welcome } from './components/app/Welcome.tsx'

const EmbedView = lazy(() => import('./features/player/EmbedView.tsx'))

export function App() {
  const [url, navigate] = useUrlState()
  const recorded = useApi().recorded
  if (url.embed === '1') {
    return (
      <Suspense fallback={null}>
        <EmbedView toolId={url.tool} runId={url.run} />
      </Suspense>
    )
  }
  return (
    <div className="flex h-screen flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
      <OfflineBanner />
      <StorageBanner />
      <header className="flex items-center gap-4 border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-950">
        <a
          href="./"
          className="flex items-center gap-2 font-semibold"
          onClick={(e) => {
            e.preventDefault()
            navigate({})
          }}
        >
          <img src="./favicon.svg" alt="" className="h-5 w-5" />
          Toolscope
        </a>
        {recorded && <Badge tone="info">recorded demo</Badge>}
        <div className="min-w-0 flex-1">
          <HotReloadNotice />
        </div>
        <ThemeSwitch />
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className="flex w-72 shrink-0 flex-col border-r border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
          <ErrorBoundary what="the tool list">
            <ToolList selected={url.tool} onOpen={(tool) => navigate({ tool, tab: url.tab })} />
          </ErrorBoundary>
        </aside>
        <main className="min-w-0 flex-1 overflow-auto">
          <ErrorBoundary what="this tool" resetKey={url.tool}>
            {url.tool ? (
              <ToolPage url={{ ...url, tool: url.tool }} navigate={navigate} />
            ) : (
              <Welcome recorded={recorded} />
            )}
          </ErrorBoundary>
        </main>
      </div>
    </div>
  )
}
