// /mcp with the SDK's own client over Streamable HTTP: tools/list (schemas, annotations, _meta), tools/call with
// structured content, approval and tool elicitation through MCP elicitation, and clear errors without it.

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

async function connect(answer?: (message: string, schema: Record<string, unknown>) => ElicitResult): Promise<Client> {
  const client = new Client(
    { name: 'toolscope-test', version: '1.0.0' },
    { capabilities: answer ? { elicitation: {} } : {} },
  )
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (req) =>
      answer(req.params.message, (req.params as { requestedSchema?: Record<string, unknown> }).requestedSchema ?? {}),
    )
  const transport = new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
  })
  await client.connect(transport)
  return client
}

const textOf = (result: unknown) =>
  ((result as { content: unknown }).content as Array<{ type: string; text?: string }>).map((c) => c.text).join('\n')

describe('MCP', () => {
  it('refuses a client without the token', async () => {
    const client = new Client({ name: 'no-token', version: '1.0.0' })
    // The SDK puts the body of the 401 in its error: the client shows Toolscope's own words on the token.
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`)))).rejects.toThrow(
      /Authorization: Bearer <token>/,
    )
  })

  it('lists tools with inputSchema, outputSchema, annotations and _meta', async () => {
    const client = await connect()
    try {
      const { tools } = await client.listTools()
      const echo = tools.find((t) => t.name === 'echo')
      expect(echo).toMatchObject({
        description: 'Echoes its text',
        inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
        outputSchema: { type: 'object', properties: { text: { type: 'string' }, length: { type: 'number' } } },
        annotations: { title: 'Echo', readOnlyHint: true },
        _meta: { fixture: true },
      })
      expect(tools.find((t) => t.name === 'upper')?.outputSchema).toBeUndefined()
    } finally {
      await client.close()
    }
  })

  it('calls a tool: structured content when it has an output schema, text otherwise, isError on failure', async () => {
    const client = await connect()
    try {
      const echo = await client.callTool({ name: 'echo', arguments: { text: 'mcp' } })
      expect(echo.structuredContent).toEqual({ text: 'mcp', length: 3 })
      expect(echo.isError).toBeFalsy()
      const upper = await client.callTool({ name: 'upper', arguments: { text: 'mcp' } })
      expect(textOf(upper)).toBe('MCP')
      const failed = await client.callTool({ name: 'fails', arguments: {} })
      expect(failed.isError).toBe(true)
      expect(textOf(failed)).toContain('Boom from the fixture')
      const unknown = await client.callTool({ name: 'nope', arguments: {} })
      expect(unknown.isError).toBe(true)
      // MCP calls land in the same history as the UI's runs.
      const runs = (await (await server.api('/api/runs')).json()).runs as Array<{ toolId: string; caller: string }>
      expect(runs.some((r) => r.toolId === 'echo' && r.caller === 'mcp')).toBe(true)
    } finally {
      await client.close()
    }
  })

  it('ends approval, suspend and elicitation with a clear error result when the client cannot elicit', async () => {
    const client = await connect()
    try {
      const approval = await client.callTool({ name: 'delete-file', arguments: { path: '/x' } })
      expect(approval.isError).toBe(true)
      expect(textOf(approval)).toMatch(/requires approval.*does not support elicitation/)
      const asked = await client.callTool({ name: 'ask-name', arguments: {} })
      expect(asked.isError).toBe(true)
      expect(textOf(asked)).toMatch(/elicitation/)
      const suspended = await client.callTool({ name: 'book-seat', arguments: { flight: 'LX9' } })
      expect(suspended.isError).toBe(true)
      expect(textOf(suspended)).toMatch(/resume data/)
    } finally {
      await client.close()
    }
  })

  it('asks for approval, resume data and tool elicitations through MCP elicitation', async () => {
    const prompts: string[] = []
    const client = await connect((message, schema): ElicitResult => {
      prompts.push(message)
      const props = Object.keys((schema.properties ?? {}) as object)
      if (props.includes('approve')) return { action: 'accept', content: { approve: true } }
      if (props.includes('seat')) return { action: 'accept', content: { seat: '1A' } }
      return { action: 'accept', content: { name: 'Ada' } }
    })
    try {
      const approved = await client.callTool({ name: 'delete-file', arguments: { path: '/x' } })
      expect(approved.structuredContent).toEqual({ deleted: '/x' })
      const booked = await client.callTool({ name: 'book-seat', arguments: { flight: 'LX9' } })
      expect(booked.isError).toBeFalsy()
      expect(JSON.parse(textOf(booked))).toEqual({ flight: 'LX9', seat: '1A' })
      const greeted = await client.callTool({ name: 'ask-name', arguments: {} })
      expect(textOf(greeted)).toContain('hello Ada')
      expect(prompts).toHaveLength(3)
      expect(prompts[2]).toBe('Your name?')
    } finally {
      await client.close()
    }
  })

  it('refuses tools/call arguments nested too deep or with too many keys, with the reason, before any run starts', async () => {
    const client = await connect()
    try {
      let deep: Record<string, unknown> = {}
      for (let i = 0; i < 300; i++) deep = { a: deep }
      const before = ((await (await server.api('/api/runs')).json()).runs as unknown[]).length
      const nested = await client.callTool({ name: 'echo', arguments: { text: deep } })
      expect(nested.isError).toBe(true)
      expect(textOf(nested)).toMatch(/^The arguments of "echo" are refused: JSON is nested deeper than 256 levels/)
      const wide = await client.callTool({
        name: 'echo',
        arguments: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])),
      })
      expect(wide.isError).toBe(true)
      expect(textOf(wide)).toMatch(/^The arguments of "echo" are refused: a JSON object has more than 10,000 keys/)
      expect(((await (await server.api('/api/runs')).json()).runs as unknown[]).length).toBe(before)
      // The session still serves calls within the bounds.
      expect((await client.callTool({ name: 'echo', arguments: { text: 'ok' } })).structuredContent).toEqual({
        text: 'ok',
        length: 2,
      })
    } finally {
      await client.close()
    }
  })

  it('a declined approval never runs the tool', async () => {
    const client = await connect(() => ({ action: 'decline' }))
    try {
      const result = await client.callTool({ name: 'delete-file', arguments: { path: '/y' } })
      expect(result.isError).toBe(true)
      expect(textOf(result)).toMatch(/declined/)
    } finally {
      await client.close()
    }
  })
})
