// MCP elicitation request: a form generated from the flat requestedSchema (strings, numbers, booleans, single and
// multiple choices: ElicitationFields.tsx), answered with Accept (and the content), Decline or Cancel; a URL-mode
// request asks to open a page instead (UrlElicitation.tsx).
import { useState, type FormEvent } from 'react'
import type { RunState } from '../../shared/runState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useRunCommand } from './useRunCommand.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'
import { UrlElicitation } from './UrlElicitation.tsx'
import { ElicitationField, type ElicitationProp } from './ElicitationFields.tsx'

type Elicitation = NonNullable<RunState['elicitation']>

export function ElicitationForm({ runId, elicitation }: { runId: string; elicitation: Elicitation }) {
  return elicitation.request.mode === 'url' ? (
    <UrlElicitation runId={runId} elicitation={elicitation} />
  ) : (
    <FieldsForm runId={runId} elicitation={elicitation} />
  )
}

/** The form mode: a field per property of the requested schema. */
function FieldsForm({ runId, elicitation }: { runId: string; elicitation: Elicitation }) {
  const schema = elicitation.request.requestedSchema as {
    properties?: Record<string, ElicitationProp>
    required?: string[]
  }
  const props = Object.entries(schema.properties ?? {})
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(props.flatMap(([k, p]) => (p.default !== undefined ? [[k, p.default]] : []))),
  )
  const command = useRunCommand(runId)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    command.mutate({ type: 'respond', action: 'accept', content: values })
  }
  const set = (k: string, v: unknown) =>
    setValues((old) => {
      const { [k]: _old, ...rest } = old
      return v === undefined ? rest : { ...rest, [k]: v }
    })
  return (
    <form
      aria-label="Elicitation"
      onSubmit={submit}
      className="space-y-2 rounded-lg border border-violet-300 bg-violet-50 p-3 dark:border-violet-700 dark:bg-violet-950/40"
    >
      <h2 className="text-sm font-semibold text-violet-900 dark:text-violet-100">
        The tool asks: {elicitation.request.message}
      </h2>
      {props.map(([key, p]) => (
        <ElicitationField
          key={key}
          name={key}
          prop={p}
          required={schema.required?.includes(key) ?? false}
          value={values[key]}
          onChange={(v) => set(key, v)}
        />
      ))}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={command.isPending}>
          Accept
        </Button>
        <Button onClick={() => command.mutate({ type: 'respond', action: 'decline' })}>Decline</Button>
        <Button variant="ghost" onClick={() => command.mutate({ type: 'respond', action: 'cancel' })}>
          Cancel
        </Button>
      </div>
      <ApiErrorMessage error={command.error} />
    </form>
  )
}
