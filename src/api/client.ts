// Typed HTTP client of the Toolscope API. Every response is parsed with the protocol schemas, so a server/UI
// mismatch surfaces as a clear error instead of a blank panel. UI code talks to the `ApiClient` interface
// (a fake implements it in tests and benches).

import { z } from 'zod'
import {
  ApiError,
  CassetteList,
  Catalog,
  EvalJob,
  EvalList,
  ModelsInfo,
  TryStarted,
  type EvalRunBody,
  FuzzJob,
  FuzzStarted,
  type TryBody,
  ExportResponse,
  SuggestedExpectation,
  ImportRunResponse,
  ProviderReport,
  RunTokens,
  type DemoRun,
  type ErrorCode,
  ReplayAllResponse,
  ReplayReport,
  RunDetail,
  RunPage,
  SaveCassetteResponse,
  ScenarioEntry,
  ScenarioList,
  StartRunResponse,
  ToolDetail,
  type ExportBody,
  type FuzzBody,
  type SuggestExpectationBody,
  type RerunBody,
  type RunControl,
  type SaveCassetteBody,
  type SaveScenarioBody,
  type StartRunBody,
} from '../shared/protocol.ts'

/** A non-2xx answer, with the server's ApiError body when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number
  readonly body?: ApiError
  constructor(status: number, body: ApiError | undefined, fallback: string) {
    super(body?.error ?? fallback)
    this.name = 'ApiRequestError'
    this.status = status
    this.body = body
  }

  /** The server's error code (branch on this, never on the message). */
  get code(): ErrorCode | undefined {
    return this.body?.code
  }
}

/** Filters and paging of the history list. */
export interface RunListQuery {
  tool?: string
  status?: string
  cursor?: string
  limit?: number
}

/** What the UI needs from the server. */
export interface ApiClient {
  readonly token?: string
  /** True for a static demo (`toolscope build`): recorded runs only, nothing can be started or changed. */
  readonly recorded?: boolean
  /** A recorded run whole (its detail and every event), where the source serves it in one piece (a static demo). */
  recordedRun?(runId: string, signal?: AbortSignal): Promise<DemoRun>
  catalog(signal?: AbortSignal): Promise<Catalog>
  tool(id: string, signal?: AbortSignal): Promise<ToolDetail>
  /** History summaries, newest first (never event logs); pass `nextCursor` as `cursor` for the next page. */
  runs(query?: RunListQuery, signal?: AbortSignal): Promise<RunPage>
  /** One run's summary and request, without events. */
  run(runId: string, signal?: AbortSignal): Promise<RunDetail>
  startRun(body: StartRunBody): Promise<{ runId: string }>
  /** Steers a live run; a refusal rejects with an ApiRequestError whose body carries the error `code`. */
  control(runId: string, control: RunControl): Promise<void>
  /** A tool's scenarios, with files that failed to load and "no longer fits" reasons. */
  scenarios(toolId: string, signal?: AbortSignal): Promise<ScenarioList>
  saveScenario(body: SaveScenarioBody): Promise<ScenarioEntry>
  deleteScenario(toolId: string, name: string): Promise<void>
  replayScenario(toolId: string, name: string): Promise<ReplayReport>
  replayAll(toolId: string): Promise<ReplayAllResponse>
  /** A finished run or a stored scenario as a Vitest or Playwright test file. */
  exportTest(body: ExportBody): Promise<ExportResponse>
  /** The expectation a finished run suggests: its result, matched by kind where a second run of the call differs. */
  suggestExpectation(runId: string, body: SuggestExpectationBody): Promise<SuggestedExpectation>
  /** What each model provider gets of a tool, what it finds, and the lint findings. */
  providers(toolId: string, signal?: AbortSignal): Promise<ProviderReport>
  /** What each view of a run costs in tokens per provider, and the model-view size findings. */
  runTokens(runId: string, signal?: AbortSignal): Promise<RunTokens>
  /** The names of a tool's cassettes. */
  cassettes(toolId: string, signal?: AbortSignal): Promise<CassetteList>
  /** Saves a recorded run's cassette under `name`. */
  saveCassette(runId: string, body: SaveCassetteBody): Promise<SaveCassetteResponse>
  /** A finished run as its export file: the text to save and the file name the server suggests. */
  exportRun(runId: string): Promise<{ filename: string; text: string }>
  /** Stores a run export file's text in history; answers with the id the imported run got. */
  importRun(fileText: string): Promise<ImportRunResponse>
  /** Starts a new run of a finished run, answered as before up to the prompt `atEvent`, which gets `control`. */
  rerun(runId: string, body: RerunBody): Promise<{ runId: string }>
  /** Starts fuzzing a tool in the background (its runs go to history); poll the job with fuzzJob(). */
  startFuzz(toolId: string, body: FuzzBody): Promise<FuzzStarted>
  /** A fuzz job's progress, then its report. */
  fuzzJob(jobId: string, signal?: AbortSignal): Promise<FuzzJob>
  cancelFuzz(jobId: string): Promise<FuzzJob>
  /** The model providers: whether each has its key set (never the key), and the model the server was started with. */
  models(signal?: AbortSignal): Promise<ModelsInfo>
  /** Starts a conversation with a model; follow it with openStream(`/api/try/:id/events`). */
  startTry(body: TryBody): Promise<TryStarted>
  /** A conversation so far. */
  cancelTry(tryId: string): Promise<void>
  /** The eval files of the project (and the ones that could not be read). */
  evals(signal?: AbortSignal): Promise<EvalList>
  /** Starts an eval job in the background; poll it with evalJob(). */
  runEvals(body: EvalRunBody): Promise<{ jobId: string }>
  evalJob(jobId: string, signal?: AbortSignal): Promise<EvalJob>
  cancelEvals(jobId: string): Promise<EvalJob>
  /** Opens a streaming GET (SSE); the caller reads the body. */
  openStream(path: string, init: { signal?: AbortSignal; lastEventId?: string }): Promise<Response>
}

