// Scenario routes: list a tool's scenarios (with load errors and "no longer fits" reasons), get, save from a
// finished run, delete, replay one or all through the tool host (replays are normal runs, so they show in history),
// and export a run or a scenario as a Vitest or Playwright test. Bodies are parsed with the protocol schemas.

import type { Context, Hono } from 'hono'
import path from 'node:path'
import {
  EmptyBody,
  ExportBody,
  SaveScenarioBody,
  SuggestExpectationBody,
  type Cassette,
  type ExportResponse,
  type ReplayReport,
  type Scenario,
  type ScenarioEntry,
  type ScenarioList,
} from '../../src/shared/protocol.ts'
import { isFinalStatus } from '../../src/runtime/index.ts'
import { toPlaywrightTest, toVitestTest } from '../../src/testbench/exportTests.ts'
import { toMcpVitestTest, type McpExportServer } from '../../src/testbench/exportMcpTest.ts'
import { suggestExpectation } from '../runs/expectationSuggest.ts'
import { scenarioFromRun } from '../../src/testbench/replay.ts'
import { InvalidScenarioNameError, scenarioJsonSchema } from '../../src/testbench/scenario.ts'
import { FileVersionError } from '../../src/shared/formats/formats.ts'
import { apiError } from './apiError.ts'
import { displayPath } from '../displayPath.ts'
import { readJson } from './body.ts'
import { fitCheckOf, replayOnHost } from '../runs/replayHost.ts'
import type { RunRegistry } from '../runs/runs.ts'
import { shownId } from './security.ts'
import type { ScenarioStore, StoredScenario } from '../history/scenarioStore.ts'
import type { ToolHost } from '../toolHost/host.ts'
import { CassetteError, type CassetteStore } from '../history/cassetteStore.ts'
import { mergeSecrets, recordSecrets, redactCassette, redactScenario } from '../../src/shared/redact.ts'

/** What the scenario routes need. */
export interface ScenarioDeps {
  host: ToolHost
  runs: RunRegistry
  store: ScenarioStore
  /** Tool paths the server loads (exported Playwright tests start a server on the same ones). */
  toolPaths: string[]
  /** Where a recorded run's cassette goes when it is saved as a scenario. */
  cassettes?: CassetteStore
}

/** Maps store errors to HTTP: a bad name is the caller's fault, a missing file is a 404. */
async function guarded(c: Context, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn()
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    if (e.code === 'ENOENT') return apiError(c, 'not-found', `No such scenario (${displayPath(e.path ?? '')}).`)
    if (err instanceof InvalidScenarioNameError) return apiError(c, 'invalid-body', err.message)
    if (err instanceof FileVersionError) return apiError(c, 'newer-version', err.message)
    throw err
  }
}

