// Anthropic Messages API client tools: the definition as `toAnthropicTool` (src/runtime/serializers.ts) builds it
// (input_schema, input_examples, providerOptions.anthropic in snake_case) and the limits Anthropic states for it.

import type { ToolDetail } from '../../shared/protocol.ts'
import { pointer } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta } from '../types.ts'
import { INPUT_PATH, checkName, findingOf, hasObjectRoot, inputSchemaOf, type ProviderProfile } from './common.ts'

const DEFINE_TOOLS_DOCS = 'https://docs.claude.com/en/docs/agents-and-tools/tool-use/implement-tool-use'

/**
 * Source: Claude docs, "Specifying client tools" (define tools): "name: The name of the tool. Must match the regex
 * ^[a-zA-Z0-9_-]{1,128}$." The API reference gives name minLength 1, maxLength 128. (Earlier versions of the guide
 * said {1,64}.)
 */
export const ANTHROPIC_NAME: RuleMeta = {
  id: 'anthropic/name-format',
  defaultSeverity: 'error',
  summary: 'Must be 1–128 characters of a-z, A-Z, 0-9, "_" or "-"',
  source: DEFINE_TOOLS_DOCS,
}
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/

/**
 * Source: API reference, Tool.input_schema (https://docs.claude.com/en/api/messages): "JSON schema for this tool's
 * input" with `type: "object"` as a required constant.
 */
export const ANTHROPIC_INPUT_OBJECT: RuleMeta = {
  id: 'anthropic/input-schema-object',
  defaultSeverity: 'error',
  summary: '`input_schema` must have `type: "object"`',
  source: 'https://docs.claude.com/en/api/messages',
}

/**
 * Source: the API's 400 error (not in the docs), e.g. github.com/anthropics/claude-code/issues/5973: "tools.21.custom.input_schema:
 * input_schema does not support oneOf, allOf, or anyOf at the top level".
 */
export const ANTHROPIC_TOP_LEVEL_UNION: RuleMeta = {
  id: 'anthropic/top-level-combinator',
  defaultSeverity: 'error',
  summary: '`input_schema` must not use oneOf, allOf or anyOf at the top level',
  source: 'https://github.com/anthropics/claude-code/issues/5973',
}

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

function definition(tool: ToolDetail): JsonObject {
  const extra: JsonObject = {}
  for (const [key, value] of Object.entries(tool.providerOptions?.anthropic ?? {})) extra[snake(key)] = value
  const out: JsonObject = { name: tool.id, description: tool.description, input_schema: inputSchemaOf(tool) }
  if (tool.inputExamples?.length) out.input_examples = tool.inputExamples.map((example) => example.input)
  return structuredClone({ ...out, ...extra })
}

function check(tool: ToolDetail): Finding[] {
  const findings = checkName(tool, ANTHROPIC_NAME, NAME_PATTERN, 'Anthropic')
  const schema = inputSchemaOf(tool)
  if (!hasObjectRoot(schema)) {
    findings.push(
      findingOf(
        ANTHROPIC_INPUT_OBJECT,
        'The input schema has no `type: "object"` at the root, which Anthropic requires of `input_schema`. Make the input a z.object({...}) and put the value under a named field.',
        { path: INPUT_PATH },
      ),
    )
  }
  for (const keyword of ['oneOf', 'allOf', 'anyOf']) {
    if (schema[keyword] === undefined) continue
    const message = `The input schema uses \`${keyword}\` at the top level, which Anthropic rejects. Put the union inside a field (z.object({ action: z.discriminatedUnion(...) })) or merge the branches into one object with optional fields.`
    findings.push(findingOf(ANTHROPIC_TOP_LEVEL_UNION, message, { path: pointer(INPUT_PATH, keyword) }))
  }
  return findings
}

/** Anthropic Messages API client tools. */
export const anthropicProvider: ProviderProfile = {
  id: 'anthropic',
  label: 'Anthropic',
  docs: DEFINE_TOOLS_DOCS,
  rules: [ANTHROPIC_NAME, ANTHROPIC_INPUT_OBJECT, ANTHROPIC_TOP_LEVEL_UNION],
  definition,
  check,
}
