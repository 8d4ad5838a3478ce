// MCP requires a tool's inputSchema to be `type: "object"` (the official SDK client rejects the whole tools/list
// otherwise). Schemas that already accept only objects (a union of objects, say) are normalised by adding the type;
// anything else (z.any(), a string, a mixed union) is wrapped as `{ input: <schema> }` and unwrapped on call.

/** How a tool's input schema was adapted for MCP: `normalised` (type added) or `wrapped` (under `input`). */
export type McpInputAdaptation = 'normalised' | 'wrapped'

type Schema = Record<string, unknown>

const isObject = (s: unknown): boolean => !!s && typeof s === 'object' && (s as Schema).type === 'object'

/** True when every branch of a union is itself an object schema, so adding `type: "object"` changes nothing. */
function onlyObjects(schema: Schema): boolean {
  const branches = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined
  return Array.isArray(branches) && branches.length > 0 && branches.every(isObject) && schema.type === undefined
}

/** The MCP form of an input JSON Schema and how it was adapted (undefined when it was already an object schema). */
export function mcpInputSchema(schema: Schema | undefined): { schema: Schema; adapted?: McpInputAdaptation } {
  if (!schema) return { schema: { type: 'object', properties: {} } }
  if (isObject(schema)) return { schema }
  if (onlyObjects(schema)) return { schema: { ...schema, type: 'object' }, adapted: 'normalised' }
  const { $schema, ...inner } = schema
  return {
    schema: { ...($schema ? { $schema } : {}), type: 'object', properties: { input: inner }, required: ['input'] },
    adapted: 'wrapped',
  }
}

/** The tool's own arguments from an MCP call: unwrapped when its schema was wrapped. */
export function toolArguments(
  args: Record<string, unknown> | undefined,
  adapted: McpInputAdaptation | undefined,
): unknown {
  if (adapted === 'wrapped') return args?.input
  return args ?? {}
}
