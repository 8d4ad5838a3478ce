// Planted secrets against every file a user publishes or commits: secrets in `input`, in `inputText`, in request
// contexts (sent by the fixture tool in a JSON body and an Authorization header to a local API that echoes them back),
// and one only in the events of a hand-edited import. Named cassettes, the data folder's recordings, run exports,
// scenarios saved from runs, exported tests and demo sites (from the history and from scenarios) are produced through
// the real server and `toolscope build`, then scanned byte for byte.

import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DemoManifest, RunExport, type RunEvent } from '../../src/shared/protocol.ts'
import { parseBuildArgs, runBuild } from '../cli/build.ts'
import { FIXTURES, startTestServer, tempDir, type TestServer } from './helpers.ts'

const PLANTED = {
  input: 'sk-planted-input-1111',
  inputText: 'sk-planted-text-2222',
  contextA: 'sk-planted-ctx-3333',
  contextB: 'sk-planted-ctx-4444',
  imported: 'sk-planted-import-5555',
}
const ALL = Object.values(PLANTED)
const TOOL_FILES = [join(FIXTURES, 'network.ts'), join(FIXTURES, 'basic.ts')]

/** A local API that answers with what it got: the body and the Authorization header (so responses carry them too). */
async function startEchoApi(): Promise<{ api: Server; base: string }> {
  const api = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ got: body, auth: req.headers.authorization ?? null }))
    })
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  return { api, base: `http://127.0.0.1:${(api.address() as { port: number }).port}` }
}

/** A stand-in for the built SPA: the build copies it and marks its index.html. */
function fakeApp(dir: string): string {
  const app = join(dir, 'app')
  mkdirSync(app, { recursive: true })
  writeFileSync(join(app, 'index.html'), '<html><head><title>Toolscope</title></head><body></body></html>')
  return app
}

/** Every file below `dir` (none when it does not exist). */
function filesUnder(dir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names.flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)],
  )
}

/** Asserts no planted secret is in any of the texts (read as bytes), and that each says `[REDACTED]` somewhere. */
function expectClean(texts: Record<string, string>, secrets: readonly string[] = ALL): void {
  expect(Object.keys(texts).length).toBeGreaterThan(0)
  for (const [name, text] of Object.entries(texts))
    for (const secret of secrets) expect(text.includes(secret), `${secret} in ${name}`).toBe(false)
}
const read = (files: string[]) => Object.fromEntries(files.map((f) => [f, readFileSync(f).toString('latin1')]))

let t: Awaited<ReturnType<typeof tempDir>>
let server: TestServer
let api: Server
let base = ''
let dataDir = ''
let scenariosDir = ''
beforeAll(async () => {
  ;({ api, base } = await startEchoApi())
  t = await tempDir()
  dataDir = join(t.dir, 'data')
  scenariosDir = join(t.dir, 'project', 'toolscope', 'scenarios')
  server = await startTestServer({ dataDir, paths: TOOL_FILES, scenariosDir })
})
afterAll(async () => {
  api.close()
  await server.close()
  vi.unstubAllEnvs()
  await t.cleanup()
})

async function finishedRun(body: Record<string, unknown>): Promise<{ runId: string; events: RunEvent[] }> {
  const runId = await server.startRun(body)
  const events = await server.events(runId)
  expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'success' })
  return { runId, events }
}

async function json(path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await server.api(path, body === undefined ? {} : { method: 'POST', json: body })
  return { status: res.status, text: await res.text() }
}

