// Describes a loaded tool for the catalog (protocol ToolDetail): draft-07 JSON Schemas, flags,
// MCP properties, provider options and the provider/MCP previews produced by the runtime's serializers.

import { mcpInputSchema } from './mcpInput.ts'
import { toAnthropicTool, toJsonSchema, toMcpTool, toOpenAITool } from '../../src/runtime/index.ts'
import type { StandardSchemaV1, Tool } from '../../src/runtime/index.ts'
import type { ToolDetail, ToolFlags } from '../../src/shared/protocol.ts'
import type { DetectedTool } from './detect.ts'
import { toPlainJson } from './sanitize.ts'

const HOOKS = ['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'] as const

/** Flags shown as badges in the tool list. */
export function toolFlags(tool: Tool): ToolFlags {
  const annotations = tool.mcp?.annotations ?? {}
  const flags: ToolFlags = {
    requiresApproval: typeof tool.requireApproval === 'function' ? 'dynamic' : tool.requireApproval === true,
    canSuspend: Boolean(tool.suspendSchema || tool.resumeSchema),
    background: tool.background?.enabled === true,
    strict: tool.strict === true,
    hasTransform: Boolean(tool.transform && (tool.transform.display || tool.transform.transcript)),
    hasModelOutput: typeof tool.toModelOutput === 'function',
    hooks: HOOKS.filter((h) => typeof tool[h] === 'function'),
  }
  if (typeof annotations.readOnlyHint === 'boolean') flags.readOnly = annotations.readOnlyHint
  if (typeof annotations.destructiveHint === 'boolean') flags.destructive = annotations.destructiveHint
  if (typeof annotations.idempotentHint === 'boolean') flags.idempotent = annotations.idempotentHint
  if (typeof annotations.openWorldHint === 'boolean') flags.openWorld = annotations.openWorldHint
  return flags
}

/** Converts one schema, collecting a warning instead of failing the whole catalog. */
function schemaOf(schema: StandardSchemaV1 | undefined, io: 'input' | 'output', label: string, warnings: string[]) {
  if (!schema) return undefined
  try {
    return toPlainJson(toJsonSchema(schema, { io })) as Record<string, unknown>
  } catch (err) {
    warnings.push(`${label} schema could not be converted to JSON Schema: ${(err as Error).message}`)
    return undefined
  }
}

function preview(fn: () => unknown, label: string, warnings: string[]): unknown {
  try {
    return toPlainJson(fn())
  } catch (err) {
    warnings.push(`${label} preview failed: ${(err as Error).message}`)
    return null
  }
}

/** Builds the catalog entry of a detected tool. Never throws: problems come back as warnings. */
export function describeTool(found: DetectedTool, displayFile: string): { detail: ToolDetail; warnings: string[] } {
  const { tool } = found
  const warnings: string[] = []
  const w = (m: string) => warnings.push(`Tool "${tool.id}": ${m}`)
  const sink: string[] = []
  const detail: ToolDetail = {
    id: tool.id,
    description: typeof tool.description === 'string' ? tool.description : '',
    kind: found.kind,
    file: displayFile,
    exportName: found.exportName,
    access: found.access,
    flags: toolFlags(tool),
    schemas: {
      input: schemaOf(tool.inputSchema, 'input', 'input', sink),
      output: schemaOf(tool.outputSchema, 'output', 'output', sink),
      suspend: schemaOf(tool.suspendSchema, 'input', 'suspend', sink),
      resume: schemaOf(tool.resumeSchema, 'input', 'resume', sink),
      requestContext: schemaOf(tool.requestContextSchema, 'input', 'requestContext', sink),
    },
    previews: {
      mcp: preview(() => toMcpTool(tool), 'MCP', sink),
      openai: preview(() => toOpenAITool(tool), 'OpenAI', sink),
      anthropic: preview(() => toAnthropicTool(tool), 'Anthropic', sink),
    },
  }
  if (found.group) detail.group = found.group
  const mcpInput = mcpInputSchema(detail.schemas.input)
  if (mcpInput.adapted) {
    detail.mcpInput = mcpInput.adapted
    // The preview shows what tools/list really sends.
    const listed = detail.previews.mcp
    if (listed && typeof listed === 'object') detail.previews.mcp = { ...listed, inputSchema: mcpInput.schema }
  }
  if (found.libraryVersion) detail.libraryVersion = found.libraryVersion
  const title = tool.mcp?.annotations?.title ?? (found.original as { title?: unknown } | null)?.title
  if (typeof title === 'string') detail.title = title
  if (tool.mcp)
    detail.mcp = toPlainJson({ annotations: tool.mcp.annotations, _meta: tool.mcp._meta }) as ToolDetail['mcp']
  if (tool.providerOptions) detail.providerOptions = toPlainJson(tool.providerOptions) as ToolDetail['providerOptions']
  if (tool.inputExamples) detail.inputExamples = toPlainJson(tool.inputExamples) as ToolDetail['inputExamples']
  if (tool.background) detail.background = toPlainJson(tool.background) as Record<string, unknown>
  for (const m of sink) w(m)
  return { detail, warnings }
}
