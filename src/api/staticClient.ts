// The ApiClient of a static demo site (`toolscope build`): everything is read from the files next to the page
// (demo/manifest.json and the files it names), run events are served as the SSE text a server would send, and every
// call that would start or change something is refused: a demo only plays back what was recorded.

import type { z } from 'zod'
import { readDemoManifest } from '../shared/formats/formats.ts'
import { DemoRun, ProviderReport, ToolDetail, type DemoManifest } from '../shared/protocol.ts'
import { ApiRequestError, type ApiClient } from './client.ts'

/** The answer to anything a recorded demo cannot do. */
function readOnly(): Promise<never> {
  return Promise.reject(
    new ApiRequestError(405, undefined, 'This is a recorded demo: it plays back runs and cannot start or change one.'),
  )
}

/** The SSE text of a run's events, as `GET /api/runs/:id/events` sends it. */
export function eventStreamText(run: DemoRun): string {
  return run.events.map((e) => `id: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`).join('')
}

/** A client over the demo whose manifest is at `manifestUrl` (relative to the page). */
export function createStaticClient(manifestUrl: string): ApiClient {
  const base = new URL(manifestUrl, window.location.href)
  const fetchJson = async (file: string, signal?: AbortSignal): Promise<unknown> => {
    const res = await fetch(new URL(file, base), { signal })
    if (!res.ok) throw new ApiRequestError(res.status, undefined, `${res.status}: ${file} is missing from the demo`)
    return res.json()
  }
  const get = async <T>(schema: z.ZodType<T>, file: string, signal?: AbortSignal): Promise<T> =>
    schema.parse(await fetchJson(file, signal))
  // The manifest is upgraded from an older version first (a FileVersionError names one built by a newer Toolscope).
  const readManifest = async (signal?: AbortSignal): Promise<DemoManifest> => {
    const parsed = readDemoManifest(await fetchJson(base.href, signal), manifestUrl)
    if (!parsed.success) throw parsed.error
    return parsed.data
  }
  let manifest: Promise<DemoManifest> | undefined
  const loadManifest = (signal?: AbortSignal) => {
    manifest ??= readManifest(signal).catch((err: unknown) => {
      manifest = undefined
      throw err
    })
    return manifest
  }
  const notFound = (what: string) => new ApiRequestError(404, undefined, `${what} is not in this demo`)
  const toolFiles = async (toolId: string, signal?: AbortSignal) => {
    const files = (await loadManifest(signal)).tools[toolId]
    if (!files) throw notFound(`Tool "${toolId}"`)
    return files
  }
  const runs = new Map<string, Promise<DemoRun>>()
  const recordedRun = async (runId: string, signal?: AbortSignal): Promise<DemoRun> => {
    let run = runs.get(runId)
    if (!run) {
      const entry = (await loadManifest(signal)).runs.find((r) => r.runId === runId)
      if (!entry) throw notFound(`Run "${runId}"`)
      run = get(DemoRun, entry.file)
      runs.set(runId, run)
      run.catch(() => runs.delete(runId))
    }
    return run
  }

  return {
    recorded: true,
    recordedRun,
    catalog: async (signal) => (await loadManifest(signal)).catalog,
    tool: async (id, signal) => get(ToolDetail, (await toolFiles(id, signal)).detail, signal),
    providers: async (id, signal) => {
      const file = (await toolFiles(id, signal)).providers
      if (!file) throw notFound(`The provider report of "${id}"`)
      return get(ProviderReport, file, signal)
    },
    async runs(query = {}, signal) {
      const all = (await loadManifest(signal)).runs.filter(
        (r) => (!query.tool || r.toolId === query.tool) && (!query.status || r.status === query.status),
      )
      return { runs: all.map(({ source: _source, file: _file, ...summary }) => summary) }
    },
    run: async (runId, signal) => (await recordedRun(runId, signal)).detail,
    async openStream(path, init) {
      const match = /^\/api\/runs\/([^/]+)\/events$/.exec(path)
      if (!match) throw notFound(path)
      return new Response(eventStreamText(await recordedRun(decodeURIComponent(match[1]), init.signal)), {
        headers: { 'Content-Type': 'text/event-stream' },
      })
    },
    startRun: readOnly,
    control: readOnly,
    scenarios: async () => ({ root: '', scenarios: [], errors: [] }),
    saveScenario: readOnly,
    deleteScenario: readOnly,
    replayScenario: readOnly,
    replayAll: readOnly,
    exportTest: readOnly,
    suggestExpectation: readOnly,
    runTokens: readOnly,
    cassettes: async () => ({ root: '', names: [] }),
    saveCassette: readOnly,
    exportRun: readOnly,
    importRun: readOnly,
    rerun: readOnly,
    startFuzz: readOnly,
    fuzzJob: readOnly,
    cancelFuzz: readOnly,
    models: readOnly,
    startTry: readOnly,
    cancelTry: readOnly,
    evals: readOnly,
    runEvals: readOnly,
    evalJob: readOnly,
    cancelEvals: readOnly,
  }
}
