// MCP elicitation request: a form generated from the flat requestedSchema (strings, numbers, booleans, enums),
// answered with Accept (and the content), Decline or Cancel.
import { useState, type FormEvent } from 'react'
import type { RunState } from '../../shared/runState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useRunCommand } from './useRunCommand.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'

type Prop = { type?: string; title?: string; description?: string; enum?: unknown[]; default?: unknown }
const input = 'block w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900'

export function ElicitationForm({ runId, elicitation }: { runId: string; elicitation: NonNullable<RunState['elicitation']> }) {
  const schema = elicitation.request.requestedSchema as { properties?: Record<string, Prop>; required?: string[] }
  const props = Object.entries(schema.properties ?? {})
  const [values, setValues] = useState<Record<string, unknown>>(() => Object.fromEntries(props.flatMap(([k, p]) => (p.default !== undefined ? [[k, p.default]] : []))))
  const command = useRunCommand(runId)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    command.mutate({ type: 'respond', action: 'accept', content: values })
  }
  const set = (k: string, v: unknown) => setValues((old) => ({ ...old, [k]: v }))
  return (
    <form aria-label="Elicitation" onSubmit={submit} className="space-y-2 rounded-lg border border-violet-300 bg-violet-50 p-3 dark:border-violet-700 dark:bg-violet-950/40">
      <h2 className="text-sm font-semibold text-violet-900 dark:text-violet-100">The tool asks: {elicitation.request.message}</h2>
      {props.map(([key, p]) => {
        const label = p.title ?? key
        const required = schema.required?.includes(key)
        if (p.type === 'boolean')
          return (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={values[key] === true} onChange={(e) => set(key, e.target.checked)} />
              {label}
            </label>
          )
        return (
          <label key={key} className="block text-xs">
            {label}
            {required ? ' *' : ''}
            {Array.isArray(p.enum) ? (
              <select className={input} required={required} value={String(values[key] ?? '')} onChange={(e) => set(key, e.target.value)}>
                <option value="">—</option>
                {p.enum.map((o) => (
                  <option key={String(o)} value={String(o)}>
                    {String(o)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                className={input}
                required={required}
                type={p.type === 'number' || p.type === 'integer' ? 'number' : 'text'}
                value={String(values[key] ?? '')}
                onChange={(e) => set(key, p.type === 'number' || p.type === 'integer' ? Number(e.target.value) : e.target.value)}
              />
            )}
            {p.description && <span className="text-zinc-500">{p.description}</span>}
          </label>
        )
      })}
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
