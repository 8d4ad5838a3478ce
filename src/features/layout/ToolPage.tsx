// The open tool: its header (id, title, badges) and the Run / Model / Overview / Scenarios / History / Fuzz / Evals tabs (Recorded runs and
// Overview in a static demo), plus Diff while two runs are compared (?tab=diff&run=…&vs=…). Loads the tool's detail,
// which hot reload invalidates, so schemas refresh in place.
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { toolQuery } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { Badge } from '../../components/ui/Badge.tsx'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx'
import { toolBadges } from '../tools/toolFilter.ts'
import { RunWorkspace } from '../runs/RunWorkspace.tsx'
import { RunPrompts } from '../runs/RunPrompts.tsx'
import { ScenariosTab } from '../scenarios/lazyParts.ts'

// Its own chunk: comparing runs is occasional, and the initial JavaScript stays within its budget.
const RunDiffView = lazy(() => import('../diff/RunDiffView.tsx'))
// Overview and History load on their first visit: the Run tab opens first, and the initial JavaScript stays in budget.
const OverviewTab = lazy(() => import('../overview/OverviewTab.tsx').then((m) => ({ default: m.OverviewTab })))
const HistoryTab = lazy(() => import('../history/HistoryTab.tsx').then((m) => ({ default: m.HistoryTab })))
// Its own chunk too: fuzzing is occasional.
const FuzzTab = lazy(() => import('../fuzz/FuzzTab.tsx'))
// A model in the loop: its own chunks as well.
const TryTab = lazy(() => import('../model/TryTab.tsx'))
const EvalsTab = lazy(() => import('../evals/EvalsTab.tsx'))

const TABS = [
  { id: 'run', label: 'Run' },
  { id: 'model', label: 'Model' },
  { id: 'overview', label: 'Overview' },
  { id: 'scenarios', label: 'Scenarios' },
  { id: 'history', label: 'History' },
  { id: 'fuzz', label: 'Fuzz' },
  { id: 'evals', label: 'Evals' },
]
/** A static demo plays back recorded runs instead of running the tool. */
const RECORDED_TABS = [
  { id: 'run', label: 'Recorded runs' },
  { id: 'overview', label: 'Overview' },
]
const RecordedRuns = lazy(() => import('../player/RecordedRuns.tsx'))

export function ToolPage({
  url,
  navigate,
}: {
  url: UrlState & { tool: string }
  navigate: (next: UrlState, o?: { replace?: boolean }) => void
}) {
  const api = useApi()
  const tool = useQuery(toolQuery(api, url.tool))
  const diffing = url.tab === 'diff' && !!url.run && !!url.vs
  const base = api.recorded ? RECORDED_TABS : TABS
  const tabs = diffing ? [...base, { id: 'diff', label: 'Diff' }] : base
  const tab = tabs.some((t) => t.id === url.tab) ? url.tab! : 'run'
  const heading = useRef<HTMLHeadingElement>(null)
  const loaded = tool.isSuccess
  useEffect(() => {
    // Moving focus to the heading after opening a tool lets keyboard users go on from there.
    if (loaded) heading.current?.focus({ preventScroll: true })
  }, [url.tool, loaded])

  if (tool.isPending) return <p className="p-6 text-sm text-zinc-500">Loading {url.tool}…</p>
  if (tool.isError)
    return (
      <div
        role="alert"
        className="m-6 rounded-md border border-rose-300 bg-rose-50 p-4 text-sm text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
      >
        Could not load tool <span className="font-mono">{url.tool}</span>: {tool.error.message}
      </div>
    )
  const t = tool.data
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="border-b border-zinc-200 px-4 pt-3 dark:border-zinc-800">
        <div className="flex flex-wrap items-baseline gap-2">
          <h1 ref={heading} tabIndex={-1} className="font-mono text-lg font-semibold outline-none">
            {t.id}
          </h1>
          {t.title && <span className="text-sm text-zinc-500">{t.title}</span>}
          <span className="flex flex-wrap gap-1">
            {toolBadges(t.flags).map((b) => (
              <Badge key={b.label} tone={b.tone}>
                {b.label}
              </Badge>
            ))}
          </span>
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-zinc-600 dark:text-zinc-400">{t.description}</p>
        <div className="mt-2">
          <Tabs
            label="Tool views"
            idPrefix="tool"
            items={tabs}
            selected={tab}
            onSelect={(id) =>
              navigate(id === 'diff' ? url : { tool: url.tool, run: url.run, tab: id }, { replace: true })
            }
          />
        </div>
      </header>
      <div
        id={`tool-panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tool-tab-${tab}`}
        className="min-h-0 flex-1 overflow-auto"
      >
        <ErrorBoundary what={`the ${tab} tab`} resetKey={`${t.id}:${tab}`}>
          {tab === 'run' && api.recorded && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the player…</p>}>
              <RecordedRuns
                toolId={t.id}
                runId={url.run}
                onOpen={(run) => navigate({ tool: t.id, run, tab: 'run' })}
                onNavigate={(s) => navigate(s)}
              />
            </Suspense>
          )}
          {tab === 'run' && !api.recorded && (
            <RunWorkspace
              tool={t}
              runId={url.run}
              onRunStarted={(run) => navigate({ tool: t.id, run, tab: 'run' })}
              onOpenScenarios={() => navigate({ ...url, tab: 'scenarios' })}
              onNavigate={(s) => navigate(s)}
            />
          )}
          {tab === 'overview' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the overview…</p>}>
              <OverviewTab tool={t} />
            </Suspense>
          )}
          {tab === 'scenarios' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading scenarios…</p>}>
              <ScenariosTab toolId={t.id} onOpenRun={(s) => navigate(s)} />
            </Suspense>
          )}
          {tab === 'history' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the history…</p>}>
              <HistoryTab toolId={t.id} onOpen={(s) => navigate(s)} />
            </Suspense>
          )}
          {tab === 'fuzz' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the fuzzer…</p>}>
              <FuzzTab toolId={t.id} onNavigate={(s) => navigate(s)} />
            </Suspense>
          )}
          {tab === 'model' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the model panel…</p>}>
              <TryTab toolId={t.id} onNavigate={(s) => navigate(s)} prompts={RunPrompts} />
            </Suspense>
          )}
          {tab === 'evals' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the evals…</p>}>
              <EvalsTab toolId={t.id} onNavigate={(s) => navigate(s)} />
            </Suspense>
          )}
          {tab === 'diff' && (
            <Suspense fallback={<p className="p-4 text-xs text-zinc-500">Loading the diff…</p>}>
              <RunDiffView
                key={`${url.run}:${url.vs}`}
                toolId={t.id}
                leftId={url.run!}
                rightId={url.vs!}
                onOpen={(s) => navigate(s)}
              />
            </Suspense>
          )}
        </ErrorBoundary>
      </div>
    </div>
  )
}
