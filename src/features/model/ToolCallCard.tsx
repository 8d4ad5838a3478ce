// One tool call of the model: the tool, its arguments as they stream into the run (the run's input deltas, then the
// text the model sent), the run's status with a link to it, whatever the run waits for (approval, resume data, an
// elicitation: the Run tab's own cards, answered through the run's controls, after which the model goes on), and the
// model view that went back to the model.
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/useApi.ts'
import { runQuery } from '../../api/queries.ts'
import { RUN_STATUSES, type RunLifecycleStatus } from '../../runtime/status.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import type { ShownStatus } from '../../components/status/statusPresentation.ts'
import { usePrompts } from './promptsSlot.ts'
import { argumentsText, modelViewShown } from './modelText.ts'
import type { TryCallView } from './tryEvents.ts'

const isRunStatus = (s: string | undefined): s is RunLifecycleStatus =>
  s !== undefined && (RUN_STATUSES as readonly string[]).includes(s)

/** Follows the call's run while the model waits for it: its input deltas, its status and its prompts. */
function LiveRun({
  runId,
  argsText,
  toolId,
  onOpen,
}: {
  runId: string
  argsText: string
  toolId: string
  onOpen: (s: UrlState) => void
}) {
  const api = useApi()
  const run = useQuery(runQuery(api, runId))
  const state = run.data?.state
  const RunPrompts = usePrompts()
  // The run's input text grows with each delta; the model's own text is complete once the call is parsed.
  const streamed = state && state.inputText.length > argsText.length ? state.inputText : argsText
  return (
    <>
      <CallHeader toolId={toolId} runId={runId} status={state?.status} onOpen={onOpen} />
      <Arguments text={streamed} complete={false} />
      {state && RunPrompts && <RunPrompts runId={runId} state={state} />}
    </>
  )
}

function CallHeader({
  toolId,
  runId,
  status,
  onOpen,
}: {
  toolId: string
  runId?: string
  status?: ShownStatus
  onOpen: (s: UrlState) => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h4 className="font-mono text-sm font-semibold">{toolId}</h4>
      {status && <StatusBadge status={status} />}
      {runId && (
        <AppLink
          to={{ tool: toolId, run: runId, tab: 'run' }}
          onOpen={onOpen}
          className="text-xs text-sky-700 underline dark:text-sky-300"
          aria-label={`Open run ${runId} of ${toolId}`}
        >
          Open run
        </AppLink>
      )}
    </div>
  )
}

function Arguments({ text, complete }: { text: string; complete: boolean }) {
  const shown = argumentsText(text)
  return (
    <div className="min-w-0 space-y-1">
      <h5 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">Arguments</h5>
      {text ? (
        <JsonBlock text={shown.text} className="max-h-48" />
      ) : (
        <p className="text-xs text-zinc-500">streaming…</p>
      )}
      {complete && text && !shown.json && (
        <p className="text-xs text-rose-700 dark:text-rose-300">Not valid JSON: shown exactly as the model sent it.</p>
      )}
    </div>
  )
}

function SentBack({ view }: { view: unknown }) {
  const shown = modelViewShown(view)
  return (
    <div className="min-w-0 space-y-1">
      <h5 className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Sent back to the model{shown.note ? ` ${shown.note}` : ''}
      </h5>
      <JsonBlock value={shown.value} text={shown.text} className="max-h-48" />
    </div>
  )
}

interface Props {
  view: TryCallView
  /** The conversation still runs (a call without a result may still get one). */
  live: boolean
  onOpen: (state: UrlState) => void
}

export function ToolCallCard({ view, live, onOpen }: Props) {
  const { call, answered, modelView } = view
  const following = live && !answered && call.runId !== undefined
  return (
    <section
      aria-label={`Tool call ${call.toolId}`}
      className="space-y-2 rounded-md border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-950"
    >
      {following ? (
        <LiveRun runId={call.runId!} argsText={call.argsText} toolId={call.toolId} onOpen={onOpen} />
      ) : (
        <>
          <CallHeader
            toolId={call.toolId}
            runId={call.runId}
            status={isRunStatus(call.status) ? call.status : undefined}
            onOpen={onOpen}
          />
          <Arguments text={call.argsText} complete={answered || !live} />
        </>
      )}
      {call.error && (
        <p
          role="alert"
          aria-label="Call error"
          className="rounded border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
        >
          {call.error}
        </p>
      )}
      {answered && <SentBack view={modelView} />}
    </section>
  )
}
