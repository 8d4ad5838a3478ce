// The HTTP app (never listens): /api routes of the protocol, /mcp, and the built SPA. Shared by the CLI server
// and the Vite dev plugin, so dev and prod answer the same way. Every body is parsed with src/shared/protocol.ts.

import { Hono, type Context } from 'hono'
import {
  RunControl,
  SaveCassetteBody,
  StartRunBody,
  type CassetteList,
  type RunDetail,
  type SaveCassetteResponse,
  type RunPage,
  type Catalog,
  type CatalogEvent,
  type Capacity,
} from '../../src/shared/protocol.ts'
import { apiError } from './apiError.ts'
import { refusedBy, type LintConfig } from '../../src/lint/index.ts'
import { displayPath } from '../displayPath.ts'
import { CassetteError, type CassetteStore } from '../history/cassetteStore.ts'
import { InvalidScenarioNameError } from '../../src/testbench/scenario.ts'
import { declaredSizeGuard, readJson } from './body.ts'
import { MAX_JSON_DEPTH, parseJsonBounded } from './jsonDepth.ts'
import { TooManyRunsError, type RunRegistry, type ControlOutcome } from '../runs/runs.ts'
import { StorageFailedError } from '../history/runStoreHealth.ts'
import { hostGuard, shownId, tokenGuard, type SecurityOptions } from './security.ts'
import { lastEventIdOf, sseResponse } from './sse.ts'
import { runEventStream } from '../runs/runEventStream.ts'
import { mountProviderRoutes } from './providerRoutes.ts'
import { mountScenarioRoutes, type ScenarioDeps } from './scenarioRoutes.ts'
import { mountRunTransferRoutes } from './runTransferRoutes.ts'
import { mountRerunRoutes } from './rerunRoutes.ts'
import { mountFuzzRoutes } from './fuzzRoutes.ts'
import { mountTryRoutes, type TryRouteDeps } from './tryRoutes.ts'
import { mountEvalRoutes } from './evalRoutes.ts'
import { mountLegacyControlRoutes, type ControlHandler } from './legacyControlRoutes.ts'
import { recordSecrets } from '../../src/shared/redact.ts'
import { Status } from '../../src/runtime/index.ts'
import { serveApp } from './static.ts'
import { UnknownToolError, type ToolHost } from '../toolHost/host.ts'

/** Serves MCP Streamable HTTP requests. */
export interface McpEndpoint {
  handle(req: Request): Promise<Response>
}

/** What createApp() needs. */
export interface AppDeps {
  host: ToolHost
  runs: RunRegistry
  mcp?: McpEndpoint
  security: SecurityOptions
  /** Scenario store and tool paths; the scenario routes are mounted when given. */
  scenarios?: Pick<ScenarioDeps, 'store' | 'toolPaths'>
  /** Folder of the built SPA; omitted in the Vite dev server (Vite serves the UI). */
  appDir?: string
  /** Cassette files and recordings; the cassette routes are mounted when given. */
  cassettes?: CassetteStore
  /** The project's lint settings (package.json "toolscope.lint"). */
  lintConfig?: LintConfig
  /** Model keys, conversations and the eval folder: the "Try with a model" and eval routes are mounted when given. */
  models?: TryRouteDeps & { evalsDir: string }
  /** Where the app reports problems that do not fail a request (the provider checks failing). */
  log?: (line: string) => void
}

function controlResponse(c: Context, outcome: ControlOutcome): Response {
  if (outcome.ok) return c.json({ ok: true })
  const { code, message, state, validationErrors } = outcome.failure
  return apiError(c, code, message, { state, issues: validationErrors })
}

const unknownRun = (c: Context, runId: string) => apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)

/** Steers a run with the control a request's body stands for: `POST /api/runs/:id/control` and each legacy route. */
function controlHandler(runs: RunRegistry): ControlHandler {
  return async (c, schema, toControl, emptyAs) => {
    const runId = c.req.param('id')!
    if (!runs.has(runId)) return unknownRun(c, runId)
    const body = await readJson(c, schema, emptyAs)
    if (!body.ok) return body.response
    return controlResponse(c, await runs.control(runId, toControl(body.data)))
  }
}

