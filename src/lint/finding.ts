// Turning a rule into a finding, and the pointer under which schema findings are reported. Shared by the provider
// checks and the lint rules.

import type { Finding, RuleMeta } from './types.ts'

/** Pointer of the input schema inside a ToolDetail; schema findings are reported under it. */
export const INPUT_PATH = '/schemas/input'

/** Options of one finding besides its rule and message. */
export interface FindingOptions {
  path?: string
  fixable?: boolean
}

/** A finding of `rule` at its default severity (a rule that is off by default reports as a warning; the config decides). */
export function findingOf(rule: RuleMeta, message: string, options: FindingOptions = {}): Finding {
  const finding: Finding = {
    ruleId: rule.id,
    severity: rule.defaultSeverity === 'error' ? 'error' : 'warning',
    message,
  }
  if (options.path !== undefined) finding.path = options.path
  if (options.fixable) finding.fixable = true
  return finding
}
