// The static demo client over an in-memory site: the catalog and run list from the manifest, a run's events as the
// SSE a server would send (so the run views read them unchanged), and a clear refusal of anything that would run.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DemoManifest, DemoRun, RunEvent } from '../shared/protocol.ts'
import { ApiRequestError } from './client.ts'
import { streamRunEvents } from './sse.ts'
import { createStaticClient } from './staticClient.ts'

const events: RunEvent[] = [
  {
    seq: 0,
    at: 0,
    type: 'run-started',
    toolId: 'echo',
    toolCallId: 'c',
    caller: 'agent',
    background: false,
    stepping: false,
  },
  { seq: 1, at: 2, type: 'run-finished', status: 'success', durationMs: 2 },
]
const summary = {
  runId: 'r1',
  toolId: 'echo',
  status: 'success' as const,
  caller: 'agent' as const,
  inputSummary: '{}',
  startedAt: '2026-12-01T00:00:00.000Z',
  durationMs: 2,
  eventCount: 2,
}
const run: DemoRun = { detail: { ...summary, request: { toolId: 'echo', input: {} } }, events }
const manifest: DemoManifest = {
  format: 'toolscope-demo',
  version: 1,
  builtAt: '2026-12-01T00:00:00.000Z',
  catalog: {
    version: 1,
    tools: [
      {
        id: 'echo',
        description: 'Echo',
        kind: 'toolscope',
        file: 'echo.ts',
        flags: {
          requiresApproval: false,
          canSuspend: false,
          background: false,
          strict: false,
          hasTransform: false,
          hasModelOutput: false,
          hooks: [],
        },
      },
    ],
    errors: [],
  },
  tools: { echo: { detail: 'tools/0.json' } },
  runs: [
    { ...summary, source: 'scenario "a"', file: 'runs/0.json' },
    { ...summary, runId: 'r2', status: 'error', source: 'history', file: 'runs/1.json' },
  ],
}
const files: Record<string, unknown> = { '/site/demo/manifest.json': manifest, '/site/demo/runs/0.json': run }

beforeEach(() => {
  window.history.replaceState(null, '', '/site/')
  vi.stubGlobal('fetch', async (url: URL) => {
    const body = files[new URL(url).pathname]
    return body ? new Response(JSON.stringify(body)) : new Response('not found', { status: 404 })
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('createStaticClient', () => {
  it('serves the catalog and the runs of a tool from the manifest, by status too', async () => {
    const api = createStaticClient('demo/manifest.json')
    expect(api.recorded).toBe(true)
    expect((await api.catalog()).tools.map((t) => t.id)).toEqual(['echo'])
    expect((await api.runs({ tool: 'echo' })).runs.map((r) => r.runId)).toEqual(['r1', 'r2'])
    expect((await api.runs({ tool: 'echo', status: 'error' })).runs).toEqual([expect.objectContaining({ runId: 'r2' })])
    expect((await api.runs({ tool: 'other' })).runs).toEqual([])
    expect(await api.run('r1')).toEqual(run.detail)
  })

  it('streams a run’s events as a server would, to the end', async () => {
    const api = createStaticClient('demo/manifest.json')
    const seen: RunEvent[] = []
    for await (const chunk of streamRunEvents(api, 'r1')) seen.push(...chunk.events)
    expect(seen).toEqual(events)
  })

  it('refuses to start or change anything, and says what is missing', async () => {
    const api = createStaticClient('demo/manifest.json')
    await expect(api.startRun({ toolId: 'echo' })).rejects.toMatchObject({
      status: 405,
      message: expect.stringContaining('recorded demo'),
    })
    await expect(api.control('r1', { type: 'approve' })).rejects.toBeInstanceOf(ApiRequestError)
    await expect(api.run('nope')).rejects.toMatchObject({ status: 404, message: 'Run "nope" is not in this demo' })
    await expect(api.run('r2')).rejects.toMatchObject({
      status: 404,
      message: '404: runs/1.json is missing from the demo',
    })
    await expect(api.providers('echo')).rejects.toMatchObject({ status: 404 })
  })

  it('plays a demo built before formats carried versions (the committed fixture), and refuses one of a newer Toolscope', async () => {
    // From the project root (Vitest's working folder): in happy-dom, import.meta.url is not a file URL.
    const fixture = (rel: string) =>
      JSON.parse(readFileSync(join(process.cwd(), 'test/fixtures/formats/v1/demo', rel), 'utf8')) as unknown
    const old = fixture('manifest.json') as DemoManifest
    files['/site/old/manifest.json'] = old
    for (const r of old.runs) files[`/site/old/${r.file}`] = fixture(r.file)
    const api = createStaticClient('old/manifest.json')
    expect(await api.catalog()).toEqual(old.catalog)
    const first = old.runs[0]!
    const seen: RunEvent[] = []
    for await (const chunk of streamRunEvents(api, first.runId)) seen.push(...chunk.events)
    expect(seen).toEqual((fixture(first.file) as DemoRun).events)

    files['/site/new/manifest.json'] = { ...manifest, version: 2 }
    await expect(createStaticClient('new/manifest.json').catalog()).rejects.toThrow(
      'new/manifest.json: this demo manifest is version 2, written by a newer Toolscope; this Toolscope reads demo manifests up to version 1.',
    )
  })
})