/** A tool's cassette names, a recorded run's cassette, and saving it under a name. */
function mountCassetteRoutes(app: Hono, runs: RunRegistry, cassettes: CassetteStore): void {
  const guarded = async (c: Context, work: () => Promise<Response>) => {
    try {
      return await work()
    } catch (err) {
      if (err instanceof CassetteError) return apiError(c, err.code, err.message)
      if (err instanceof InvalidScenarioNameError) return apiError(c, 'invalid-body', (err as Error).message)
      throw err
    }
  }
  app.get('/api/tools/:id/cassettes', (c) =>
    guarded(c, async () =>
      c.json({
        root: displayPath(cassettes.root),
        names: await cassettes.list(c.req.param('id')),
      } satisfies CassetteList),
    ),
  )
  app.get('/api/runs/:id/cassette', (c) =>
    guarded(c, async () => {
      const runId = c.req.param('id')
      if (!runs.has(runId)) return unknownRun(c, runId)
      const cassette = await runs.recording(runId)
      return cassette
        ? c.json(cassette)
        : apiError(c, 'not-found', 'This run recorded no cassette: start it with the network mode "record".')
    }),
  )
  app.post('/api/runs/:id/cassette', (c) =>
    guarded(c, async () => {
      const runId = c.req.param('id')
      if (!runs.has(runId)) return unknownRun(c, runId)
      const body = await readJson(c, SaveCassetteBody)
      if (!body.ok) return body.response
      const cassette = await runs.recording(runId)
      if (!cassette)
        return apiError(c, 'not-found', 'This run recorded no cassette: start it with the network mode "record".')
      // The recording was redacted when written; the run's stored request and events may name more secrets (an older
      // recording, an import), so the save redacts with them too.
      const record = runs.get(runId)
      const file = await cassettes.save(
        cassette.toolId ?? runs.detail(runId)!.toolId,
        body.data.name,
        cassette,
        record && recordSecrets(record),
      )
      return c.json(
        { file: displayPath(file), exchanges: cassette.exchanges.length } satisfies SaveCassetteResponse,
        201,
      )
    }),
  )
}

