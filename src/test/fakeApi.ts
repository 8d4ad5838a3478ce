// A fake ApiClient for component tests: records every run control, refuses the ones a test scripts to fail
// (as the server would, with an ApiError body and its code), and serves run streams from scripted SSE text.
import { ApiRequestError, type ApiClient, type RunListQuery } from '../api/client.ts'
import type { ApiError, Catalog, RunControl, RunPage, StartRunBody } from '../shared/protocol.ts'

/** What a test reads back from the fake. */
export interface FakeApi extends ApiClient {
  controls: Array<{ runId: string; control: RunControl }>
  /** The next control is refused with this status and body. */
  refuseNext(status: number, body: ApiError): void
  /** Scripts the SSE text the next `openStream` call answers with. */
  streams: string[]
  /** Every run started, with its body; each gets the id `new-1`, `new-2`… */
  started: StartRunBody[]
  /** Every history query asked for, in order. */
  runQueries: RunListQuery[]
  /** Answers a history query (an empty page by default). */
  listRuns: (query: RunListQuery) => RunPage
  /** Tools of the catalog (ids only matter to most tests). */
  catalogTools: Catalog['tools']
  /** Every `openStream` call: the path and the Last-Event-ID it sent. */
  opened: Array<{ path: string; lastEventId?: string }>
  /** When true, a scripted stream stays open after its text (as a live run's does) until the reader cancels. */
  holdStreamsOpen: boolean
}

const unused = (what: string) => () => Promise.reject(new Error(`the fake ApiClient does not serve ${what}`))

/** Builds a fresh fake. */
export function createFakeApi(): FakeApi {
  let refusal: { status: number; body: ApiError } | undefined
  const fake: FakeApi = {
    controls: [],
    streams: [],
    opened: [],
    runQueries: [],
    listRuns: () => ({ runs: [] }),
    catalogTools: [],
    started: [],
    holdStreamsOpen: false,
    refuseNext(status, body) {
      refusal = { status, body }
    },
    async control(runId, control) {
      fake.controls.push({ runId, control })
      const r = refusal
      refusal = undefined
      if (r) throw new ApiRequestError(r.status, r.body, `${r.status}`)
    },
    async openStream(path, init) {
      fake.opened.push({ path, lastEventId: init.lastEventId })
      const text = fake.streams.shift()
      if (text === undefined) throw new TypeError('fetch failed')
      if (!fake.holdStreamsOpen) return new Response(text)
      return new Response(
        new ReadableStream<Uint8Array>({
          start: (c) => c.enqueue(new TextEncoder().encode(text)),
        }),
      )
    },
    catalog: async () => ({ version: 1, tools: fake.catalogTools, errors: [] }),
    tool: unused('tool'),
    async runs(query = {}) {
      fake.runQueries.push(query)
      return fake.listRuns(query)
    },
    run: unused('run'),
    async startRun(body) {
      fake.started.push(body)
      return { runId: `new-${fake.started.length}` }
    },
    scenarios: unused('scenarios'),
    saveScenario: unused('saveScenario'),
    deleteScenario: unused('deleteScenario'),
    replayScenario: unused('replayScenario'),
    replayAll: unused('replayAll'),
    exportTest: unused('exportTest'),
    suggestExpectation: unused('suggestExpectation'),
    providers: unused('providers'),
    runTokens: unused('runTokens'),
    cassettes: unused('cassettes'),
    saveCassette: unused('saveCassette'),
    exportRun: unused('exportRun'),
    importRun: unused('importRun'),
    rerun: unused('rerun'),
    startFuzz: unused('startFuzz'),
    fuzzJob: unused('fuzzJob'),
    cancelFuzz: unused('cancelFuzz'),
    models: unused('models'),
    startTry: unused('startTry'),
    cancelTry: unused('cancelTry'),
    evals: unused('evals'),
    runEvals: unused('runEvals'),
    evalJob: unused('evalJob'),
    cancelEvals: unused('cancelEvals'),
  }
  return fake
}
