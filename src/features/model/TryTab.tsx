// The Model tab of a tool: try the tool with a real model. Try posts the conversation (POST /api/try) and
// follows its event stream; each tool call the model makes is a real run, whose prompts are answered here as on the
// Run tab. The form is remembered for the project, the open conversation for the browser tab (tryDraft.ts).
import { useEffect, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { keys, modelsQuery } from '../../api/queries.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { readSetting } from '../../hooks/useSetting.ts'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { TryForm } from './TryForm.tsx'
import { TryConversation } from './TryConversation.tsx'
import { tryQuery } from './tryStream.ts'
import { initialTryView } from './tryEvents.ts'
import { PromptsSlot, type PromptsComponent } from './promptsSlot.ts'
import {
  draftToTryBody,
  initialTryDraft,
  parseStoredDraft,
  rememberTry,
  rememberTryDraft,
  rememberedTry,
  type OpenTry,
  type TryDraft,
} from './tryDraft.ts'

interface Props {
  toolId: string
  onNavigate: (state: UrlState) => void
  /** The Run tab's prompt cards, for the runs of the model's calls (promptsSlot.ts says why they are passed in). */
  prompts: PromptsComponent
}

export default function TryTab({ toolId, onNavigate, prompts }: Props) {
  const api = useApi()
  const qc = useQueryClient()
  const models = useQuery(modelsQuery(api))
  // Until the person types, the form follows the server's default model (it arrives after the first render).
  const [typed, setTyped] = useState<TryDraft | undefined>(() => parseStoredDraft(readSetting('model:try')))
  const draft = typed ?? initialTryDraft(models.data, null)
  const setDraft = (next: TryDraft) => {
    setTyped(next)
    rememberTryDraft(next)
  }
  const [open, setOpen] = useState<OpenTry | undefined>(() => rememberedTry(toolId))
  useEffect(() => rememberTry(toolId, open), [toolId, open])

  const start = useMutation({
    mutationFn: async () => {
      const checked = draftToTryBody(draft, toolId)
      if (!checked.ok) throw new Error(checked.problem)
      const { tryId } = await api.startTry(checked.body)
      return { tryId, prompt: checked.body.prompt }
    },
    onSuccess: (started) => setOpen(started),
  })
  const conversation = useQuery({ ...tryQuery(api, open?.tryId ?? ''), enabled: !!open })
  const view = conversation.data
  const talking = !!open && !conversation.isError && view?.end === undefined
  const cancel = useMutation({ mutationFn: (tryId: string) => api.cancelTry(tryId) })
  const ended = view?.end !== undefined
  useEffect(() => {
    // The conversation's runs are in history now.
    if (ended) void qc.invalidateQueries({ queryKey: keys.runs })
  }, [ended, qc])

  return (
    <PromptsSlot.Provider value={prompts}>
      <section aria-label="Try with a model" className="@container p-4">
        <div className="grid gap-4 @3xl:grid-cols-[minmax(20rem,26rem)_minmax(0,1fr)]">
          <div className="space-y-3">
            <div className="space-y-1">
              <h2 className="text-sm font-semibold">Try with a model</h2>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                The model gets the tools as the Providers panel shows them; each call it makes is a real run (kept in
                History), and what the tool returns for the model goes back to it. Keys stay on the server.
              </p>
            </div>
            <ApiErrorMessage error={models.error} />
            <TryForm
              toolId={toolId}
              models={models.data}
              draft={draft}
              onDraft={setDraft}
              onTry={() => start.mutate()}
              onCancel={() => open && cancel.mutate(open.tryId)}
              talking={talking}
              starting={start.isPending}
            />
            <ApiErrorMessage error={start.error ?? cancel.error} />
          </div>
          <div aria-label="Conversation" role="region" className="min-w-0 space-y-3">
            {!open && (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                The conversation appears here: each step’s text, tool calls with their runs, and tokens.
              </p>
            )}
            {open && <ApiErrorMessage error={conversation.error} />}
            {open && !conversation.isError && (
              <TryConversation view={view ?? initialTryView} prompt={open.prompt} onOpen={onNavigate} />
            )}
          </div>
        </div>
      </section>
    </PromptsSlot.Provider>
  )
}
