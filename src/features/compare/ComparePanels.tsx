// Region "Compare": for the chosen payload phase, four side-by-side panels (Raw, Display, Transcript, Model)
// with the paths that differ from Raw (added, removed, changed) highlighted, and what each costs in tokens when the
// counts are in. Follows the latest phase until the user picks one.
// Panels sit in a grid sized by the region's own width (container queries), each a subgrid of three rows (header,
// notes, body), so badges wrapping in one header never push its JSON below its neighbours'.
import { useState } from 'react'
import type { RunState, ViewPhase } from '../../shared/runState.ts'
import type { RunTokens } from '../../shared/protocol.ts'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { ViewPanel } from './ViewPanel.tsx'
import { ModelView } from './ModelView.tsx'
import { Badge } from '../../components/ui/Badge.tsx'
import { TokenBadge } from './TokenBadge.tsx'

export function ComparePanels({ state, tokens }: { state: RunState; tokens?: RunTokens }) {
  const [picked, setPicked] = useState<ViewPhase | null>(null)
  const phases = state.phases
  const phase = picked && phases.includes(picked) ? picked : phases[phases.length - 1]
  const views = phase ? state.views[phase] : undefined
  const truncated = phase ? state.truncated[phase] : undefined
  const counted = phase ? tokens?.phases[phase] : undefined
  const tokenBadge = (view: 'raw' | 'display' | 'transcript' | 'model', title: string) =>
    tokens && <TokenBadge tokens={counted?.[view]} counters={tokens.counters} view={title} />
  return (
    <section aria-label="Compare" className="@container space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-sm font-semibold">Compare</h2>
        {truncated && (
          <Badge
            tone="warn"
            title={`Cut to the size limit: ${truncated.fields?.join(', ') ?? 'payload'} (originally about ${truncated.originalBytes.toLocaleString()} bytes)`}
          >
            truncated
          </Badge>
        )}
        {phases.length > 0 && (
          <Tabs
            label="Phase"
            idPrefix="phase"
            items={phases.map((p) => ({ id: p, label: p }))}
            selected={phase!}
            onSelect={(p) => setPicked(p as ViewPhase)}
          />
        )}
      </div>
      {!views ? (
        <p className="text-xs text-zinc-500">Run the tool to compare what each audience gets.</p>
      ) : (
        <div
          id={`phase-panel-${phase}`}
          role="tabpanel"
          aria-labelledby={`phase-tab-${phase}`}
          className="grid grid-cols-1 gap-x-2 gap-y-2 @lg:grid-cols-2 @5xl:grid-cols-4"
        >
          <ViewPanel
            title="Raw"
            value={views.raw}
            note="what execute saw or returned"
            badges={tokenBadge('raw', 'Raw')}
          />
          <ViewPanel
            title="Display"
            view={views.display}
            raw={views.raw}
            note="UI stream"
            badges={tokenBadge('display', 'Display')}
          />
          <ViewPanel
            title="Transcript"
            view={views.transcript}
            raw={views.raw}
            note="saved messages"
            badges={tokenBadge('transcript', 'Transcript')}
          />
          <ModelView
            model={views.model}
            raw={views.raw}
            phase={phase!}
            tokens={tokenBadge('model', 'Model')}
            findings={counted?.findings}
          />
        </div>
      )}
    </section>
  )
}
