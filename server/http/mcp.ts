// MCP endpoint (/mcp): serves the loaded tools over Streamable HTTP with the SDK's low-level Server (ready JSON Schemas),
// one session per client. tools/call runs through the same registry as the UI (so calls show in history);
// approval, suspend and elicitation go to the client as MCP elicitation, or end with a clear error result.

import { randomUUID } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js'
import type { RunEvent, ToolDetail } from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import type { McpEndpoint } from './app.ts'
import { MAX_BODY_BYTES } from './body.ts'
import { jsonValueBoundsViolation } from './jsonDepth.ts'
import type { RunRegistry } from '../runs/runs.ts'
import type { ToolHost } from '../toolHost/host.ts'
import { mcpInputSchema, toolArguments } from '../toolHost/mcpInput.ts'

const MAX_SESSIONS = 64

interface Session {
  server: Server
  transport: WebStandardStreamableHTTPServerTransport
}

const isObjectSchema = (s: Record<string, unknown> | undefined): s is Record<string, unknown> =>
  !!s && s.type === 'object'

/** The MCP listing of a catalog entry: JSON Schemas as the catalog has them, annotations and _meta as given. */
export function mcpToolOf(detail: ToolDetail): McpTool {
  // The runtime's serializer already built the listing (the same one the UI previews); fall back if it failed.
  // MCP requires an object input schema: anything else is normalised or wrapped (see mcpInput.ts).
  const inputSchema = mcpInputSchema(detail.schemas.input).schema as McpTool['inputSchema']
  const preview = detail.previews.mcp as McpTool | null
  if (preview && typeof preview === 'object' && preview.name === detail.id) return { ...preview, inputSchema }
  const tool: McpTool = { name: detail.id, description: detail.description, inputSchema }
  if (detail.title) tool.title = detail.title
  if (isObjectSchema(detail.schemas.output)) tool.outputSchema = detail.schemas.output as McpTool['outputSchema']
  if (detail.mcp?.annotations) tool.annotations = detail.mcp.annotations as McpTool['annotations']
  if (detail.mcp?._meta) tool._meta = detail.mcp._meta
  return tool
}

/** Turns the finished run into a tools/call result. */
function resultOf(detail: ToolDetail, events: RunEvent[]): CallToolResult {
  const finished = events.findLast((e) => e.type === 'run-finished')
  const status = finished?.type === 'run-finished' ? finished.status : Status.error
  if (status === Status.success) {
    const out = events.findLast((e) => e.type === 'output')
    const output = out?.type === 'output' ? out.output : undefined
    const model = out?.type === 'output' ? out.views.model : undefined
    const content: CallToolResult['content'] = []
    if (model?.type === 'text') content.push({ type: 'text', text: model.value })
    else if (model?.type === 'content') {
      for (const part of model.value as Array<Record<string, any>>) {
        if (part.type === 'text') content.push({ type: 'text', text: String(part.text) })
        else if (part.type === 'image-data')
          content.push({ type: 'image', data: String(part.data), mimeType: String(part.mediaType) })
        else content.push({ type: 'text', text: JSON.stringify(part) })
      }
    } else content.push({ type: 'text', text: JSON.stringify(model?.type === 'json' ? model.value : output) ?? 'null' })
    const result: CallToolResult = { content }
    if (isObjectSchema(detail.schemas.output) && output && typeof output === 'object')
      result.structuredContent = output as Record<string, unknown>
    return result
  }
  const err = events.findLast((e) => e.type === 'error' || e.type === 'aborted' || e.type === 'approval-resolved')
  let text = `Tool "${detail.id}" ended with status ${status}.`
  if (err?.type === 'error') text = err.message
  else if (err?.type === 'aborted') text = `Tool "${detail.id}" was aborted${err.reason ? `: ${err.reason}` : '.'}`
  else if (err?.type === 'approval-resolved' && !err.approved)
    text = `Tool "${detail.id}" was declined${err.reason ? `: ${err.reason}` : '.'}`
  return { content: [{ type: 'text', text }], isError: true }
}

