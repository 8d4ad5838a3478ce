// MCP through the official SDK client: tools/list works when input schemas are not objects (z.any(), a discriminated
// union, a bare string), and every bundled example tool can be listed and called.

import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXAMPLES_DIR } from '../../server/context.ts'
import { startTestServer, type TestServer } from '../../server/test/helpers.ts'
import { ToolDetail } from '../../src/shared/protocol.ts'
import { MISBEHAVING } from './helpers.ts'

/** A minimal value that satisfies a simple JSON Schema (required properties only). */
function sampleOf(schema: Record<string, any> | undefined): unknown {
  if (!schema) return {}
  if (schema.enum) return schema.enum[0]
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.anyOf ?? schema.oneOf) return sampleOf((schema.anyOf ?? schema.oneOf)[0])
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(((schema.required ?? []) as string[]).map((k) => [k, sampleOf(schema.properties?.[k])]))
    case 'array':
      return []
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    default:
      return 'x'
  }
}

/** Answers for the next elicitations (resume data of the scenario being called), used before any sample. */
const scripted: unknown[] = []

async function connect(server: TestServer): Promise<Client> {
  const client = new Client({ name: 'adversarial', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  client.setRequestHandler(ElicitRequestSchema, (req) => {
    const schema = (req.params as { requestedSchema?: Record<string, any> }).requestedSchema
    if (schema?.properties?.approve) return { action: 'accept', content: { approve: true } }
    return { action: 'accept', content: (scripted.shift() ?? sampleOf(schema)) as Record<string, unknown> }
  })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.origin}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
    }),
  )
  return client
}

describe('MCP listing of non-object input schemas', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ paths: [join(MISBEHAVING, 'schemas.ts')] })
  })
  afterAll(() => server.stop())

  it('lists every tool with an object input schema and calls them with their own arguments', async () => {
    const client = await connect(server)
    try {
      const { tools } = await client.listTools()
      expect(tools.map((t) => t.name).sort()).toEqual(['any-input', 'string-input', 'union-input'])
      for (const t of tools) expect(t.inputSchema.type).toBe('object')
      const union = await client.callTool({ name: 'union-input', arguments: { kind: 'b', s: 'hi' } })
      expect(union.structuredContent ?? JSON.parse((union.content as Array<{ text: string }>)[0].text)).toEqual({
        got: { kind: 'b', s: 'hi' },
      })
      const wrapped = await client.callTool({ name: 'string-input', arguments: { input: 'shout' } })
      expect(JSON.parse((wrapped.content as Array<{ text: string }>)[0].text)).toEqual({ upper: 'SHOUT' })
    } finally {
      await client.close()
    }
  })

  it('says so in the tool detail the Overview shows', async () => {
    const detail = async (id: string) => ToolDetail.parse(await (await server.api(`/api/tools/${id}`)).json())
    expect((await detail('union-input')).mcpInput).toBe('normalised')
    expect((await detail('string-input')).mcpInput).toBe('wrapped')
    expect((await detail('any-input')).mcpInput).toBe('wrapped')
  })
})

describe('every example tool through the SDK client', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ paths: [EXAMPLES_DIR], timeoutMs: 4_000 })
  })
  afterAll(() => server.stop())

  it('lists and calls each one; the ones with a success scenario that needs no network succeed', {
    timeout: 90_000,
  }, async () => {
    const scenarioDir = join(EXAMPLES_DIR, 'scenarios')
    const scenarios = new Map<
      string,
      {
        input?: unknown
        decisions?: Array<{ resumeData?: unknown; content?: unknown }>
        expect?: { status?: string }
        cassette?: unknown
        mocks?: unknown
      }
    >()
    for (const toolId of await readdir(scenarioDir)) {
      const [first] = (await readdir(join(scenarioDir, toolId))).sort()
      scenarios.set(toolId, JSON.parse(await readFile(join(scenarioDir, toolId, first), 'utf8')))
    }
    const client = await connect(server)
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBeGreaterThanOrEqual(19)
      for (const tool of tools) {
        const scenario = scenarios.get(tool.name)
        const args = (scenario?.input ?? sampleOf(tool.inputSchema as Record<string, unknown>)) as Record<
          string,
          unknown
        >
        scripted.splice(
          0,
          scripted.length,
          ...(scenario?.decisions ?? []).map((d) => d.resumeData ?? d.content).filter((v) => v !== undefined),
        )
        const result = await client.callTool({ name: tool.name, arguments: args })
        expect(Array.isArray(result.content), tool.name).toBe(true)
        // A tool whose scenario is answered by a cassette or mocks calls a real API over MCP (live): no connection here.
        const needsNetwork = scenario?.cassette !== undefined || scenario?.mocks !== undefined
        if (scenario?.expect?.status === 'success' && !needsNetwork)
          expect(result.isError ?? false, `${tool.name}: ${JSON.stringify(result.content)}`).toBe(false)
      }
    } finally {
      await client.close()
    }
  })
})
