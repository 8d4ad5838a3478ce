// "Context" of a run: who calls the tool, the conversation messages, the workflow state, and the chunk size
// input is streamed in. Plain labelled form controls (small JSON here does not need Monaco).
import type { Caller } from '../../shared/protocol.ts'
import type { ContextDraft } from '../runs/startBody.ts'

const CALLERS: Caller[] = ['agent', 'workflow', 'mcp', 'direct']
const field =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-600 dark:bg-zinc-900'

export function ContextFields({
  context,
  onChange,
}: {
  context: ContextDraft
  onChange: (patch: Partial<ContextDraft>) => void
}) {
  return (
    <details className="rounded-md border border-zinc-200 dark:border-zinc-700">
      <summary className="cursor-pointer px-3 py-1.5 text-xs font-semibold text-zinc-700 dark:text-zinc-300">
        Context{' '}
        <span className="font-normal text-zinc-500">
          · caller {context.caller}
          {context.chunkSize ? ` · chunk ${context.chunkSize}` : ''}
        </span>
      </summary>
      <fieldset className="grid gap-2 p-3 sm:grid-cols-2">
        <legend className="sr-only">Context</legend>
        <label className="text-xs">
          Caller
          <select
            className={field}
            value={context.caller}
            onChange={(e) => onChange({ caller: e.target.value as Caller })}
          >
            {CALLERS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs">
          Input chunk size
          <input
            className={field}
            type="number"
            min={1}
            placeholder="16"
            value={context.chunkSize}
            onChange={(e) => onChange({ chunkSize: e.target.value })}
          />
        </label>
        <label className="text-xs sm:col-span-2">
          Messages (JSON array)
          <textarea
            className={field}
            rows={3}
            spellCheck={false}
            placeholder='[{ "role": "user", "content": "…" }]'
            value={context.messages}
            onChange={(e) => onChange({ messages: e.target.value })}
          />
        </label>
        <label className="text-xs sm:col-span-2">
          Workflow state (JSON)
          <textarea
            className={field}
            rows={2}
            spellCheck={false}
            value={context.workflowState}
            onChange={(e) => onChange({ workflowState: e.target.value })}
          />
        </label>
      </fieldset>
    </details>
  )
}
