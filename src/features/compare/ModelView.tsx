// The Model panel: what `toModelOutput` (or the default mapping) sends the model for this phase.
// JSON compared with Raw path by path, text as text, content parts rendered (images only from http(s) or data:image).
import type { ReactNode } from 'react'
import type { LintFinding, ModelOutput } from '../../shared/protocol.ts'
import type { ViewPhase } from '../../shared/runState.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { ViewPanel } from './ViewPanel.tsx'
import { ContentParts } from './ContentParts.tsx'

/** `tokens`: the token badge; `findings`: model-view size findings of this phase, shown as a warning badge. */
export function ModelView({
  model,
  raw,
  phase,
  tokens,
  findings = [],
}: {
  model?: ModelOutput
  raw: unknown
  phase: ViewPhase
  tokens?: ReactNode
  findings?: LintFinding[]
}) {
  if (!model) {
    return (
      <ViewPanel title="Model" note={phase}>
        <p className="p-2 text-xs text-zinc-500">Nothing is sent to the model in the {phase} phase.</p>
      </ViewPanel>
    )
  }
  const type = (
    <>
      <Badge tone="info">{model.type}</Badge>
      {tokens}
      {findings.map((f, i) => (
        <Badge key={i} tone={f.severity === 'error' ? 'danger' : 'warn'} title={f.message}>
          over token budget
        </Badge>
      ))}
    </>
  )
  if (model.type === 'json')
    return <ViewPanel title="Model" note="toModelOutput" badges={type} view={{ value: model.value }} raw={raw} />
  let body
  if (model.type === 'content') body = <ContentParts parts={model.value} />
  else if (model.type === 'execution-denied')
    body = <JsonBlock text={`Execution denied${model.reason ? `: ${model.reason}` : ''}`} copyLabel="Copy Model" />
  else {
    // Text is never the raw value itself unless the tool returned that very string.
    const text = String(model.value)
    const lines = text.split('\n')
    body = <JsonBlock text={text} changed={lines.map(() => text !== raw)} copyLabel="Copy Model" className="max-h-72" />
  }
  return (
    <ViewPanel title="Model" note="toModelOutput" badges={type}>
      {body}
    </ViewPanel>
  )
}
