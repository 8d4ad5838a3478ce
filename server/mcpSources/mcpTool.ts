// An MCP server's tool as a createTool() tool, so the runtime runs it the way it runs any tool: its JSON Schemas
// validate input and output, `structuredContent` is the raw output, `content` becomes the model view, an `isError`
// result is a tool error, and the catalog entry is described and linted by the same code as in-process tools.

import { createTool, type ModelContentPart, type Tool, type ToolExecutionContext } from '../../src/runtime/index.ts'
import type { ToolDetail } from '../../src/shared/protocol.ts'
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js'
import { describeTool } from '../toolHost/describe.ts'
import { jsonSchemaStandard } from './jsonSchema.ts'

/** Calls the tool on its server; resolves to the server's result (isError included), rejects on a protocol failure. */
export type McpCall = (
  name: string,
  args: Record<string, unknown>,
  context: ToolExecutionContext,
) => Promise<CallToolResult>

/** One MCP tool in the catalog. */
export interface McpToolEntry {
  id: string
  server: string
  listing: McpTool
  tool: Tool
  detail: ToolDetail
}

/** The catalog id of a server's tool: `<server>_<tool>`, as Mastra's MCPClient names them for agents. */
export const mcpToolId = (server: string, name: string) => `${server}_${name}`

type Content = CallToolResult['content'][number]

/** One content block as a model output part (what an agent hands the model). */
export function modelPart(block: Content): ModelContentPart {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'image':
      return { type: 'image-data', data: block.data, mediaType: block.mimeType }
    case 'audio':
      return { type: 'file-data', data: block.data, mediaType: block.mimeType }
    case 'resource_link':
      return {
        type: 'text',
        text: `Resource link: ${block.name}${block.title ? ` (${block.title})` : ''} <${block.uri}>${block.description ? ` — ${block.description}` : ''}`,
      }
    case 'resource': {
      const r = block.resource as { uri: string; mimeType?: string; text?: string; blob?: string }
      if (typeof r.text === 'string') return { type: 'text', text: r.text }
      return {
        type: 'file-data',
        data: r.blob ?? '',
        mediaType: r.mimeType ?? 'application/octet-stream',
        filename: r.uri,
      }
    }
    default:
      return { type: 'custom', block }
  }
}

/** The text of an error result: its text blocks, else the JSON of its content. */
export function errorText(result: CallToolResult): string {
  const text = result.content
    .filter((c): c is Extract<Content, { type: 'text' }> => c.type === 'text')
    .map((c) => c.text)
    .join('\n')
  return text || JSON.stringify(result.structuredContent ?? result.content)
}

/** Builds the tool and its catalog entry; `call` runs it on the server. */
export function mcpToolEntry(
  server: string,
  listing: McpTool,
  call: McpCall,
): { entry: McpToolEntry; warnings: string[] } {
  const id = mcpToolId(server, listing.name)
  const input = jsonSchemaStandard(listing.inputSchema as Record<string, unknown>)
  const output = listing.outputSchema ? jsonSchemaStandard(listing.outputSchema as Record<string, unknown>) : undefined
  /**
   * Each result's content blocks, by the raw output they came with (structuredContent, or the blocks themselves): the
   * model view is built from them. Weak, so a run that never reaches toModelOutput (its output broke the outputSchema,
   * it was aborted) leaves nothing behind.
   */
  const contents = new WeakMap<object, CallToolResult['content']>()
  const annotations = {
    ...(listing.annotations ?? {}),
    ...(listing.title && !listing.annotations?.title ? { title: listing.title } : {}),
  }
  const tool = createTool({
    id,
    description: listing.description ?? '',
    inputSchema: input,
    ...(output ? { outputSchema: output } : {}),
    mcp: { annotations, ...(listing._meta ? { _meta: listing._meta } : {}) },
    execute: async (args: unknown, context: ToolExecutionContext) => {
      const result = await call(listing.name, (args ?? {}) as Record<string, unknown>, context)
      if (result.isError) throw new Error(errorText(result))
      // structuredContent is the raw output; without it, the content blocks are.
      const raw = result.structuredContent ?? result.content
      contents.set(raw, result.content)
      return raw
    },
    toModelOutput: (output: unknown) => {
      const content = (output !== null && typeof output === 'object' ? contents.get(output) : undefined) ?? []
      return { type: 'content', value: content.map(modelPart) }
    },
  } as never) as unknown as Tool
  const { detail, warnings } = describeTool(
    {
      tool,
      kind: 'mcp',
      file: `mcp:${server}`,
      exportName: listing.name,
      access: { exportName: listing.name, steps: [] },
      original: listing,
      group: server,
    },
    `mcp:${server}`,
  )
  detail.mcpServer = { server, name: listing.name }
  const title = listing.title ?? listing.annotations?.title
  if (title) detail.title = title
  for (const [label, schema] of [
    ['input', input],
    ['output', output],
  ] as const) {
    if (schema?.problem)
      warnings.push(
        `Tool "${id}": its ${label} schema cannot be compiled, so Toolscope does not check it (${schema.problem}).`,
      )
  }
  return { entry: { id, server, listing, tool, detail }, warnings }
}
