// One tool's provider report (`GET /api/tools/:id/providers`): for each provider, the definition as sent, what the
// provider check finds and the verdict it leads to, with the changes a transform made; the lint findings and tokens.

import type { ProviderReport, ToolDetail } from '../shared/protocol.ts'
import type { CatalogLint, ToolLintResult } from './lint.ts'
import { PROVIDERS } from './providers/index.ts'
import { PROVIDER_IDS, type Finding } from './types.ts'

/** accepted: nothing found; warnings: accepted with findings; refused: an error. */
function verdictOf(findings: readonly Finding[]): ProviderReport['providers'][number]['verdict'] {
  if (findings.some((f) => f.severity === 'error')) return 'refused'
  return findings.length > 0 ? 'warnings' : 'accepted'
}

/** The labels of the providers that refuse a tool (an error in their view). */
export function refusedBy(result: ToolLintResult): string[] {
  return PROVIDER_IDS.filter((id) => (result.providers[id] ?? []).some((f) => f.severity === 'error')).map(
    (id) => PROVIDERS[id].label,
  )
}

/** The report of `tool`, from the lint of its catalog (which must include it). */
export function providerReport(tool: ToolDetail, lint: CatalogLint): ProviderReport | undefined {
  const result = lint.tools.find((r) => r.toolId === tool.id)
  if (!result) return undefined
  return {
    toolId: tool.id,
    tokens: result.tokens,
    catalogTools: lint.summary.tools,
    lint: result.lint,
    providers: PROVIDER_IDS.map((id) => {
      const profile = PROVIDERS[id]
      const findings = result.providers[id] ?? []
      const changes = profile.transform?.(tool).changes
      const tokens = result.definitionTokens[id] ?? result.tokens
      const catalogTokens = lint.summary.definitionTokens[id] ?? tokens
      return {
        id,
        label: profile.label,
        docs: profile.docs,
        verdict: verdictOf(findings),
        definition: profile.definition(tool),
        findings,
        tokens,
        catalogTokens,
        ...(changes?.length ? { changes } : {}),
      }
    }),
  }
}
