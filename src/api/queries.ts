// React Query factories: the only place server data enters the UI. Runs are streamed queries whose data is
// the reduced RunState, so live events, replays after a reload and history all go through applyRunEvents.

import { experimental_streamedQuery as streamedQuery, queryOptions, type Query } from '@tanstack/react-query'
import { applyRunEvents, initialRunState, type RunState } from '../shared/runState.ts'
import type { DemoRun, ExportBody, RunEvent } from '../shared/protocol.ts'
import type { ApiClient, RunListQuery } from './client.ts'
import { streamRunEvents, type RunChunk } from './sse.ts'
import type { FrameProblem } from './runFrames.ts'

/** Query keys, shared by queries and invalidations. */
export const keys = {
  catalog: ['catalog'] as const,
  tool: (id: string) => ['tool', id] as const,
  runs: ['runs'] as const,
  runList: (query: RunListQuery) => ['runs', query] as const,
  run: (runId: string) => ['run', runId] as const,
  /** Every scenario list (hot reload invalidates them all: "no longer fits" may change). */
  scenariosAll: ['scenarios'] as const,
  scenarios: (toolId: string) => ['scenarios', toolId] as const,
  exported: (body: ExportBody) => ['export', body.format, body.runId ?? body.scenario, body.expect] as const,
  suggestion: (runId: string) => ['suggested-expectation', runId] as const,
  cassettes: (toolId: string) => ['cassettes', toolId] as const,
  providers: (toolId: string, catalogVersion: number) => ['providers', toolId, catalogVersion] as const,
  runDetail: (runId: string) => ['run-detail', runId] as const,
  runTokens: (runId: string, phases: string) => ['run-tokens', runId, phases] as const,
  recordedRun: (runId: string) => ['recorded-run', runId] as const,
  fuzzJob: (jobId: string) => ['fuzz-job', jobId] as const,
  models: ['models'] as const,
  trySession: (tryId: string) => ['try', tryId] as const,
  evals: ['evals'] as const,
  evalJob: (jobId: string) => ['eval-job', jobId] as const,
}

/** A finished run whole, for playback: from a demo's file, or its detail and every event read from the server. */
export const recordedRunQuery = (api: ApiClient, runId: string) =>
  queryOptions({
    queryKey: keys.recordedRun(runId),
    staleTime: Infinity,
    queryFn: async ({ signal }): Promise<DemoRun> => {
      if (api.recordedRun) return api.recordedRun(runId, signal)
      const detail = await api.run(runId, signal)
      const events: RunEvent[] = []
      for await (const chunk of streamRunEvents(api, runId, signal)) events.push(...chunk.events)
      return { detail, events }
    },
  })

/** A tool's cassette names (the Replay picker). */
export const cassettesQuery = (api: ApiClient, toolId: string) =>
  queryOptions({ queryKey: keys.cassettes(toolId), queryFn: ({ signal }) => api.cassettes(toolId, signal) })

/** What each provider gets of a tool, per catalog version (a hot reload makes a new report). */
export const providersQuery = (api: ApiClient, toolId: string, catalogVersion: number) =>
  queryOptions({
    queryKey: keys.providers(toolId, catalogVersion),
    queryFn: ({ signal }) => api.providers(toolId, signal),
    staleTime: Infinity,
  })

/** What a run's views cost in tokens, once per set of phases with views (`phases` is their key, e.g. "input,output"). */
export const runTokensQuery = (api: ApiClient, runId: string, phases: string) =>
  queryOptions({
    queryKey: keys.runTokens(runId, phases),
    queryFn: ({ signal }) => api.runTokens(runId, signal),
    staleTime: Infinity,
  })

/** A run's summary and request (what it was started with: its network mode, for one). */
export const runDetailQuery = (api: ApiClient, runId: string) =>
  queryOptions({
    queryKey: keys.runDetail(runId),
    queryFn: ({ signal }) => api.run(runId, signal),
    staleTime: Infinity,
  })

export const catalogQuery = (api: ApiClient) =>
  queryOptions({ queryKey: keys.catalog, queryFn: ({ signal }) => api.catalog(signal) })

export const toolQuery = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: keys.tool(id), queryFn: ({ signal }) => api.tool(id, signal) })

/** A page of history summaries; invalidating `keys.runs` refreshes every filter. */
export const runsQuery = (api: ApiClient, query: RunListQuery = {}) =>
  queryOptions({ queryKey: keys.runList(query), queryFn: ({ signal }) => api.runs(query, signal) })

