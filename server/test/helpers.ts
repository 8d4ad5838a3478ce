// Test helpers: start the real server on a free port with a temp data dir, call the API, read SSE streams.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunEvent as RunEventType } from '../../src/shared/protocol.ts'
import { RunEventFrame } from '../../src/shared/passthroughViews.ts'
import { startServer, type RunningServer, type StartServerOptions } from '../index.ts'

export const FIXTURES = fileURLToPath(new URL('./fixtures/tools/', import.meta.url))
export const DUP_FIXTURES = fileURLToPath(new URL('./fixtures/dup/', import.meta.url))

/** A temp folder removed by the returned cleanup. */
export async function tempDir(prefix = 'toolscope-test-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** A started server plus helpers bound to it. */
export interface TestServer extends RunningServer {
  dataDir: string
  api(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>
  startRun(body: Record<string, unknown>): Promise<string>
  events(runId: string, lastEventId?: number): Promise<RunEventType[]>
  stop(): Promise<void>
}

/** Starts a server on port 0 over the fixture tools (or `paths`), history in a temp dir. */
export async function startTestServer(options: Partial<StartServerOptions> = {}): Promise<TestServer> {
  const temp = options.dataDir ? undefined : await tempDir()
  const dataDir = options.dataDir ?? temp!.dir
  const server = await startServer({
    port: 0,
    watch: false,
    paths: [FIXTURES],
    log: () => {},
    appDir: join(dataDir, 'no-app'),
    ...options,
    dataDir,
  })
  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init
    const headers = new Headers(rest.headers)
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${server.token}`)
    if (json !== undefined) headers.set('content-type', 'application/json')
    return fetch(`${server.origin}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    })
  }
  return {
    ...server,
    dataDir,
    api,
    async startRun(body) {
      const res = await api('/api/runs', { method: 'POST', json: body })
      if (res.status !== 201) throw new Error(`POST /api/runs → ${res.status}: ${await res.text()}`)
      return ((await res.json()) as { runId: string }).runId
    },
    async events(runId, lastEventId) {
      const headers: Record<string, string> = lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }
      const res = await api(`/api/runs/${runId}/events`, { headers })
      const frames: RunEventType[] = []
      for await (const f of readSse(res)) frames.push(RunEventFrame.parse(JSON.parse(f.data)))
      return frames
    },
    async stop() {
      await server.close()
      await temp?.cleanup()
    },
  }
}

/** One parsed SSE frame. */
export interface Frame {
  event?: string
  id?: string
  data: string
}

/** Reads SSE frames until the server closes the stream. */
export async function* readSse(res: Response): AsyncGenerator<Frame> {
  if (!res.body) return
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true })
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const frame: Frame = { data: '' }
      let hasData = false
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue
        const [field, ...rest] = line.split(': ')
        const value = rest.join(': ')
        if (field === 'event') frame.event = value
        else if (field === 'id') frame.id = value
        else if (field === 'data') {
          frame.data += value
          hasData = true
        }
      }
      if (hasData) yield frame
    }
  }
}

/** Reads a run's live stream until an event matches; returns the events seen so far and leaves the stream open. */
export async function waitForEvent(
  server: TestServer,
  runId: string,
  match: (e: RunEventType) => boolean,
): Promise<RunEventType[]> {
  const controller = new AbortController()
  const res = await server.api(`/api/runs/${runId}/events`, { signal: controller.signal })
  const seen: RunEventType[] = []
  try {
    for await (const f of readSse(res)) {
      const e = RunEventFrame.parse(JSON.parse(f.data))
      seen.push(e)
      if (match(e)) return seen
    }
  } finally {
    controller.abort()
  }
  throw new Error(
    `Stream ended without the awaited event; saw ${seen.map((e) => (e.type === 'error' ? `error (${e.message.slice(0, 300)})` : e.type)).join(', ')}`,
  )
}

/** The run-finished event of a list. */
export function finished(events: RunEventType[]) {
  const last = events.at(-1)
  if (last?.type !== 'run-finished') throw new Error(`Run did not finish: ${events.map((e) => e.type).join(', ')}`)
  return last
}
