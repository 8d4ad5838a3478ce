// The vocabulary of the tool linter: findings, severities, rule descriptions and provider ids. Plain types only,
// shared by the provider checks (providers/*), the lint rules (rules.ts) and the catalog run (lint.ts).

/** How bad a finding is: `error` means the provider rejects the tool (or the tool cannot work), `warning` that it is accepted with a loss or a risk. */
export type Severity = 'error' | 'warning'

/** A rule's setting in the config: its severity, or `off`. */
export type RuleSetting = 'off' | Severity

/** The provider views the linter knows. */
export const PROVIDER_IDS = ['openai', 'openai-strict', 'anthropic', 'gemini', 'mcp'] as const
/** One provider view: `openai` (function tools, non-strict), `openai-strict`, `anthropic`, `gemini`, `mcp`. */
export type ProviderId = (typeof PROVIDER_IDS)[number]

/** A JSON Schema (or any JSON object) as plain data. */
export type JsonObject = Record<string, unknown>

/**
 * One problem found in a tool. `path` is a JSON Pointer into the ToolDetail (`/id`, `/description`,
 * `/schemas/input/properties/cabin`, `/mcp/annotations`); `fixable` is set when the provider's `transform` repairs it
 * (the definition as sent already carries the repair).
 */
export interface Finding {
  ruleId: string
  severity: Severity
  /** What is wrong and how to fix it. */
  message: string
  path?: string
  fixable?: boolean
}

/** A rule as documented: its id, default setting, a one-line summary and, for provider rules, where the limit is stated. */
export interface RuleMeta {
  id: string
  defaultSeverity: RuleSetting
  summary: string
  /** The provider documentation (or, where marked in the source, the observed API error) the rule comes from. */
  source?: string
}

/** One change a transform made to a schema so that the provider accepts it. `path` is a JSON Pointer into the tool's schema. */
export interface SchemaChange {
  path: string
  message: string
}

/** The outcome of a provider transform: the schema as sent, and what was changed to get there. */
export interface SchemaTransform {
  schema: JsonObject
  changes: SchemaChange[]
}