/** Client over fetch, with `Authorization: Bearer <token>` on every call. */

export function createHttpClient(options: { baseUrl?: string; token?: string } = {}): ApiClient {
  const base = options.baseUrl ?? ''
  const headers = (extra?: Record<string, string>): Record<string, string> => ({
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    ...extra,
  })

  /** The response and its body text; a non-2xx answer throws an ApiRequestError. */
  async function fetchText(path: string, init: RequestInit = {}): Promise<{ res: Response; text: string }> {
    const res = await fetch(base + path, {
      ...init,
      headers: headers(init.body ? { 'Content-Type': 'application/json' } : undefined),
    })
    const text = await res.text()
    if (!res.ok) {
      const parsed = ApiError.safeParse(text ? safeJson(text) : undefined)
      throw new ApiRequestError(
        res.status,
        parsed.success ? parsed.data : undefined,
        `${res.status} ${res.statusText || 'request failed'}`,
      )
    }
    return { res, text }
  }

  async function request<T>(schema: z.ZodType<T>, path: string, init: RequestInit = {}): Promise<T> {
    const { text } = await fetchText(path, init)
    return schema.parse(text ? safeJson(text) : undefined)
  }

  return {
    token: options.token,
    catalog: (signal) => request(Catalog, '/api/tools', { signal }),
    tool: (id, signal) => request(ToolDetail, `/api/tools/${encodeURIComponent(id)}`, { signal }),
    runs: (query = {}, signal) => request(RunPage, `/api/runs${queryString(query)}`, { signal }),
    run: (runId, signal) => request(RunDetail, `/api/runs/${encodeURIComponent(runId)}`, { signal }),
    startRun: (body) => request(StartRunResponse, '/api/runs', { method: 'POST', body: JSON.stringify(body) }),
    async control(runId, control) {
      await request(z.unknown(), `/api/runs/${encodeURIComponent(runId)}/control`, {
        method: 'POST',
        body: JSON.stringify(control),
      })
    },
    scenarios: (toolId, signal) =>
      request(ScenarioList, `/api/scenarios?toolId=${encodeURIComponent(toolId)}`, { signal }),
    saveScenario: (body) => request(ScenarioEntry, '/api/scenarios', { method: 'POST', body: JSON.stringify(body) }),
    async deleteScenario(toolId, name) {
      await request(z.unknown(), scenarioPath(toolId, name), { method: 'DELETE' })
    },
    replayScenario: (toolId, name) =>
      request(ReplayReport, `${scenarioPath(toolId, name)}/replay`, { method: 'POST', body: '{}' }),
    replayAll: (toolId) =>
      request(ReplayAllResponse, `/api/scenarios/${encodeURIComponent(toolId)}/replay`, { method: 'POST', body: '{}' }),
    exportTest: (body) => request(ExportResponse, '/api/export', { method: 'POST', body: JSON.stringify(body) }),
    suggestExpectation: (runId, body) =>
      request(SuggestedExpectation, `/api/runs/${encodeURIComponent(runId)}/expectation`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    providers: (toolId, signal) =>
      request(ProviderReport, `/api/tools/${encodeURIComponent(toolId)}/providers`, { signal }),
    runTokens: (runId, signal) => request(RunTokens, `/api/runs/${encodeURIComponent(runId)}/tokens`, { signal }),
    cassettes: (toolId, signal) =>
      request(CassetteList, `/api/tools/${encodeURIComponent(toolId)}/cassettes`, { signal }),
    saveCassette: (runId, body) =>
      request(SaveCassetteResponse, `/api/runs/${encodeURIComponent(runId)}/cassette`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    async exportRun(runId) {
      const { res, text } = await fetchText(`/api/runs/${encodeURIComponent(runId)}/export`)
      const filename =
        /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${runId}.toolscope-run.json`
      return { filename, text }
    },
    importRun: (fileText) => request(ImportRunResponse, '/api/runs/import', { method: 'POST', body: fileText }),
    rerun: (runId, body) =>
      request(StartRunResponse, `/api/runs/${encodeURIComponent(runId)}/rerun`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    startFuzz: (toolId, body) =>
      request(FuzzStarted, `/api/tools/${encodeURIComponent(toolId)}/fuzz`, {
        method: 'POST',
        body: JSON.stringify(body),
      }),
    fuzzJob: (jobId, signal) => request(FuzzJob, `/api/fuzz/${encodeURIComponent(jobId)}`, { signal }),
    cancelFuzz: (jobId) =>
      request(FuzzJob, `/api/fuzz/${encodeURIComponent(jobId)}/cancel`, { method: 'POST', body: '{}' }),
    models: (signal) => request(ModelsInfo, '/api/models', { signal }),
    startTry: (body) => request(TryStarted, '/api/try', { method: 'POST', body: JSON.stringify(body) }),
    async cancelTry(tryId) {
      await request(z.unknown(), `/api/try/${encodeURIComponent(tryId)}/cancel`, { method: 'POST', body: '{}' })
    },
    evals: (signal) => request(EvalList, '/api/evals', { signal }),
    runEvals: (body) => request(EvalStarted, '/api/evals/run', { method: 'POST', body: JSON.stringify(body) }),
    evalJob: (jobId, signal) => request(EvalJob, `/api/evals/jobs/${encodeURIComponent(jobId)}`, { signal }),
    cancelEvals: (jobId) =>
      request(EvalJob, `/api/evals/jobs/${encodeURIComponent(jobId)}/cancel`, { method: 'POST', body: '{}' }),
    async openStream(path, init) {
      const res = await fetch(base + path, {
        signal: init.signal,
        headers: headers({
          Accept: 'text/event-stream',
          ...(init.lastEventId !== undefined ? { 'Last-Event-ID': init.lastEventId } : {}),
        }),
      })
      if (!res.ok) {
        const body = ApiError.safeParse(safeJson(await res.text()))
        throw new ApiRequestError(res.status, body.success ? body.data : undefined, `${res.status} stream refused`)
      }
      return res
    },
  }
}

/** `POST /api/evals/run` answers 202 with the job's id. */
const EvalStarted = z.object({ jobId: z.string() })

function queryString(query: RunListQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

const scenarioPath = (toolId: string, name: string) =>
  `/api/scenarios/${encodeURIComponent(toolId)}/${encodeURIComponent(name)}`

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