/** Adds the scenario and export routes to `app` (before its /api catch-all). */
export function mountScenarioRoutes(app: Hono, deps: ScenarioDeps): void {
  const { host, runs, store } = deps

  const entry = async ({ file, scenario }: StoredScenario): Promise<ScenarioEntry> => ({
    file: displayPath(file),
    scenario,
    unfit: await host.checkFit(fitCheckOf(scenario)),
  })
  const report = async (scenario: Scenario): Promise<ReplayReport> => {
    const { result: _result, ...rest } = await replayOnHost(host, runs, scenario)
    return rest
  }

  app.get('/api/scenarios', (c) =>
    guarded(c, async () => {
      const toolId = c.req.query('toolId') || undefined
      const { scenarios, errors } = await store.list(toolId)
      const list: ScenarioList = {
        root: displayPath(store.root),
        scenarios: await Promise.all(scenarios.map(entry)),
        errors: errors.map((e) => ({ file: displayPath(e.file), message: e.message })),
      }
      return c.json(list)
    }),
  )

  app.get('/api/scenarios/schema', (c) => c.json(scenarioJsonSchema()))

  app.get('/api/scenarios/:toolId/:name', (c) =>
    guarded(c, async () => c.json(await entry(await store.get(c.req.param('toolId'), c.req.param('name'))))),
  )

  app.post('/api/scenarios', async (c) => {
    const body = await readJson(c, SaveScenarioBody)
    if (!body.ok) return body.response
    const { runId, name, description, expect, overwrite } = body.data
    const record = runs.get(runId)
    if (!record) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
    if (!isFinalStatus(record.status))
      return apiError(
        c,
        'invalid-state',
        `The run is ${record.status}: only a finished run can be saved as a scenario.`,
      )
    return guarded(c, async () => {
      if (!overwrite && (await exists(store, record.toolId, name)))
        return apiError(
          c,
          'conflict',
          `A scenario "${name}" already exists for ${record.toolId}; choose another name or overwrite it.`,
        )
      // Run data goes into files the user commits: through the redaction pass, with the secrets the whole run names
      // and those of its MCP server's configuration.
      const secrets = mergeSecrets(recordSecrets(record), deps.host.mcpSecrets(record.toolId))
      const scenario = scenarioFromRun(name, record.request, record.events)
      // A recorded run's scenario carries its cassette: the recording, saved under the scenario's name.
      if (record.request.network === 'record') {
        const recording = await runs.recording(runId)
        if (!recording || !deps.cassettes)
          return apiError(c, 'not-found', 'The run was recorded, but its recording is gone: record it again.')
        await deps.cassettes.save(record.toolId, name, recording, secrets)
      }
      const saved = await store.save(
        redactScenario(
          { ...scenario, ...(description ? { description } : {}), ...(expect ? { expect } : {}) },
          secrets,
        ),
      )
      return c.json(await entry(saved), 201)
    })
  })

  app.delete('/api/scenarios/:toolId/:name', (c) =>
    guarded(c, async () => {
      await store.remove(c.req.param('toolId'), c.req.param('name'))
      return c.json({ ok: true })
    }),
  )

  app.post('/api/scenarios/:toolId/:name/replay', async (c) => {
    const body = await readJson(c, EmptyBody, {})
    if (!body.ok) return body.response
    return guarded(c, async () =>
      c.json(await report((await store.get(c.req.param('toolId'), c.req.param('name'))).scenario)),
    )
  })

  app.post('/api/scenarios/:toolId/replay', async (c) => {
    const body = await readJson(c, EmptyBody, {})
    if (!body.ok) return body.response
    return guarded(c, async () => {
      const { scenarios } = await store.list(c.req.param('toolId'))
      const results: ReplayReport[] = []
      // One after another: replays share the tool host, and their order in history should match the list.
      for (const s of scenarios) results.push(await report(s.scenario))
      const passed = results.filter((r) => r.passed).length
      return c.json({ results, passed, failed: results.length - passed })
    })
  })

  app.post('/api/runs/:id/expectation', async (c) => {
    const body = await readJson(c, SuggestExpectationBody, {})
    if (!body.ok) return body.response
    const runId = c.req.param('id')
    const record = runs.get(runId)
    if (!record) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
    if (!isFinalStatus(record.status))
      return apiError(c, 'invalid-state', `The run is ${record.status}: only a finished run has a result to expect.`)
    return c.json(await suggestExpectation(host, runs, record, body.data.rerun ?? false))
  })

  app.post('/api/export', async (c) => {
    const body = await readJson(c, ExportBody)
    if (!body.ok) return body.response
    const { format, runId, scenario: ref, expect } = body.data
    return guarded(c, async () => {
      let scenario: Scenario
      let cassette: Cassette | undefined
      if (runId !== undefined) {
        const record = runs.get(runId)
        if (!record) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
        if (!isFinalStatus(record.status))
          return apiError(c, 'invalid-state', `The run is ${record.status}: only a finished run can be exported.`)
        // The test embeds run data: through the redaction pass, as a saved scenario and its cassette would be.
        const secrets = mergeSecrets(recordSecrets(record), deps.host.mcpSecrets(record.toolId))
        // Values that differ between runs of the same call (or, with one run, that look generated) are matched by kind.
        const expected = expect ?? (await suggestExpectation(host, runs, record, false)).expect
        scenario = redactScenario(
          { ...scenarioFromRun(`run-${runId.slice(0, 8)}`, record.request, record.events), expect: expected },
          secrets,
        )
        // A recorded run's test replays its recording.
        if (record.request.network === 'record') {
          const recording = await runs.recording(runId)
          cassette = recording && redactCassette(recording, secrets)
        }
      } else {
        scenario = (await store.get(ref!.toolId, ref!.name)).scenario
      }
      try {
        if (!cassette && typeof scenario.cassette === 'string' && deps.cassettes)
          cassette = await deps.cassettes.load(scenario.toolId, scenario.cassette)
      } catch (err) {
        if (err instanceof CassetteError) return apiError(c, err.code, err.message)
        throw err
      }
      // Where to import the tool from comes from the catalog: wait for the first load (as GET /api/tools does).
      await deps.host.ready
      try {
        return c.json(exportScenario(scenario, format, deps, cassette))
      } catch (err) {
        return apiError(c, 'invalid-body', (err as Error).message)
      }
    })
  })
}

async function exists(store: ScenarioStore, toolId: string, name: string): Promise<boolean> {
  try {
    await store.get(toolId, name)
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false
    // A broken file still exists: refuse to silently replace it unless asked.
    if (/not valid/.test((err as Error).message)) return true
    throw err
  }
}

/** Module specifier of a tool file as seen from the project root (where exported tests are meant to live). */
function importPath(file: string): string {
  if (path.isAbsolute(file)) return file
  return `./${file.split(path.sep).join('/')}`
}

/** The test source of a scenario in the chosen format. */
export function exportScenario(
  scenario: Scenario,
  format: 'vitest' | 'playwright',
  deps: Pick<ScenarioDeps, 'host' | 'toolPaths'>,
  cassette?: Cassette,
): ExportResponse {
  const base = `${scenario.toolId}.${scenario.name}`
  const tool = deps.host.catalog.tools.find((t) => t.id === scenario.toolId)
  const mcp = tool?.mcpServer && { server: mcpServerOf(deps.host, tool.mcpServer.server), tool: tool.mcpServer.name }
  if (format === 'playwright') {
    const toolPaths = deps.toolPaths.map((p) => importPath(displayPath(p)))
    return {
      filename: `${base}.spec.ts`,
      code: toPlaywrightTest(scenario, { toolPaths, ...(mcp ? { mcpServers: [mcp.server] } : {}) }),
    }
  }
  if (!tool)
    throw new Error(`The tool "${scenario.toolId}" is not in the catalog: cannot tell where to import it from.`)
  // An MCP server's tool is called on its server, with the MCP SDK client, as Toolscope calls it.
  if (mcp) return { filename: `${base}.test.ts`, code: toMcpVitestTest(scenario, mcp) }
  const target = {
    from: importPath(tool.file),
    access: tool.access ?? tool.exportName ?? 'default',
    kind: tool.kind,
    id: tool.id,
  }
  return { filename: `${base}.test.ts`, code: toVitestTest(scenario, target, { cassette }) }
}

/** The MCP server named `name` as configured (references unexpanded), as the exports take it. */
function mcpServerOf(host: ScenarioDeps['host'], name: string): McpExportServer {
  const spec = host.mcpServerSpec(name)
  if (!spec) throw new Error(`The MCP server "${name}" is not configured any more: cannot tell how to start it.`)
  return spec
}
