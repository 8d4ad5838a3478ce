// The Model panel: what `toModelOutput` (or the default mapping) sends the model for this phase.
// Text and JSON as text, content parts rendered (images only from http(s) or data:image).
import type { ModelOutput } from '../../shared/protocol.ts'
import type { ViewPhase } from '../../shared/runState.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { JsonBlock, pretty } from '../../components/ui/JsonBlock.tsx'
import { ViewPanel } from './ViewPanel.tsx'
import { ContentParts } from './ContentParts.tsx'
import { changedLines } from './lineDiff.ts'

export function ModelView({ model, rawText, phase }: { model?: ModelOutput; rawText: string; phase: ViewPhase }) {
  if (!model) {
    return (
      <ViewPanel title="Model" note={phase}>
        <p className="p-2 text-xs text-zinc-500">Nothing is sent to the model in the {phase} phase.</p>
      </ViewPanel>
    )
  }
  let body
  if (model.type === 'content') body = <ContentParts parts={model.value} />
  else if (model.type === 'execution-denied') body = <JsonBlock text={`Execution denied${model.reason ? `: ${model.reason}` : ''}`} copyLabel="Copy Model" />
  else {
    const text = typeof model.value === 'string' ? model.value : pretty(model.value)
    body = <JsonBlock text={text} changed={changedLines(rawText.split('\n'), text.split('\n'))} copyLabel="Copy Model" className="max-h-72" />
  }
  return (
    <ViewPanel title="Model" note="toModelOutput">
      <div className="mb-1">
        <Badge tone="info">{model.type}</Badge>
      </div>
      {body}
    </ViewPanel>
  )
}
