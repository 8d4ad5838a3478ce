// The playground of one tool: on the left the run bar (controls, then whatever the run waits for, its outcome and
// actions) above the input, on the right the results (Compare, then Events), in resizable panes whose split is
// remembered; narrow screens stack them. The open run comes from the URL (?run=…), its state from the event stream.
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ToolDetail } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { initialRunState } from '../../shared/runState.ts'
import { IDLE, Status } from '../../runtime/status.ts'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery, keys, runDetailQuery, runQuery, runTokensQuery } from '../../api/queries.ts'
import { InputPanel } from '../editor/InputPanel.tsx'
import { ComparePanels } from '../compare/ComparePanels.tsx'
import { EventsPanel } from '../events/EventsPanel.tsx'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx'
import { SplitPane } from '../../components/ui/SplitPane.tsx'
import { useSetting } from '../../hooks/useSetting.ts'
import { buildStartBody } from './startBody.ts'
import { useDrafts } from './useDrafts.ts'
import { useRunCommand } from './useRunCommand.ts'
import { useStartRun } from './useStartRun.ts'
import { WaitingRunDialog } from './WaitingRunDialog.tsx'
import { RunControls } from './RunControls.tsx'
import { RunPrompts } from './RunPrompts.tsx'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'
import { StreamProblems } from './StreamProblems.tsx'
import { RunActions } from '../scenarios/RunActions.tsx'
import { NetworkSettings } from '../network/NetworkSettings.tsx'
import { defaultNetworkDraft } from './startBody.ts'
import { RunLineage } from '../history/RunLineage.tsx'
import { isRerunPoint } from '../rerun/rerunPoints.ts'
import { useDiffWhenRerunEnds } from '../rerun/useDiffWhenRerunEnds.ts'

// Its own chunk: most runs make no request, and the initial JavaScript stays within its budget.
const NetworkPanel = lazy(() => import('../network/NetworkPanel.tsx'))
const RerunForm = lazy(() => import('../rerun/RerunForm.tsx'))

/** Default width of the input pane, in percent. */
const DEFAULT_SPLIT = 40

interface Props {
  tool: ToolDetail
  runId?: string
  onRunStarted: (runId: string) => void
  onOpenScenarios: () => void
  /** Opens another view (the original of a rerun, a diff). */
  onNavigate: (state: UrlState) => void
}

