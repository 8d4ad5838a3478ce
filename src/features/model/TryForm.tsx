// The Model tab's form: the prompt (Ctrl/Cmd+Enter sends it), the provider, model and base URL, the tools offered and
// the step limit, then Try (or Cancel while the model talks). A native form: every field has a label, Enter in a
// one-line field submits, and a problem is named next to the field it belongs to.
import { useId, type FormEvent, type KeyboardEvent } from 'react'
import type { ModelsInfo } from '../../shared/protocol.ts'
import { MAX_MODEL_STEPS } from '../../shared/protocol.ts'
import { Button } from '../../components/ui/Button.tsx'
import { FIELD, ProviderFields } from './ProviderFields.tsx'
import { ToolOfferPicker } from './ToolOfferPicker.tsx'
import { draftToTryBody, type TryDraft } from './tryDraft.ts'

interface Props {
  toolId: string
  models: ModelsInfo | undefined
  draft: TryDraft
  onDraft: (draft: TryDraft) => void
  onTry: () => void
  onCancel: () => void
  /** The model is talking (Try is busy, Cancel is offered). */
  talking: boolean
  starting: boolean
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function TryForm({ toolId, models, draft, onDraft, onTry, onCancel, talking, starting }: Props) {
  const id = useId()
  const checked = draftToTryBody(draft, toolId)
  const problem = checked.ok ? undefined : checked
  // A problem is named once the person has something to fix: an empty prompt on a fresh form is not an error yet.
  const shown = problem && !(problem.field === 'prompt' && !draft.prompt) ? problem : undefined
  const send = () => {
    if (checked.ok && !talking && !starting) onTry()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send()
  }
  const onPromptKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      send()
    }
  }
  const describedBy = shown ? `${id}-problem` : undefined
  return (
    <form aria-label="Model settings" noValidate onSubmit={submit} className="space-y-3">
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1 text-xs font-medium">
          Prompt
          <textarea
            value={draft.prompt}
            onChange={(e) => onDraft({ ...draft, prompt: e.target.value })}
            onKeyDown={onPromptKey}
            rows={4}
            placeholder="What the user asks the model, e.g. “Delete the repository acme/old-site”"
            className="min-h-20 resize-y rounded-md border border-zinc-300 bg-white p-2 text-sm font-normal dark:border-zinc-600 dark:bg-zinc-900"
            aria-invalid={shown?.field === 'prompt'}
            aria-describedby={`${id}-send-hint${shown?.field === 'prompt' ? ` ${id}-problem` : ''}`}
          />
        </label>
        <span id={`${id}-send-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {isMac ? '⌘' : 'Ctrl'}+Enter to send
        </span>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <ProviderFields
          models={models}
          provider={draft.provider}
          model={draft.model}
          baseURL={draft.baseURL}
          onChange={(m) => onDraft({ ...draft, ...m })}
          invalid={shown?.field === 'model' || shown?.field === 'baseURL' ? shown.field : undefined}
          describedBy={describedBy}
          besideModel={
            <label className="flex flex-col gap-1 text-xs font-medium">
              Max steps
              <input
                type="number"
                min={1}
                max={MAX_MODEL_STEPS}
                step={1}
                value={draft.maxSteps}
                onChange={(e) => onDraft({ ...draft, maxSteps: e.target.value })}
                className={`${FIELD} w-24`}
                aria-invalid={shown?.field === 'maxSteps'}
                aria-describedby={shown?.field === 'maxSteps' ? describedBy : undefined}
              />
            </label>
          }
        />
      </div>
      <ToolOfferPicker
        toolId={toolId}
        offer={draft.offer}
        chosen={draft.chosen}
        onChange={(o) => onDraft({ ...draft, ...o })}
        invalid={shown?.field === 'chosen'}
        describedBy={describedBy}
      />
      {shown && (
        <p id={`${id}-problem`} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {shown.problem}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Button type="submit" variant="primary" disabled={!checked.ok || talking || starting}>
          {starting ? 'Starting…' : talking ? 'Talking…' : 'Try'}
        </Button>
        {talking && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  )
}
