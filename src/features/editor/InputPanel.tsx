// Region "Input": the tool input editor (schema completion, hover, markers), one-click fills from the tool's
// examples and schema defaults, the request-context editor checked against requestContextSchema, and Context.
import type { ToolDetail } from '../../shared/protocol.ts'
import { Button } from '../../components/ui/Button.tsx'
import { JsonEditor } from './JsonEditor.tsx'
import { ContextFields } from './ContextFields.tsx'
import { valueFromSchema } from './schemaDefaults.ts'
import { modelUri } from './modelUri.ts'
import type { ContextDraft, RunDrafts } from '../runs/startBody.ts'

interface Props {
  tool: ToolDetail
  drafts: RunDrafts
  setInput: (v: string) => void
  setRequestContext: (v: string) => void
  setContext: (patch: Partial<ContextDraft>) => void
  onSubmit: () => void
}

const json = (v: unknown) => JSON.stringify(v ?? {}, null, 2)

export function InputPanel({ tool, drafts, setInput, setRequestContext, setContext, onSubmit }: Props) {
  const examples = tool.inputExamples ?? []
  return (
    <section aria-label="Input" className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">Input</h2>
        {examples.map((ex, i) => (
          <Button key={i} variant="ghost" className="!px-2 !py-1 text-xs" onClick={() => setInput(json(ex.input))}>
            Example {examples.length > 1 ? i + 1 : ''}
          </Button>
        ))}
        {tool.schemas.input && (
          <Button variant="ghost" className="!px-2 !py-1 text-xs" onClick={() => setInput(json(valueFromSchema(tool.schemas.input)))}>
            Defaults
          </Button>
        )}
      </div>
      <JsonEditor path={modelUri('input', tool.id)} label="Tool input JSON" value={drafts.input} onChange={setInput} schema={tool.schemas.input} onSubmit={onSubmit} height={200} />
      <div>
        <h3 className="mb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-300">
          Request context{tool.schemas.requestContext ? '' : ' (no schema)'}
        </h3>
        <JsonEditor
          path={modelUri('request-context', tool.id)}
          label="Request context JSON"
          value={drafts.requestContext}
          onChange={setRequestContext}
          schema={tool.schemas.requestContext}
          onSubmit={onSubmit}
          height={tool.schemas.requestContext ? 90 : 56}
        />
      </div>
      <ContextFields context={drafts.context} onChange={setContext} />
    </section>
  )
}