describe('one redaction pass for every published or committed file', () => {
  it('no planted secret reaches cassettes, recordings, exports, scenarios, exported tests or demo sites', {
    timeout: 180_000,
  }, async () => {
    // A: secret in `input` and in the context, recorded under a name. B: secret typed in the editor (`inputText`).
    const a = await finishedRun({
      toolId: 'post-secrets',
      input: { url: `${base}/a`, apiKey: PLANTED.input },
      requestContext: { apiKey: PLANTED.contextA },
      network: 'record',
      cassette: 'planted',
    })
    const b = await finishedRun({
      toolId: 'post-secrets',
      inputText: JSON.stringify({ url: `${base}/b`, apiKey: PLANTED.inputText }),
      requestContext: { apiKey: PLANTED.contextB },
      network: 'record',
    })

    const produced: Record<string, string> = {}
    // Exports, a named cassette saved from a run, scenarios saved from runs, exported tests.
    for (const run of [a, b]) {
      const exported = await json(`/api/runs/${run.runId}/export`)
      expect(exported.status).toBe(200)
      expect(RunExport.parse(JSON.parse(exported.text)).cassette?.exchanges).toHaveLength(1)
      produced[`export of ${run.runId}`] = exported.text
    }
    expect((await json(`/api/runs/${b.runId}/cassette`, { name: 'saved-b' })).status).toBe(201)
    expect((await json('/api/scenarios', { runId: a.runId, name: 'planted-a' })).status).toBe(201)
    expect((await json('/api/scenarios', { runId: b.runId, name: 'planted-b' })).status).toBe(201)
    for (const [label, body] of [
      ['vitest test of run A', { format: 'vitest', runId: a.runId }],
      ['playwright test of run B', { format: 'playwright', runId: b.runId }],
      [
        'vitest test of scenario planted-b',
        { format: 'vitest', scenario: { toolId: 'post-secrets', name: 'planted-b' } },
      ],
    ] as const) {
      const exported = await json('/api/export', body)
      expect(exported.status, exported.text).toBe(200)
      produced[label] = exported.text
    }
    await server.close()

    // Demo sites: from the history (--runs) and from the saved scenarios, replayed offline from their cassettes.
    const fromHistory = join(t.dir, 'site-history')
    const fromScenarios = join(t.dir, 'site-scenarios')
    const app = fakeApp(t.dir)
    const lines: string[] = []
    expect(
      await runBuild(
        parseBuildArgs([...TOOL_FILES, '--out', fromHistory, '--runs', `${a.runId},${b.runId}`, '--data-dir', dataDir]),
        (l) => lines.push(l),
        app,
      ),
    ).toBe(0)
    vi.stubEnv('API_KEY', PLANTED.contextA)
    expect(
      await runBuild(
        parseBuildArgs([...TOOL_FILES, '--out', fromScenarios, '--scenario-dir', scenariosDir]),
        (l) => lines.push(l),
        app,
      ),
      lines.join('\n'),
    ).toBe(0)

    const project = join(t.dir, 'project', 'toolscope')
    const files = {
      cassettes: filesUnder(join(project, 'cassettes')),
      recordings: filesUnder(join(dataDir, 'recordings')),
      scenarios: filesUnder(scenariosDir),
      demoFromHistory: filesUnder(fromHistory),
      demoFromScenarios: filesUnder(fromScenarios),
    }
    expect(files.cassettes.map((f) => f.slice(project.length + 1)).sort()).toEqual(
      ['planted-a', 'planted-b', 'planted', 'saved-b'].map((n) => join('cassettes', 'post-secrets', `${n}.json`)),
    )
    expect(files.recordings).toHaveLength(2)
    expect(files.scenarios).toHaveLength(2)
    for (const [kind, list] of Object.entries(files)) {
      const texts = read(list)
      expectClean(texts)
      // Each kind of file really held run data that the pass redacted (not an empty file that trivially passes).
      expect(Object.values(texts).join('\n'), kind).toContain('[REDACTED]')
    }
    expectClean(produced)
    for (const [label, text] of Object.entries(produced)) expect(text, label).toContain('REDACTED')

    // The redacted cassettes still answer the real requests: `[REDACTED]` stands for whatever the secret is (scenario
    // B was recorded with another context key than the one the environment gives now).
    const replayed = DemoManifest.parse(
      JSON.parse(readFileSync(join(fromScenarios, 'demo', 'manifest.json'), 'utf8')),
    ).runs
    expect(replayed.map((r) => [r.source, r.status])).toEqual([
      ['scenario "planted-a"', 'success'],
      ['scenario "planted-b"', 'success'],
    ])
  })

  it('a hand-edited import whose events carry a secret its request does not: imported, exported and built redacted', {
    timeout: 120_000,
  }, async () => {
    const dir = await tempDir()
    const imports = await startTestServer({ dataDir: join(dir.dir, 'data'), paths: TOOL_FILES })
    try {
      const runId = await imports.startRun({ toolId: 'echo', input: { text: 'plain' } })
      await imports.events(runId)
      const file = RunExport.parse(await (await imports.api(`/api/runs/${runId}/export`)).json())
      // Planted by hand in the output only: under a secret key, and again inside a longer string elsewhere.
      file.run.events = file.run.events.map((e) =>
        e.type === 'output'
          ? {
              ...e,
              views: {
                ...e.views,
                raw: { text: 'plain', credentials: { token: PLANTED.imported } },
                display: { value: `copy of ${PLANTED.imported}` },
              },
            }
          : e,
      )
      const res = await imports.api('/api/runs/import', { method: 'POST', json: file })
      expect(res.status).toBe(201)
      const imported = ((await res.json()) as { runId: string }).runId
      const exported = await (await imports.api(`/api/runs/${imported}/export`)).text()
      const stored = JSON.stringify(await imports.events(imported))
      await imports.close()

      const out = join(dir.dir, 'site')
      expect(
        await runBuild(
          parseBuildArgs([...TOOL_FILES, '--out', out, '--runs', imported, '--data-dir', join(dir.dir, 'data')]),
          () => {},
          fakeApp(dir.dir),
        ),
      ).toBe(0)
      const texts = { ...read(filesUnder(out)), export: exported, 'stored events': stored }
      expectClean(texts, [PLANTED.imported])
      expect(texts.export).toContain('copy of [REDACTED]')
    } finally {
      await dir.cleanup()
    }
  })
})
