// Provider views of a tool: the MCP `tools/list` entry, an OpenAI function tool (strict-valid when `strict`)
// and an Anthropic tool (input_schema, input_examples). Schemas come from the tool's Standard JSON Schemas.

import { toJsonSchema } from './standardSchema.ts'
import type { Tool } from './types.ts'
import type { JsonSchema } from './schemaTypes.ts'

const EMPTY_OBJECT_SCHEMA: JsonSchema = { type: 'object', properties: {} }

function withoutDialect(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined
  const { $schema: _dialect, ...rest } = schema
  return rest
}

/** Input JSON Schema of a tool (draft-07, no `$schema`), `{ type: 'object', properties: {} }` without an input schema. */
function inputSchemaOf(tool: Tool): JsonSchema {
  return (
    withoutDialect(toJsonSchema(tool.inputSchema, { io: 'input', target: 'draft-07' })) ??
    structuredClone(EMPTY_OBJECT_SCHEMA)
  )
}

/** MCP `tools/list` entry: name, title, description, inputSchema, outputSchema (object schemas only), annotations, _meta. */
export function toMcpTool(tool: Tool): Record<string, unknown> {
  const output = withoutDialect(toJsonSchema(tool.outputSchema, { io: 'output', target: 'draft-07' }))
  const annotations = tool.mcp?.annotations
  return {
    name: tool.id,
    ...(typeof annotations?.title === 'string' ? { title: annotations.title } : {}),
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    // MCP requires an object outputSchema (structuredContent is an object).
    ...(output && output.type === 'object' ? { outputSchema: output } : {}),
    ...(annotations ? { annotations: { ...annotations } } : {}),
    ...(tool.mcp?._meta ? { _meta: { ...tool.mcp._meta } } : {}),
  }
}

const isObject = (v: unknown): v is JsonSchema => v !== null && typeof v === 'object' && !Array.isArray(v)

function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type
  if (typeof type === 'string')
    return type === 'null'
      ? schema
      : { ...schema, type: [type, 'null'], ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}) }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

/**
 * OpenAI strict mode: every object gets `additionalProperties: false` and lists all its properties as required;
 * properties that were optional become nullable so the model can still leave them out (by sending null).
 */
export function toStrictJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toStrictJsonSchema)
  if (!isObject(schema)) return schema
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue
    if (key === 'properties' && isObject(value)) {
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, prop]) => {
          const strict = toStrictJsonSchema(prop) as JsonSchema
          return [name, required.has(name) ? strict : nullable(strict)]
        }),
      )
    } else if (
      ['items', 'additionalItems', 'not', 'if', 'then', 'else'].includes(key) ||
      ['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)
    ) {
      out[key] = toStrictJsonSchema(value)
    } else if (['$defs', 'definitions', 'patternProperties'].includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toStrictJsonSchema(v)]))
    } else {
      out[key] = value
    }
  }
  if (out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object')) || isObject(out.properties)) {
    out.properties = isObject(out.properties) ? out.properties : {}
    out.required = Object.keys(out.properties as JsonSchema)
    out.additionalProperties = false
  }
  return out
}

/** OpenAI (Chat Completions) function tool; `providerOptions.openai` is merged into `function`. */
export function toOpenAITool(tool: Tool): { type: 'function'; function: Record<string, unknown> } {
  const parameters = inputSchemaOf(tool)
  return {
    type: 'function',
    function: {
      name: tool.id,
      description: tool.description,
      parameters: tool.strict ? toStrictJsonSchema(parameters) : parameters,
      ...(tool.strict ? { strict: true } : {}),
      ...(tool.providerOptions?.openai ?? {}),
    },
  }
}

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * Anthropic Messages API tool: `input_schema`, `input_examples` from `inputExamples`, and `providerOptions.anthropic`
 * merged with its keys in the API's snake_case (`cacheControl` → `cache_control`).
 */
export function toAnthropicTool(tool: Tool): Record<string, unknown> {
  const extra = Object.fromEntries(Object.entries(tool.providerOptions?.anthropic ?? {}).map(([k, v]) => [snake(k), v]))
  return {
    name: tool.id,
    description: tool.description,
    input_schema: inputSchemaOf(tool),
    ...(tool.inputExamples?.length ? { input_examples: tool.inputExamples.map((example) => example.input) } : {}),
    ...extra,
  }
}