/** Builds the /mcp endpoint. */
export function createMcpEndpoint(host: ToolHost, runs: RunRegistry): McpEndpoint & { close(): Promise<void> } {
  const sessions = new Map<string, Session>()

  host.onCatalogChange(() => {
    for (const s of sessions.values()) void s.server.sendToolListChanged().catch(() => {})
  })

  function createServer(): Server {
    const server = new Server(
      { name: 'toolscope', version: '0.1.0' },
      { capabilities: { tools: { listChanged: true } } },
    )
    server.setRequestHandler(ListToolsRequestSchema, async () => {
      await host.ready
      return { tools: host.catalog.tools.map(mcpToolOf) }
    })
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      await host.ready
      const detail = host.catalog.tools.find((t) => t.id === request.params.name)
      if (!detail) return { content: [{ type: 'text', text: `Unknown tool "${request.params.name}".` }], isError: true }
      // The SDK parsed the body itself: the arguments get the bounds every other input has before the tool host sees them.
      const outOfBounds = jsonValueBoundsViolation(request.params.arguments ?? {})
      if (outOfBounds)
        return {
          content: [{ type: 'text', text: `The arguments of "${detail.id}" are refused: ${outOfBounds.message}` }],
          isError: true,
        }
      const runId = await runs.start({
        toolId: detail.id,
        input: toolArguments(request.params.arguments, detail.mcpInput),
        caller: 'mcp',
      })
      const canElicit = Boolean(server.getClientCapabilities()?.elicitation)
      let refusal: string | undefined
      const elicit = (message: string, requestedSchema: Record<string, unknown>) =>
        server.elicitInput({ mode: 'form', message, requestedSchema } as any, {
          relatedRequestId: extra.requestId,
          signal: extra.signal,
        })
      const stop = (why: string) => {
        refusal = why
        void runs.control(runId, { type: 'abort', reason: why })
      }
      const ask = async (event: RunEvent): Promise<void> => {
        if (event.type === 'approval-requested') {
          if (!canElicit)
            return stop(
              `Tool "${detail.id}" requires approval, and this MCP client does not support elicitation, so it was not run.`,
            )
          const answer = await elicit(`Allow "${detail.id}" to run with ${JSON.stringify(event.input)}?`, {
            type: 'object',
            properties: { approve: { type: 'boolean', title: 'Approve', description: `Run ${detail.id}` } },
            required: ['approve'],
          })
          const approved = answer.action === 'accept' && answer.content?.approve === true
          await runs.control(
            runId,
            approved
              ? { type: 'approve' }
              : { type: 'decline', reason: `Declined by the MCP client (${answer.action}).` },
          )
        } else if (event.type === 'suspended') {
          if (!canElicit || !isObjectSchema(event.resumeSchema))
            return stop(
              `Tool "${detail.id}" suspended and needs resume data, which this MCP client cannot provide (no elicitation support).`,
            )
          const answer = await elicit(
            `"${detail.id}" needs more information: ${JSON.stringify(event.payload)}`,
            event.resumeSchema,
          )
          if (answer.action !== 'accept') return stop(`The MCP client did not provide resume data (${answer.action}).`)
          const outcome = await runs.control(runId, { type: 'resume', resumeData: answer.content ?? {} })
          if (!outcome.ok) stop(`Resume data was refused: ${outcome.failure.message}`)
        } else if (event.type === 'elicitation-requested') {
          if (!canElicit)
            return stop(
              `Tool "${detail.id}" asked the user for input through MCP elicitation, which this MCP client does not support.`,
            )
          const answer = await elicit(event.request.message, event.request.requestedSchema)
          const outcome = await runs.control(runId, {
            type: 'respond',
            action: answer.action,
            content: answer.content as Record<string, unknown> | undefined,
          })
          // A refused answer leaves the run waiting: it is ended with the reason rather than left hanging.
          if (!outcome.ok) stop(`The elicitation answer was refused: ${outcome.failure.message}`)
        }
      }
      return new Promise<CallToolResult>((resolve) => {
        let chain = Promise.resolve()
        const onAbort = () => void runs.control(runId, { type: 'abort', reason: 'Cancelled by the MCP client.' })
        extra.signal.addEventListener('abort', onAbort, { once: true })
        const unsubscribe = runs.subscribe(runId, -1, (event) => {
          if (event.type === 'run-finished') {
            extra.signal.removeEventListener('abort', onAbort)
            queueMicrotask(() => unsubscribe?.())
            const record = runs.get(runId)
            const result = resultOf(detail, record?.events ?? [])
            resolve(refusal ? { content: [{ type: 'text', text: refusal }], isError: true } : result)
            return
          }
          // Prompts are answered one at a time, in event order.
          chain = chain.then(() => ask(event)).catch((err) => stop(`MCP elicitation failed: ${(err as Error).message}`))
        })
      })
    })
    return server
  }

  async function open(): Promise<Session> {
    const server = createServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: MAX_BODY_BYTES,
      onsessioninitialized: (id) => {
        sessions.set(id, session)
        // Bound memory: the oldest session goes when too many clients never said goodbye.
        if (sessions.size > MAX_SESSIONS) {
          const [oldest] = sessions.keys()
          void sessions.get(oldest)?.transport.close()
          sessions.delete(oldest)
        }
      },
      onsessionclosed: (id) => void sessions.delete(id),
    })
    const session: Session = { server, transport }
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    return session
  }

  return {
    async handle(req) {
      const id = req.headers.get('mcp-session-id')
      if (id) {
        const session = sessions.get(id)
        if (!session)
          return Response.json(
            {
              jsonrpc: '2.0',
              error: { code: -32001, message: 'Session not found: initialize a new MCP session.' },
              id: null,
            },
            { status: 404 },
          )
        return session.transport.handleRequest(req)
      }
      if (req.method !== 'POST')
        return Response.json(
          { jsonrpc: '2.0', error: { code: -32000, message: 'Start with an initialize POST.' }, id: null },
          { status: 400 },
        )
      const session = await open()
      return session.transport.handleRequest(req)
    },
    async close() {
      for (const s of sessions.values()) await s.transport.close().catch(() => {})
      sessions.clear()
    },
  }
}
