// Reasons for values that look like tools but are of no kind Toolscope can run, so the catalog lists them as errors
// instead of dropping them silently: provider-executed AI SDK tools, AI SDK 4 tools, tools of other frameworks.

import type { UnknownToolReason } from '../detect.ts'

const FUNCTION_KEYS = ['execute', 'invoke', '_call', 'func', 'handler']
const SCHEMA_KEYS = ['inputSchema', 'parameters', 'schema', 'input_schema', 'argsSchema', 'args']

/** Why `value` is not loaded although it looks like a tool; undefined for values that do not look like tools. */
export const unknownToolReason: UnknownToolReason = (value) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const v = value as Record<string, any>
  // Mastra workflow steps and workflows have ids, schemas and execute too, but are not tools.
  if (typeof v.component === 'string' || /Workflow/.test(v.constructor?.name ?? '')) return undefined
  if (v.type === 'provider' || v.type === 'provider-defined') {
    return `provider-defined tool${typeof v.id === 'string' ? ` "${v.id}"` : ''}: it is executed by the model provider, so Toolscope cannot run it`
  }
  if (
    'parameters' in v &&
    !('inputSchema' in v) &&
    (typeof v.execute === 'function' || typeof v.description === 'string') &&
    v.id === undefined
  ) {
    return 'AI SDK 4 tool (it has `parameters` instead of `inputSchema`): Toolscope loads tools of the AI SDK 5 and later'
  }
  const fns = FUNCTION_KEYS.filter((k) => typeof v[k] === 'function')
  const schemas = SCHEMA_KEYS.filter((k) => v[k] !== undefined && v[k] !== null)
  const named = typeof v.description === 'string' || typeof v.name === 'string'
  if (fns.length === 0 || (schemas.length === 0 && !named)) return undefined
  const kind =
    typeof v.constructor?.name === 'string' && v.constructor.name !== 'Object' ? `a ${v.constructor.name}` : 'an object'
  const has = [...fns.map((k) => `${k}()`), ...schemas].join(', ')
  return `looks like a tool (${kind} with ${has}) but is of no kind Toolscope knows: use createTool() from toolscope or @mastra/core, or tool() from the ai package`
}
