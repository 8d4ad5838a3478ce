// The tools catalog: what the tool host reports about each tool (summary, detail, flags, how it was reached), the
// catalog's load errors, and the change events pushed when the tool host reloads.

import { z } from 'zod'
import { HookName, JsonSchemaObject } from './events.ts'

export const ToolKind = z.enum(['toolscope', 'mastra', 'ai-sdk', 'mcp'])

export const ToolFlags = z.object({
  requiresApproval: z.union([z.boolean(), z.literal('dynamic')]),
  canSuspend: z.boolean(),
  background: z.boolean(),
  strict: z.boolean(),
  hasTransform: z.boolean(),
  hasModelOutput: z.boolean(),
  hooks: z.array(HookName),
  readOnly: z.boolean().optional(),
  destructive: z.boolean().optional(),
  idempotent: z.boolean().optional(),
  openWorld: z.boolean().optional(),
})
export type ToolFlags = z.infer<typeof ToolFlags>

/**
 * One step from a module export to a tool: an entry of an exported record or array (`key`), a Mastra agent's tools
 * (`agent-tools`: `(await agent.listTools())[key]`), a Mastra instance's agents (`instance-agent`: `listAgents()[key]`)
 * or tools (`instance-tools`: `listTools()[key]`).
 */
export const AccessStep = z.object({
  via: z.enum(['key', 'agent-tools', 'instance-agent', 'instance-tools']),
  key: z.union([z.string(), z.number()]),
})
export type AccessStep = z.infer<typeof AccessStep>

/** How the tool host reached a tool from its module: the export, then the steps (exported tests reach it the same way). */
export const ToolAccess = z.object({ exportName: z.string(), steps: z.array(AccessStep) })
export type ToolAccess = z.infer<typeof ToolAccess>

export const ToolSummary = z.object({
  id: z.string(),
  title: z.string().optional(),
  description: z.string(),
  kind: ToolKind,
  /** Group label in the tool list (a Mastra agent's name, for instance). */
  group: z.string().optional(),
  file: z.string(),
  exportName: z.string().optional(),
  flags: ToolFlags,
  /** For a tool of an MCP server (kind `mcp`): the server's name in the catalog and the tool's own name on it. */
  mcpServer: z.object({ server: z.string(), name: z.string() }).optional(),
  /** The model providers that refuse the tool's definition (`toolscope lint` errors), by label; absent when none. */
  refusedBy: z.array(z.string()).optional(),
})
export type ToolSummary = z.infer<typeof ToolSummary>

export const ToolDetail = ToolSummary.extend({
  libraryVersion: z.string().optional(),
  access: ToolAccess.optional(),
  schemas: z.object({
    input: JsonSchemaObject.optional(),
    output: JsonSchemaObject.optional(),
    suspend: JsonSchemaObject.optional(),
    resume: JsonSchemaObject.optional(),
    requestContext: JsonSchemaObject.optional(),
  }),
  mcp: z
    .object({
      annotations: z.record(z.string(), z.unknown()).optional(),
      _meta: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  inputExamples: z.array(z.object({ input: z.record(z.string(), z.unknown()) })).optional(),
  background: z.record(z.string(), z.unknown()).optional(),
  previews: z.object({ mcp: z.unknown(), openai: z.unknown(), anthropic: z.unknown() }),
  /** Set when the input schema is not an object schema, which MCP requires: `normalised` (type added) or `wrapped` (as `{ input }`). */
  mcpInput: z.enum(['normalised', 'wrapped']).optional(),
})
export type ToolDetail = z.infer<typeof ToolDetail>

export const CatalogError = z.object({ file: z.string(), message: z.string() })
export type CatalogError = z.infer<typeof CatalogError>

/** An MCP server the tools of the catalog come from, and how its connection is. */
export const McpServerState = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  /** Its command line or URL, as configured (`${VAR}` references unexpanded, header values left out). */
  target: z.string(),
  state: z.enum(['connecting', 'ready', 'failed', 'restarting']),
  /** Why it failed or restarts. */
  reason: z.string().optional(),
  /** What the server calls itself, and its version (from initialize). */
  serverName: z.string().optional(),
  version: z.string().optional(),
  tools: z.number().int(),
})
export type McpServerState = z.infer<typeof McpServerState>

export const Catalog = z.object({
  version: z.number().int(),
  tools: z.array(ToolSummary),
  errors: z.array(CatalogError),
  /** The MCP servers given with --mcp or in .mcp.json (absent when none). */
  servers: z.array(McpServerState).optional(),
  /** The server's per-run time budget (`--timeout`), shown beside a live run's elapsed time. */
  timeoutMs: z.number().positive().optional(),
})
export type Catalog = z.infer<typeof Catalog>

/** Pushed on `GET /api/catalog/events` whenever the tool host reloads. */
export const CatalogEvent = z.object({
  type: z.literal('catalog-changed'),
  version: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  errors: z.array(CatalogError),
})
export type CatalogEvent = z.infer<typeof CatalogEvent>
