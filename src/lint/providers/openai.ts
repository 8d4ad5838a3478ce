// OpenAI function tools without strict mode (Chat Completions `tools[].function`): the definition as
// src/runtime/serializers.ts builds it, and the limits OpenAI documents or enforces for it.

import type { ToolDetail } from '../../shared/protocol.ts'
import { typesOf, walkSchema } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta } from '../types.ts'
import { INPUT_PATH, checkName, findingOf, hasObjectRoot, inputSchemaOf, type ProviderProfile } from './common.ts'

const FUNCTION_CALLING_DOCS = 'https://platform.openai.com/docs/guides/function-calling'

/**
 * Source: OpenAI API reference, FunctionDefinition.name (https://platform.openai.com/docs/api-reference/chat/create):
 * "The name of the function to be called. Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum
 * length of 64."
 */
export const OPENAI_NAME: RuleMeta = {
  id: 'openai/name-format',
  defaultSeverity: 'error',
  summary: 'Must be 1–64 characters of a-z, A-Z, 0-9, "_" or "-"',
  source: 'https://platform.openai.com/docs/api-reference/chat/create',
}
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * Source: not in OpenAI's documentation; the API's own 400 error, reported for gpt-4o, o1 and o3-mini (e.g.
 * github.com/getsentry/sentry-mcp/issues/106, github.com/OpenHands/OpenHands/issues/4838): "Invalid
 * 'tools[13].function.description': string too long. Expected a string with maximum length 1024" (code
 * `string_above_max_length`). A warning because it is undocumented and model-dependent.
 */
export const OPENAI_DESCRIPTION_LENGTH: RuleMeta = {
  id: 'openai/description-length',
  defaultSeverity: 'warning',
  summary: 'Descriptions over 1024 characters are rejected by some OpenAI models',
  source: 'https://github.com/getsentry/sentry-mcp/issues/106',
}
/** The description length from which the API answers `string_above_max_length`. */
export const MAX_OPENAI_DESCRIPTION = 1024

/**
 * Source: the function-calling guide (https://platform.openai.com/docs/guides/function-calling) describes `parameters`
 * as a JSON Schema object; the API rejects any other root with "Invalid schema for function 'json': schema must be a
 * JSON Schema of 'type: "object"', got 'type: "None"'" (github.com/browserbase/stagehand/issues/1159).
 */
export const OPENAI_PARAMETERS_OBJECT: RuleMeta = {
  id: 'openai/parameters-object',
  defaultSeverity: 'error',
  summary: 'Function parameters must be a JSON Schema with `type: "object"` at the root',
  source: FUNCTION_CALLING_DOCS,
}

/**
 * Source: the API's 400 error `invalid_function_parameters`: "Invalid schema for function 'kafka_admin_topics': In
 * context=('properties', 'configs'), array schema missing items" (github.com/sigoden/aichat/pull/1049,
 * github.com/streamnative/streamnative-mcp-server/issues/26). Undocumented, but enforced in both modes.
 */
export const OPENAI_ARRAY_ITEMS: RuleMeta = {
  id: 'openai/array-items',
  defaultSeverity: 'error',
  summary: 'Every array schema needs `items`',
  source: 'https://github.com/sigoden/aichat/pull/1049',
}

/** Rules shared by the non-strict and strict OpenAI views (the same `tools[].function` object carries both). */
export const OPENAI_COMMON_RULES: readonly RuleMeta[] = [
  OPENAI_NAME,
  OPENAI_DESCRIPTION_LENGTH,
  OPENAI_PARAMETERS_OBJECT,
  OPENAI_ARRAY_ITEMS,
]

/** The checks both OpenAI views run on the raw input schema. */
export function checkOpenAICommon(tool: ToolDetail): Finding[] {
  const findings = checkName(tool, OPENAI_NAME, NAME_PATTERN, 'OpenAI')
  if (tool.description.length > MAX_OPENAI_DESCRIPTION) {
    const message = `The description is ${tool.description.length} characters; gpt-4o and the o-series reject function descriptions over ${MAX_OPENAI_DESCRIPTION} ("string_above_max_length"). Shorten it and move detail into the parameter descriptions.`
    findings.push(findingOf(OPENAI_DESCRIPTION_LENGTH, message, { path: '/description' }))
  }
  const schema = inputSchemaOf(tool)
  if (!hasObjectRoot(schema)) {
    const message =
      'The input schema is not an object schema, and OpenAI only accepts `type: "object"` parameters. Make the input schema a z.object({...}) and put the value under a named field.'
    findings.push(findingOf(OPENAI_PARAMETERS_OBJECT, message, { path: INPUT_PATH }))
  }
  walkSchema(schema, INPUT_PATH, (node, context) => {
    if (!typesOf(node).includes('array') || node.items !== undefined || node.prefixItems !== undefined) return
    const message =
      'This array has no `items` schema, which OpenAI rejects ("array schema missing items"). Give the array an element type, e.g. z.array(z.string()).'
    findings.push(findingOf(OPENAI_ARRAY_ITEMS, message, { path: context.path }))
  })
  return findings
}

/** The function-tool envelope both OpenAI views send (as `toOpenAITool`): `providerOptions.openai` merged into `function`. */
export function openAIFunctionTool(tool: ToolDetail, parameters: JsonObject, strict: boolean): JsonObject {
  return structuredClone({
    type: 'function',
    function: {
      name: tool.id,
      description: tool.description,
      parameters,
      ...(strict ? { strict: true } : {}),
      ...(tool.providerOptions?.openai ?? {}),
    },
  })
}

/** OpenAI function tools, non-strict: the schema is a hint, sent as it is. */
export const openaiProvider: ProviderProfile = {
  id: 'openai',
  label: 'OpenAI (function tools)',
  docs: FUNCTION_CALLING_DOCS,
  rules: OPENAI_COMMON_RULES,
  definition: (tool) => openAIFunctionTool(tool, inputSchemaOf(tool), false),
  check: checkOpenAICommon,
}
