// The lint config: which rules are off or at which severity, for the whole project and per tool, and the thresholds.
// A zod schema (so a config file or request body is validated), and the function that applies it to findings.

import { z } from 'zod'
import type { Finding, RuleSetting } from './types.ts'

/** A rule's setting: `off`, `warning` or `error`. */
export const RuleSettingSchema = z.enum(['off', 'warning', 'error'])

/**
 * Rule settings by rule id. A key names one rule (`openai/name-format`) or every rule of a provider with `/*`
 * (`openai-strict/*`).
 */
export const RuleSettings = z.record(z.string().min(1), RuleSettingSchema)
/** Rule settings by rule id (or `provider/*`). */
export type RuleSettings = z.infer<typeof RuleSettings>

/** The linter's config: project-wide rule settings, per-tool ones (by tool id, they win), and the thresholds. */
export const LintConfig = z
  .object({
    rules: RuleSettings.optional(),
    tools: z.record(z.string(), z.object({ rules: RuleSettings.optional() }).strict()).optional(),
    /** Token budget of the model's view of one tool (rule `definition-tokens`). */
    maxDefinitionTokens: z.number().int().positive().optional(),
    /** Token budget of what one call sends the model (rule `model-view-tokens`). */
    maxModelViewTokens: z.number().int().positive().optional(),
    /** Shortest acceptable tool description, in characters (rule `description-too-short`). */
    minDescriptionLength: z.number().int().nonnegative().optional(),
  })
  .strict()
/** A parsed lint config. */
export type LintConfig = z.infer<typeof LintConfig>

function lookup(settings: RuleSettings | undefined, ruleId: string): RuleSetting | undefined {
  if (!settings) return undefined
  const exact = settings[ruleId]
  if (exact) return exact
  const slash = ruleId.indexOf('/')
  return slash > 0 ? settings[`${ruleId.slice(0, slash)}/*`] : undefined
}

/** The setting of a rule for one tool: the tool's own, else the project's, else the rule's default (`warning` if unknown). */
export function ruleSetting(
  ruleId: string,
  toolId: string,
  config: LintConfig,
  defaults: ReadonlyMap<string, RuleSetting>,
): RuleSetting {
  return (
    lookup(config.tools?.[toolId]?.rules, ruleId) ?? lookup(config.rules, ruleId) ?? defaults.get(ruleId) ?? 'warning'
  )
}

/** The findings of one tool under the config: those of rules turned off are dropped, the others take the configured severity. */
export function applyConfig(
  findings: readonly Finding[],
  toolId: string,
  config: LintConfig,
  defaults: ReadonlyMap<string, RuleSetting>,
): Finding[] {
  const out: Finding[] = []
  for (const finding of findings) {
    const setting = ruleSetting(finding.ruleId, toolId, config, defaults)
    if (setting === 'off') continue
    out.push(setting === finding.severity ? finding : { ...finding, severity: setting })
  }
  return out
}
