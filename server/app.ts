// The HTTP app (never listens): /api routes of the protocol, /mcp, and the built SPA. Shared by the CLI server
// and the Vite dev plugin, so dev and prod answer the same way. Every body is parsed with src/shared/protocol.ts.

import { Hono, type Context } from 'hono'
import {
  AbortBody,
  ApprovalBody,
  EmptyBody,
  RespondBody,
  ResumeBody,
  StartRunBody,
  type ApiError,
  type Catalog,
  type CatalogEvent,
} from '../src/shared/protocol.ts'
import { readJson } from './body.ts'
import type { RunRegistry, ControlOutcome } from './runs.ts'
import { hostGuard, tokenGuard, type SecurityOptions } from './security.ts'
import { lastEventIdOf, sseResponse } from './sse.ts'
import { mountScenarioRoutes, type ScenarioDeps } from './scenarioRoutes.ts'
import { serveApp } from './static.ts'
import { UnknownToolError, type ToolHost } from './toolHost/host.ts'
import type { ControlAction } from './toolHost/messages.ts'

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
}

const fail = (c: Context, status: 400 | 404 | 409 | 422 | 503, body: ApiError) => c.json(body, status)

function controlResponse(c: Context, outcome: ControlOutcome): Response {
  if (outcome.ok) return c.json({ ok: true })
  return fail(c, outcome.status, { error: outcome.error, state: outcome.state, issues: outcome.issues })
}

/** Builds the Hono app. */
export function createApp(deps: AppDeps): Hono {
  const { host, runs } = deps
  const app = new Hono()

  app.onError((err, c) => c.json({ error: `Internal error: ${err.message}` } satisfies ApiError, 500))
  app.use('*', hostGuard(deps.security))
  app.use('/api/*', tokenGuard(deps.security.token))
  app.use('/mcp', tokenGuard(deps.security.token))
  app.use('/api/*', async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })

  app.get('/api/tools', async (c) => {
    await host.ready
    const { version, errors } = host.catalog
    return c.json({ version, tools: host.summaries(), errors, timeoutMs: runs.options.timeoutMs } satisfies Catalog)
  })

  app.get('/api/tools/:id', async (c) => {
    await host.ready
    const detail = host.catalog.tools.find((t) => t.id === c.req.param('id'))
    return detail ? c.json(detail) : fail(c, 404, { error: `Unknown tool "${c.req.param('id')}".` })
  })

  app.get('/api/catalog/events', () =>
    sseResponse((sink) => host.onCatalogChange((event: CatalogEvent) => sink.send({ event: event.type, id: event.version, data: event }))),
  )

  app.post('/api/runs', async (c) => {
    const body = await readJson(c, StartRunBody)
    if (!body.ok) return body.response
    try {
      const runId = await runs.start(body.data)
      return c.json({ runId }, 201)
    } catch (err) {
      if (err instanceof UnknownToolError) return fail(c, 404, { error: err.message })
      throw err
    }
  })

  app.get('/api/runs', (c) => c.json({ runs: runs.list() }))

  app.get('/api/runs/:id', (c) => {
    const record = runs.get(c.req.param('id'))
    return record ? c.json(record) : fail(c, 404, { error: `Unknown run "${c.req.param('id')}".` })
  })

  app.get('/api/runs/:id/events', (c) => {
    const runId = c.req.param('id')
    if (!runs.get(runId)) return fail(c, 404, { error: `Unknown run "${runId}".` })
    const after = lastEventIdOf(c.req.raw)
    return sseResponse((sink) => {
      const unsubscribe = runs.subscribe(runId, after, (event) => {
        sink.send({ event: event.type, id: event.seq, data: event })
        if (event.type === 'run-finished') queueMicrotask(() => sink.close())
      })
      return unsubscribe
    })
  })

  const control = <S extends Parameters<typeof readJson>[1]>(path: string, schema: S, emptyAs: unknown, toAction: (body: any) => ControlAction) =>
    app.post(`/api/runs/:id/${path}`, async (c) => {
      if (!runs.get(c.req.param('id'))) return fail(c, 404, { error: `Unknown run "${c.req.param('id')}".` })
      const body = await readJson(c, schema, emptyAs)
      if (!body.ok) return body.response
      return controlResponse(c, await runs.control(c.req.param('id'), toAction(body.data)))
    })

  control('approval', ApprovalBody, undefined, (b) => (b.approved ? { action: 'approve' } : { action: 'decline', reason: b.reason }))
  control('resume', ResumeBody, undefined, (b) => ({ action: 'resume', resumeData: b.resumeData }))
  control('respond', RespondBody, undefined, (b) => ({ action: 'respond', result: { action: b.action, content: b.content } }))
  control('continue', EmptyBody, {}, () => ({ action: 'continue' }))
  control('abort', AbortBody, {}, (b) => ({ action: 'abort', reason: b.reason }))

  if (deps.scenarios) mountScenarioRoutes(app, { host, runs, ...deps.scenarios })

  app.all('/api/*', (c) => fail(c, 404, { error: `No API route ${c.req.method} ${new URL(c.req.url).pathname}.` }))

  app.all('/mcp', async (c) => {
    if (!deps.mcp) return fail(c, 404, { error: 'MCP is not enabled on this server.' })
    return deps.mcp.handle(c.req.raw)
  })

  if (deps.appDir) {
    const appDir = deps.appDir
    app.get('*', (c) => serveApp(c, appDir))
  }
  return app
}