/** Builds the Hono app. */
export function createApp(deps: AppDeps): Hono {
  const { host, runs } = deps
  const app = new Hono()

  app.onError((err, c) => apiError(c, 'internal', `Internal error: ${err.message}`))
  app.use('*', hostGuard(deps.security))
  app.use('/api/*', declaredSizeGuard())
  app.use('/mcp', declaredSizeGuard())
  app.use('/api/*', tokenGuard(deps.security.token))
  app.use('/mcp', tokenGuard(deps.security.token, 'mcp'))
  app.use('/api/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  const catalogLint = mountProviderRoutes(app, deps)

  app.get('/api/tools', async (c) => {
    await host.ready
    const { version, errors, servers } = host.catalog
    // Each tool with the providers that refuse it (from the catalog's lint), for the tool list's badges.
    const refused = new Map(catalogLint().tools.map((r) => [r.toolId, refusedBy(r)]))
    const tools = host.summaries().map((t) => {
      const by = refused.get(t.id) ?? []
      return by.length ? { ...t, refusedBy: by } : t
    })
    return c.json({
      version,
      tools,
      errors,
      timeoutMs: runs.options.timeoutMs,
      ...(servers ? { servers } : {}),
    } satisfies Catalog)
  })

  app.get('/api/tools/:id', async (c) => {
    await host.ready
    const detail = host.catalog.tools.find((t) => t.id === c.req.param('id'))
    return detail ? c.json(detail) : apiError(c, 'unknown-tool', `Unknown tool "${shownId(c.req.param('id'))}".`)
  })

  app.get('/api/catalog/events', () =>
    sseResponse((sink) =>
      host.onCatalogChange((event: CatalogEvent) => sink.send({ event: event.type, id: event.version, data: event })),
    ),
  )

  app.post('/api/runs', async (c) => {
    const body = await readJson(c, StartRunBody)
    if (!body.ok) return body.response
    // inputText is JSON inside a string: the same guards apply before the runtime parses it.
    const inputText =
      body.data.inputText === undefined
        ? undefined
        : parseJsonBounded(body.data.inputText, MAX_JSON_DEPTH, { refuseProtoKeys: true })
    if (inputText && !inputText.ok && inputText.reason !== 'syntax')
      return apiError(c, 'invalid-body', `inputText is refused: ${inputText.message}`)
    if (body.data.network === 'record' && typeof body.data.cassette === 'object') {
      return apiError(
        c,
        'invalid-body',
        'With network "record", `cassette` is the name to save the recording under, not a cassette.',
      )
    }
    try {
      const runId = await runs.start(body.data)
      return c.json({ runId }, 201)
    } catch (err) {
      if (err instanceof UnknownToolError) return apiError(c, 'unknown-tool', err.message)
      if (err instanceof TooManyRunsError) return apiError(c, 'too-many-runs', err.message)
      if (err instanceof StorageFailedError) return apiError(c, 'storage-failed', err.message)
      if (err instanceof CassetteError) return apiError(c, err.code, err.message)
      throw err
    }
  })

  if (deps.cassettes) mountCassetteRoutes(app, runs, deps.cassettes)
  mountRunTransferRoutes(app, runs, deps.cassettes)
  mountRerunRoutes(app, runs, deps.log ?? (() => {}))
  mountFuzzRoutes(app, host, runs, deps.scenarios?.store)
  if (deps.models) {
    mountTryRoutes(app, deps.models)
    mountEvalRoutes(app, {
      host,
      runs,
      keys: deps.models.keys,
      evalsDir: deps.models.evalsDir,
      toolPaths: deps.scenarios?.toolPaths,
    })
  }

  app.get('/api/capacity', (c) => {
    const { executing, waiting, queued } = host.stats()
    return c.json({
      executing,
      waiting,
      queued,
      slots: host.slotCount,
      live: runs.liveCount,
      maxLiveRuns: runs.maxLiveRuns,
    } satisfies Capacity)
  })

  // Summaries only, a page at a time: a list never carries event logs.
  app.get('/api/runs', (c) => {
    const { tool, status, cursor, limit } = c.req.query()
    const n = limit === undefined ? undefined : Number(limit)
    if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 500))
      return apiError(c, 'invalid-body', '`limit` must be an integer from 1 to 500.')
    return c.json(
      runs.list({
        tool: tool || undefined,
        status: status || undefined,
        cursor: cursor || undefined,
        limit: n,
      }) satisfies RunPage,
    )
  })

  app.get('/api/runs/:id', (c) => {
    const runId = c.req.param('id')
    const detail = runs.detail(runId)
    if (!detail) return unknownRun(c, runId)
    // Reading a queued run keeps it (a queued run nobody watches is dropped) and tells its place in the queue.
    runs.touch(runId)
    const queuePosition = runs.queuePosition(runId)
    return c.json({
      ...detail,
      ...(queuePosition === undefined ? {} : { status: Status.queued, queuePosition }),
    } satisfies RunDetail)
  })

  app.get('/api/runs/:id/events', (c) => {
    const runId = c.req.param('id')
    if (!runs.has(runId)) return unknownRun(c, runId)
    // Stored events are read page by page as the client takes them, then live ones follow (runEventStream).
    return runEventStream(
      {
        page: (afterSeq, maxBytes) => runs.store.eventTextPage(runId, afterSeq, maxBytes),
        follow: (afterSeq, onEvent) => (runs.isLive(runId) ? runs.subscribe(runId, afterSeq, onEvent) : undefined),
      },
      lastEventIdOf(c.req.raw),
    )
  })

  const control = controlHandler(runs)
  app.post('/api/runs/:id/control', (c) => control(c, RunControl, (body) => body))
  mountLegacyControlRoutes(app, control)

  if (deps.scenarios) mountScenarioRoutes(app, { host, runs, cassettes: deps.cassettes, ...deps.scenarios })

  app.all('/api/*', (c) =>
    apiError(c, 'not-found', `No API route ${c.req.method} ${shownId(new URL(c.req.url).pathname, 200)}.`),
  )

  app.all('/mcp', async (c) => {
    if (!deps.mcp) return apiError(c, 'not-found', 'MCP is not enabled on this server.')
    return deps.mcp.handle(c.req.raw)
  })

  if (deps.appDir) {
    const appDir = deps.appDir
    app.get('*', (c) => serveApp(c, appDir))
  }
  return app
}
