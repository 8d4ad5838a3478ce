// MCP `tools/list` entries: the listing as Toolscope's /mcp endpoint serves it (server/http/mcp.ts `mcpToolOf`, with the
// object-input adaptation of server/toolHost/mcpInput.ts, repeated here because src/ never imports server/), and the
// rules of the MCP specification's Tools page.

import type { ToolDetail } from '../../shared/protocol.ts'
import { isJsonObject, pointer, withoutDialect } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta } from '../types.ts'
import { INPUT_PATH, checkName, findingOf, type ProviderProfile } from './common.ts'

const TOOLS_SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools'
const SCHEMA_REFERENCE = 'https://modelcontextprotocol.io/specification/2025-11-25/schema#tool'

/**
 * Spec, Tools › Tool names: "Tool names SHOULD be between 1 and 128 characters in length (inclusive)" and "The following
 * SHOULD be the only allowed characters: uppercase and lowercase ASCII letters (A-Z, a-z), digits (0-9), underscore (_),
 * hyphen (-), and dot (.)". A SHOULD, hence a warning.
 */
export const MCP_NAME: RuleMeta = {
  id: 'mcp/name-format',
  defaultSeverity: 'warning',
  summary: 'Should be 1–128 characters of A-Z, a-z, 0-9, "_", "-" or "."',
  source: TOOLS_SPEC,
}
const NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/
/** Schema reference, Tool.inputSchema: `{ type: "object"; properties?; required? }` (the SDK client rejects other listings). */
export const MCP_INPUT_OBJECT: RuleMeta = {
  id: 'mcp/input-schema-object',
  defaultSeverity: 'warning',
  summary: '`inputSchema` must be an object schema',
  source: SCHEMA_REFERENCE,
}
/** Schema reference, Tool.outputSchema: `{ type: "object"; ... }`; structuredContent is an object. */
export const MCP_OUTPUT_OBJECT: RuleMeta = {
  id: 'mcp/output-schema-object',
  defaultSeverity: 'warning',
  summary: '`outputSchema` must be an object schema',
  source: SCHEMA_REFERENCE,
}
/** Schema reference, ToolAnnotations: `title?: string`, `readOnlyHint?`, `destructiveHint?`, `idempotentHint?`, `openWorldHint?: boolean`. */
export const MCP_ANNOTATION_TYPES: RuleMeta = {
  id: 'mcp/annotation-types',
  defaultSeverity: 'error',
  summary: 'Annotation hints are booleans and `title` a string',
  source: SCHEMA_REFERENCE,
}
/** ToolAnnotations.destructiveHint and idempotentHint: "(This property is meaningful only when `readOnlyHint == false`)". */
export const MCP_ANNOTATION_CONFLICT: RuleMeta = {
  id: 'mcp/annotation-conflict',
  defaultSeverity: 'warning',
  summary: 'A read-only tool cannot also be destructive',
  source: SCHEMA_REFERENCE,
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']

/** Whether and how the input schema was adapted for MCP, and the schema listed (as server/toolHost/mcpInput.ts). */
function mcpInput(schema: JsonObject | undefined): { schema: JsonObject; adapted?: 'normalised' | 'wrapped' } {
  if (!schema) return { schema: { type: 'object', properties: {} } }
  if (schema.type === 'object') return { schema }
  const branches = schema.anyOf ?? schema.oneOf
  const onlyObjects =
    Array.isArray(branches) && branches.length > 0 && branches.every((b) => isJsonObject(b) && b.type === 'object')
  if (onlyObjects && schema.type === undefined) return { schema: { ...schema, type: 'object' }, adapted: 'normalised' }
  const { $schema, ...inner } = schema
  return {
    schema: { ...($schema ? { $schema } : {}), type: 'object', properties: { input: inner }, required: ['input'] },
    adapted: 'wrapped',
  }
}

/** The listing as `toMcpTool` builds it, with the input schema as the endpoint adapts it. */
function definition(tool: ToolDetail): JsonObject {
  const out: JsonObject = { name: tool.id }
  const annotations = tool.mcp?.annotations
  if (typeof annotations?.title === 'string') out.title = annotations.title
  out.description = tool.description
  out.inputSchema = mcpInput(tool.schemas.input).schema
  if (tool.schemas.output?.type === 'object') out.outputSchema = withoutDialect(tool.schemas.output)
  if (tool.mcp?.annotations) out.annotations = tool.mcp.annotations
  if (tool.mcp?._meta) out._meta = tool.mcp._meta
  return structuredClone(out)
}

function checkAnnotations(annotations: JsonObject): Finding[] {
  const findings: Finding[] = []
  const at = '/mcp/annotations'
  for (const hint of HINTS) {
    if (annotations[hint] !== undefined && typeof annotations[hint] !== 'boolean') {
      findings.push(
        findingOf(
          MCP_ANNOTATION_TYPES,
          `\`${hint}\` is ${JSON.stringify(annotations[hint])}; MCP annotation hints are true or false. Set a boolean.`,
          { path: pointer(at, hint) },
        ),
      )
    }
  }
  if (annotations.title !== undefined && typeof annotations.title !== 'string') {
    findings.push(
      findingOf(MCP_ANNOTATION_TYPES, '`title` must be a string. Set a short human-readable name.', {
        path: pointer(at, 'title'),
      }),
    )
  }
  if (annotations.readOnlyHint === true && annotations.destructiveHint === true) {
    findings.push(
      findingOf(
        MCP_ANNOTATION_CONFLICT,
        '`readOnlyHint: true` with `destructiveHint: true`: a read-only tool cannot be destructive (destructiveHint only counts when readOnlyHint is false). Drop one of them.',
        { path: pointer(at, 'destructiveHint') },
      ),
    )
  }
  return findings
}

function check(tool: ToolDetail): Finding[] {
  const findings = checkName(tool, MCP_NAME, NAME_PATTERN, 'MCP')
  const adapted = mcpInput(tool.schemas.input).adapted
  if (adapted === 'wrapped') {
    findings.push(
      findingOf(
        MCP_INPUT_OBJECT,
        'The input schema is not an object, which MCP requires: Toolscope lists it wrapped as `{ input: ... }`, so MCP clients send the value under "input". Make the input a z.object({...}) to choose the field names yourself.',
        { path: INPUT_PATH, fixable: true },
      ),
    )
  } else if (adapted === 'normalised') {
    findings.push(
      findingOf(
        MCP_INPUT_OBJECT,
        'The input schema is a union of objects without `type: "object"`; it is listed with the type added. Nothing to do unless a client rejects the union.',
        { path: INPUT_PATH, fixable: true },
      ),
    )
  }
  const output = tool.schemas.output
  if (output && output.type !== 'object') {
    findings.push(
      findingOf(
        MCP_OUTPUT_OBJECT,
        'The output schema is not an object, so it is left out of the MCP listing (structuredContent must be an object). Return an object, e.g. z.object({ result: ... }).',
        { path: '/schemas/output' },
      ),
    )
  }
  if (tool.mcp?.annotations) findings.push(...checkAnnotations(tool.mcp.annotations))
  return findings
}

/** The MCP `tools/list` entry. */
export const mcpProvider: ProviderProfile = {
  id: 'mcp',
  label: 'MCP',
  docs: TOOLS_SPEC,
  rules: [MCP_NAME, MCP_INPUT_OBJECT, MCP_OUTPUT_OBJECT, MCP_ANNOTATION_TYPES, MCP_ANNOTATION_CONFLICT],
  definition,
  check,
}
