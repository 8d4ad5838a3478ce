// Region "Input": the tool input editor (schema completion, hover, markers), one-click fills from the tool's
// examples and schema defaults, the request-context editor checked against requestContextSchema, and Context.
import { useState } from 'react'
import type { ToolDetail } from '../../shared/protocol.ts'
import { Button } from '../../components/ui/Button.tsx'
import { JsonEditor } from './JsonEditor.tsx'
import { ContextFields } from './ContextFields.tsx'
import { defaultsFromSchema } from './schemaDefaults.ts'
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
  // Problems of the last Defaults fill, for this tool only (a new tool starts without a message).
  const [unmet, setUnmet] = useState<{ toolId: string; problems: string[] } | null>(null)
  const fillDefaults = () => {
    const { value, problems } = defaultsFromSchema(tool.schemas.input)
    setInput(json(value))
    setUnmet(problems.length ? { toolId: tool.id, problems } : null)
  }
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
          <Button variant="ghost" className="!px-2 !py-1 text-xs" onClick={fillDefaults}>
            Defaults
          </Button>
        )}
      </div>
      {unmet?.toolId === tool.id && (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">Defaults could not satisfy the input schema; edit these before running:</p>
          <ul className="ml-4 list-disc">
            {unmet.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <JsonEditor
        path={modelUri('input', tool.id)}
        label="Tool input JSON"
        value={drafts.input}
        onChange={setInput}
        schema={tool.schemas.input}
        onSubmit={onSubmit}
        height={200}
      />
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
