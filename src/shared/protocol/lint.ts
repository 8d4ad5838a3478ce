// Provider checks and lint: findings, token counts, each provider's report on a tool, and the tokens of a run's views.

import { z } from 'zod'

/** One finding of a provider check or a lint rule: its rule, severity, what is wrong and how to fix it, where. */
export const LintFinding = z.object({
  ruleId: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  path: z.string().optional(),
  fixable: z.boolean().optional(),
})
export type LintFinding = z.infer<typeof LintFinding>

/** A token count, the tokenizer it comes from (`o200k_base`), and whether it is only an estimate. */
export const TokenCount = z.object({
  provider: z.string(),
  count: z.number().int(),
  estimate: z.boolean(),
  encoding: z.string(),
})
export type TokenCount = z.infer<typeof TokenCount>

/**
 * `GET /api/tools/:id/providers`: what each model provider gets (the definition as sent, after the changes that make
 * it acceptable) and what it finds, the lint findings, and token counts: the definition's per provider and the whole
 * catalog's (`catalogTools` tools), each an estimate when marked. `tokens` is the count the budget rule uses.
 */
export const ProviderReport = z.object({
  toolId: z.string(),
  tokens: TokenCount,
  catalogTools: z.number().int(),
  lint: z.array(LintFinding),
  providers: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      docs: z.string().optional(),
      verdict: z.enum(['accepted', 'warnings', 'refused']),
      definition: z.unknown(),
      findings: z.array(LintFinding),
      changes: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      tokens: TokenCount,
      catalogTokens: TokenCount,
    }),
  ),
})
export type ProviderReport = z.infer<typeof ProviderReport>

/** The token counts of one payload view per provider (`openai`, `anthropic`, `gemini`); `estimate` when approximate. */
export const ViewTokens = z.record(z.string(), z.object({ count: z.number().int(), estimate: z.boolean() }))
export type ViewTokens = z.infer<typeof ViewTokens>
/**
 * `GET /api/runs/:id/tokens`: what each view of each phase costs in tokens with each provider's tokenizer (how each
 * count is made in `counters`), and per phase the lint findings on its model view (`model-view-tokens`).
 */
export const RunTokens = z.object({
  runId: z.string(),
  counters: z.array(TokenCount.omit({ count: true }).extend({ label: z.string() })),
  phases: z.record(
    z.string(),
    z.object({
      raw: ViewTokens,
      display: ViewTokens,
      transcript: ViewTokens,
      model: ViewTokens.optional(),
      findings: z.array(LintFinding),
    }),
  ),
})
export type RunTokens = z.infer<typeof RunTokens>
