// Pieces every provider view shares: the provider interface, the tool's input schema as the serializers send it,
// and the helpers that turn a rule into a finding.

import type { ToolDetail } from '../../shared/protocol.ts'
import { findingOf } from '../finding.ts'
import { isJsonObject, withoutDialect } from '../jsonSchema.ts'
import type { Finding, JsonObject, ProviderId, RuleMeta, SchemaTransform } from '../types.ts'

export { INPUT_PATH, findingOf, type FindingOptions } from '../finding.ts'

/**
 * One provider's view of a tool: `definition` is the JSON the provider receives, `check` lists what it rejects or
 * loses, and `transform` (where one exists) repairs the input schema so that it is accepted, listing each change.
 * `definition` and `transform` return fresh JSON, never shared with the ToolDetail.
 */
export interface ProviderProfile {
  id: ProviderId
  label: string
  /** The provider's main documentation page for tool definitions. */
  docs: string
  rules: readonly RuleMeta[]
  definition(tool: ToolDetail): JsonObject
  check(tool: ToolDetail): Finding[]
  transform?(tool: ToolDetail): SchemaTransform
}

/**
 * The tool's input JSON Schema as the runtime serializers send it: no `$schema`, `{ type: 'object', properties: {} }`
 * when absent. A shallow copy: nested values are the ToolDetail's own, so callers read it and never change it.
 */
export function inputSchemaOf(tool: ToolDetail): JsonObject {
  const input = tool.schemas.input
  if (!isJsonObject(input)) return { type: 'object', properties: {} }
  return withoutDialect(input)
}

/** A finding when the tool id (sent as the function name) does not match `pattern`; `rule.summary` says what is allowed. */
export function checkName(tool: ToolDetail, rule: RuleMeta, pattern: RegExp, provider: string): Finding[] {
  if (pattern.test(tool.id)) return []
  const requirement = rule.summary.charAt(0).toLowerCase() + rule.summary.slice(1)
  const message = `The tool id "${tool.id}" is sent as the ${provider} tool name, which ${requirement}. Rename the tool (its \`id\`).`
  return [findingOf(rule, message, { path: '/id' })]
}

/** True when the root of the input schema describes an object (`type: "object"`). */
export function hasObjectRoot(schema: JsonObject): boolean {
  return schema.type === 'object'
}