export function RunWorkspace({ tool, runId, onRunStarted, onOpenScenarios, onNavigate }: Props) {
  const api = useApi()
  const qc = useQueryClient()
  const { drafts, setInput, setRequestContext, setContext, setNetwork } = useDrafts(tool)
  const run = useQuery({ ...runQuery(api, runId ?? ''), enabled: !!runId })
  const state = (runId && run.data?.state) || initialRunState
  // What the run was started with (a recorded run offers to save its cassette); asked again each second while the run
  // is queued and has no event yet, for its place in the queue.
  const detail = useQuery({
    ...runDetailQuery(api, runId ?? ''),
    enabled: !!runId,
    refetchInterval: (q) => (state.status === IDLE && q.state.data?.status === Status.queued ? 1000 : false),
  })
  const queuePosition =
    state.status === IDLE && detail.data?.status === Status.queued ? (detail.data.queuePosition ?? 0) : undefined
  // The exchange the Events timeline asked to show; a new object each time, so asking again shows it again.
  const [networkFocus, setNetworkFocus] = useState<{ requestId: string }>()
  // Token counts of the views, asked for once the run stops producing them (finished or waiting for an answer).
  const phasesKey = state.phases.length ? `${state.phases.join(',')}${state.finished ? ':final' : ''}` : ''
  const tokens = useQuery({
    ...runTokensQuery(api, runId ?? '', phasesKey),
    enabled: !!runId && phasesKey !== '' && state.status !== Status.running,
  })
  const starter = useStartRun(runId, state, onRunStarted)
  const start = starter.start
  const command = useRunCommand(runId)
  const timeoutMs = useQuery(catalogQuery(api)).data?.timeoutMs
  const check = buildStartBody(tool.id, drafts, false)
  const [storedSplit, setSplit] = useSetting('runPanes.split', String(DEFAULT_SPLIT))
  const split = Number(storedSplit) || DEFAULT_SPLIT
  useDiffWhenRerunEnds({ runId, toolId: tool.id, rerunOf: detail.data?.rerunOf, finished: state.finished }, onNavigate)

  const go = (stepping: boolean) => {
    const r = buildStartBody(tool.id, drafts, stepping)
    if (r.ok) starter.request(r.body)
  }
  const goRef = useRef(go)
  useEffect(() => {
    goRef.current = go
  })
  // Ctrl/Cmd+Enter anywhere on the page runs (inside Monaco the editor's own action handles it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented) return
      if ((e.target as HTMLElement | null)?.closest?.('.monaco-editor')) return
      e.preventDefault()
      goRef.current(false)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  useEffect(() => {
    if (!state.finished) return
    void qc.invalidateQueries({ queryKey: keys.runs })
    // A run recorded under a name added a cassette to the Replay list.
    void qc.invalidateQueries({ queryKey: keys.cassettes(tool.id) })
  }, [state.finished, qc, tool.id])

  return (
    <SplitPane
      label="Resize input and results"
      firstId="run-input-pane"
      size={split}
      onSize={(v) => setSplit(String(v))}
      min={25}
      max={70}
      first={
        // The run bar comes first, so a prompt that waits for a person (and Continue) is on screen the moment it
        // appears, even on a 720 px high laptop; it is only inserted (nothing is moved or remounted), so focus stays put.
        <div className="space-y-3 p-4">
          {runId && detail.data && <RunLineage run={detail.data} onOpen={onNavigate} />}
          <RunControls
            state={state}
            hasRun={!!runId}
            disabledReason={check.ok ? undefined : check.reason}
            starting={starter.busy}
            timeoutMs={timeoutMs}
            queuePosition={queuePosition}
            onRun={() => go(false)}
            onStep={() => go(true)}
            onContinue={() => command.mutate({ type: 'continue' })}
            onAbort={() => command.mutate({ type: 'abort', reason: 'Aborted from the playground' })}
          />
          <ApiErrorMessage error={start.error ?? command.error ?? (run.isError ? run.error : null)} />
          {starter.held && (
            <WaitingRunDialog
              status={state.status}
              busy={starter.busy}
              error={starter.abandonError}
              onAbandon={starter.abandonAndRun}
              onKeep={starter.keep}
              onCancel={starter.cancel}
            />
          )}
          {runId && <StreamProblems problems={run.data?.problems ?? []} />}
          {runId && <RunPrompts runId={runId} state={state} />}
          {runId && state.toolId === tool.id && (
            <RunActions key={runId} runId={runId} toolId={tool.id} state={state} onOpenScenarios={onOpenScenarios} />
          )}
          <ErrorBoundary what="the input editors" resetKey={tool.id}>
            <InputPanel
              tool={tool}
              drafts={drafts}
              setInput={setInput}
              setRequestContext={setRequestContext}
              setContext={setContext}
              onSubmit={() => goRef.current(false)}
            />
          </ErrorBoundary>
          <ErrorBoundary what="the network settings" resetKey={tool.id}>
            <NetworkSettings
              toolId={tool.id}
              draft={drafts.network ?? defaultNetworkDraft}
              onChange={setNetwork}
              onSubmit={() => goRef.current(false)}
            />
          </ErrorBoundary>
        </div>
      }
      second={
        <div className="space-y-4 p-4">
          <ErrorBoundary what="the comparison" resetKey={runId}>
            <ComparePanels key={runId} state={state} tokens={tokens.data} />
          </ErrorBoundary>
          {runId && (
            <ErrorBoundary what="the network view" resetKey={runId}>
              <Suspense fallback={null}>
                <NetworkPanel
                  key={runId}
                  runId={runId}
                  toolId={tool.id}
                  state={state}
                  recorded={detail.data?.request.network === 'record'}
                  focus={networkFocus}
                  onUseAsMocks={(mocks) => setNetwork({ mode: 'mock', mocks })}
                />
              </Suspense>
            </ErrorBoundary>
          )}
          <ErrorBoundary what="the events" resetKey={runId}>
            <EventsPanel
              key={runId}
              state={state}
              onOpenExchange={(requestId) => setNetworkFocus({ requestId })}
              selectedActions={(e) =>
                runId &&
                state.finished &&
                isRerunPoint(e) && (
                  <Suspense fallback={null}>
                    <RerunForm key={e.seq} runId={runId} events={state.events} point={e} onStarted={onRunStarted} />
                  </Suspense>
                )
              }
            />
          </ErrorBoundary>
        </div>
      }
    />
  )
}