export const scenariosQuery = (api: ApiClient, toolId: string) =>
  queryOptions({ queryKey: keys.scenarios(toolId), queryFn: ({ signal }) => api.scenarios(toolId, signal) })

/** Test source of a run or a scenario; re-fetched each time it is shown, as the scenario file may have changed. */
export const exportQuery = (api: ApiClient, body: ExportBody) =>
  queryOptions({
    queryKey: keys.exported(body),
    queryFn: () => api.exportTest(body),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  })

/** The expectation a finished run suggests (matchers where runs of the same call differ); asked anew each time it is shown. */
export const suggestionQuery = (api: ApiClient, runId: string) =>
  queryOptions({
    queryKey: keys.suggestion(runId),
    queryFn: () => api.suggestExpectation(runId, {}),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  })

/** How often a fuzz job is polled while it fuzzes. */
export const FUZZ_POLL_MS = 300

/** A fuzz job, polled every FUZZ_POLL_MS until it ends (done, failed or cancelled). */
export const fuzzJobQuery = (api: ApiClient, jobId: string) =>
  queryOptions({
    queryKey: keys.fuzzJob(jobId),
    queryFn: ({ signal }) => api.fuzzJob(jobId, signal),
    // A job the server no longer knows (restarted, or past the last 20) answers 404: polling stops there.
    refetchInterval: (query) =>
      !query.state.error && (query.state.data?.phase ?? 'fuzzing') === 'fuzzing' ? FUZZ_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
    refetchOnWindowFocus: false,
  })

/** The model providers and whether each has a key (asked again on focus: a key may be set and the server restarted). */
export const modelsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: keys.models, queryFn: ({ signal }) => api.models(signal) })

/** The project's eval files. */
export const evalsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: keys.evals, queryFn: ({ signal }) => api.evals(signal) })

/** How often an eval job is polled while it evaluates. */
export const EVAL_POLL_MS = 500

/** An eval job, polled every EVAL_POLL_MS until it ends (done, failed or cancelled). */
export const evalJobQuery = (api: ApiClient, jobId: string) =>
  queryOptions({
    queryKey: keys.evalJob(jobId),
    queryFn: ({ signal }) => api.evalJob(jobId, signal),
    // A job the server no longer knows answers 404: polling stops there.
    refetchInterval: (query) =>
      !query.state.error && (query.state.data?.phase ?? 'evaluating') === 'evaluating' ? EVAL_POLL_MS : false,
    refetchIntervalInBackground: true,
    retry: false,
    refetchOnWindowFocus: false,
  })

/** A run as the playground holds it: the reduced events, and the frames that failed the protocol. */
export interface LiveRun {
  state: RunState
  problems: FrameProblem[]
}

const emptyRun: LiveRun = { state: initialRunState, problems: [] }

/** Folds one stream chunk into the live run; problems are kept so the run view can name them. */
export function applyRunChunk(run: LiveRun, chunk: RunChunk): LiveRun {
  return {
    state: chunk.events.length ? applyRunEvents(run.state, chunk.events) : run.state,
    problems: chunk.problems.length ? [...run.problems, ...chunk.problems] : run.problems,
  }
}

/** True when a run's stream stopped (its last observer left) before the run finished: it must be followed again. */
function streamStopped(query: Query<LiveRun, Error, LiveRun, ReturnType<typeof keys.run>>): 'always' | false {
  const data = query.state.data
  return query.state.fetchStatus === 'idle' && data !== undefined && !data.state.finished ? 'always' : false
}

/**
 * A run's stream as a query. Leaving the run view cancels the stream but keeps what it reduced; coming back to a run
 * that has not finished (from History, from another run) follows it again from the last event it holds, so it goes
 * on updating like a new run.
 */
export const runQuery = (api: ApiClient, runId: string) =>
  queryOptions({
    queryKey: keys.run(runId),
    queryFn: streamedQuery({
      streamFn: ({ signal, client, queryKey }) =>
        streamRunEvents(api, runId, signal, client.getQueryData<LiveRun>(queryKey)?.state.lastSeq ?? -1),
      reducer: applyRunChunk,
      initialValue: emptyRun,
      refetchMode: 'append',
    }),
    // The stream reconnects by itself: a finished run is never fetched again, an unfinished one whose stream stopped is.
    staleTime: Infinity,
    refetchOnMount: streamStopped,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
