// Lints a whole catalog: per tool, the findings of each provider view and of the lint rules, under the config, plus
// summary counts. Pure: ToolDetail JSON in, plain data out; no tool code runs.

import type { ToolDetail } from '../shared/protocol.ts'
import { applyConfig, type LintConfig } from './config.ts'
import { PROVIDERS } from './providers/index.ts'
import {
  DEFAULT_MAX_DEFINITION_TOKENS,
  DEFAULT_MIN_DESCRIPTION_LENGTH,
  TOOL_RULES,
  lintTool,
  type RuleContext,
} from './rules.ts'
import { DEFAULT_SIMILARITY_THRESHOLD, DUPLICATE_DESCRIPTION, duplicateDescriptions } from './similarity.ts'
import {
  DEFAULT_MAX_MODEL_VIEW_TOKENS,
  MODEL_VIEW_TOKENS,
  modelViewFindings,
  modelViewText,
  type ModelViewSample,
} from './modelView.ts'
import { countTokensBounded, definitionText, estimateTokenCounter, type TokenCounter } from './tokens.ts'
import { PROVIDER_IDS, type Finding, type ProviderId, type RuleMeta, type RuleSetting } from './types.ts'

/** Every rule the linter knows (provider rules first, then lint rules), each once. */
export const ALL_RULES: readonly RuleMeta[] = (() => {
  const byId = new Map<string, RuleMeta>()
  for (const id of PROVIDER_IDS) for (const rule of PROVIDERS[id].rules) byId.set(rule.id, rule)
  for (const rule of [...TOOL_RULES, MODEL_VIEW_TOKENS, DUPLICATE_DESCRIPTION]) byId.set(rule.id, rule)
  return [...byId.values()]
})()

const DEFAULTS: ReadonlyMap<string, RuleSetting> = new Map(ALL_RULES.map((rule) => [rule.id, rule.defaultSeverity]))

/** How to lint, besides the config. */
export interface LintOptions {
  /** Provider views to check (all by default). */
  providers?: readonly ProviderId[]
  /** Token counter per provider (an estimate for each one missing; see tokenizers.ts for the real ones). */
  tokenCounters?: Partial<Record<ProviderId, TokenCounter>>
  /** Whose definition the `definition-tokens` rule and the model-view rule count (`openai` by default). */
  tokenProvider?: ProviderId
  /** Recorded model views (scenario expectations, finished runs) for the `model-view-tokens` rule. */
  modelViews?: readonly ModelViewSample[]
  /** Similarity from which descriptions count as near-duplicates (0.9 by default). */
  similarityThreshold?: number
}

/** Error and warning counts. */
export interface Counts {
  errors: number
  warnings: number
}

/** The token count of one tool's definition as the model reads it. */
export interface DefinitionTokens {
  provider: ProviderId
  count: number
  estimate: boolean
  encoding: string
}

/**
 * One tool's results: findings per provider view, lint findings, its totals, and token counts: `tokens` is the one the
 * budget rule uses, `definitionTokens` has one per checked provider.
 */
export interface ToolLintResult extends Counts {
  toolId: string
  providers: Partial<Record<ProviderId, Finding[]>>
  lint: Finding[]
  tokens: DefinitionTokens
  definitionTokens: Partial<Record<ProviderId, DefinitionTokens>>
}

/** Totals over the catalog: tools with errors or warnings, findings per provider, for the lint rules, and per rule. */
export interface LintSummary extends Counts {
  tools: number
  toolsWithErrors: number
  toolsWithWarnings: number
  providers: Partial<Record<ProviderId, Counts>>
  lint: Counts
  rules: Record<string, Counts>
  /** The whole catalog's definitions per provider: what every request carries when all the tools are offered. */
  definitionTokens: Partial<Record<ProviderId, DefinitionTokens>>
}

/** The lint of a catalog. */
export interface CatalogLint {
  tools: ToolLintResult[]
  summary: LintSummary
}

/**
 * `findings` with each one kept once. The OpenAI and OpenAI-strict views run the same common checks (name, description,
 * parameters), so one problem is found by both: listed under each view, it is counted and printed once.
 */
export function uniqueFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>()
  return findings.filter((f) => {
    const key = JSON.stringify([f.ruleId, f.severity, f.path ?? '', f.message])
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function add(counts: Counts, findings: readonly Finding[]): void {
  for (const finding of findings) {
    if (finding.severity === 'error') counts.errors += 1
    else counts.warnings += 1
  }
}

function summarize(results: readonly ToolLintResult[], providers: readonly ProviderId[]): LintSummary {
  const summary: LintSummary = {
    tools: results.length,
    toolsWithErrors: 0,
    toolsWithWarnings: 0,
    errors: 0,
    warnings: 0,
    providers: {},
    lint: { errors: 0, warnings: 0 },
    rules: {},
    definitionTokens: {},
  }
  const perProvider = new Map<ProviderId, Counts>(providers.map((id) => [id, { errors: 0, warnings: 0 }]))
  for (const [id, counts] of perProvider) summary.providers[id] = counts
  for (const result of results) {
    summary.errors += result.errors
    summary.warnings += result.warnings
    if (result.errors > 0) summary.toolsWithErrors += 1
    if (result.warnings > 0) summary.toolsWithWarnings += 1
    add(summary.lint, result.lint)
    for (const [id, tokens] of Object.entries(result.definitionTokens) as Array<[ProviderId, DefinitionTokens]>) {
      const total = summary.definitionTokens[id]
      if (total) total.count += tokens.count
      else summary.definitionTokens[id] = { ...tokens }
    }
    const all = [...result.lint]
    for (const id of providers) {
      const findings = result.providers[id] ?? []
      const counts = perProvider.get(id)
      if (counts) add(counts, findings)
      all.push(...findings)
    }
    for (const finding of uniqueFindings(all)) {
      let counts = summary.rules[finding.ruleId]
      if (!counts) {
        counts = { errors: 0, warnings: 0 }
        summary.rules[finding.ruleId] = counts
      }
      add(counts, [finding])
    }
  }
  return summary
}

/**
 * Lints every tool of a catalog under `config` (parse untrusted configs with `LintConfig.parse` first). A tool's totals
 * count its lint findings and its findings in every checked provider view.
 */
export function lintCatalog(
  tools: readonly ToolDetail[],
  config: LintConfig = {},
  options: LintOptions = {},
): CatalogLint {
  const providers = options.providers ?? PROVIDER_IDS
  const counterOf = (id: ProviderId) => options.tokenCounters?.[id] ?? estimateTokenCounter(id)
  const tokenProvider = options.tokenProvider ?? 'openai'
  const duplicates = duplicateDescriptions(tools, options.similarityThreshold ?? DEFAULT_SIMILARITY_THRESHOLD)
  const samples = new Map<string, ModelViewSample[]>()
  for (const sample of options.modelViews ?? [])
    samples.set(sample.toolId, [...(samples.get(sample.toolId) ?? []), sample])
  const maxModelViewTokens = config.maxModelViewTokens ?? DEFAULT_MAX_MODEL_VIEW_TOKENS
  const results = tools.map((tool, index): ToolLintResult => {
    const definitionTokens: Partial<Record<ProviderId, DefinitionTokens>> = {}
    // Counted bounded (tokens.ts): a megabyte description is sampled, and the definition-tokens finding says so.
    let sampled: RuleContext['sampled']
    for (const id of new Set([tokenProvider, ...providers])) {
      const counter = counterOf(id)
      const text = definitionText(PROVIDERS[id].definition(tool))
      const counted = countTokensBounded(counter, text)
      definitionTokens[id] = {
        provider: id,
        count: counted.count,
        estimate: counted.estimate,
        encoding: counter.encoding,
      }
      if (id === tokenProvider && counted.sampledChars !== undefined)
        sampled = { chars: counted.sampledChars, of: text.length }
    }
    const tokens = definitionTokens[tokenProvider]!
    const context: RuleContext = {
      minDescriptionLength: config.minDescriptionLength ?? DEFAULT_MIN_DESCRIPTION_LENGTH,
      maxDefinitionTokens: config.maxDefinitionTokens ?? DEFAULT_MAX_DEFINITION_TOKENS,
      definitionTokens: tokens,
      ...(sampled ? { sampled } : {}),
    }
    const modelViews = (samples.get(tool.id) ?? []).flatMap((sample) => {
      const counter = counterOf(tokenProvider)
      const counted = countTokensBounded(counter, modelViewText(sample.model))
      return modelViewFindings(
        sample.source,
        { count: counted.count, estimate: counted.estimate, encoding: counter.encoding },
        maxModelViewTokens,
      )
    })
    const lint = applyConfig(
      [...lintTool(tool, context), ...modelViews, ...(duplicates.get(index) ?? [])],
      tool.id,
      config,
      DEFAULTS,
    )
    const result: ToolLintResult = {
      toolId: tool.id,
      providers: {},
      lint,
      tokens,
      definitionTokens,
      errors: 0,
      warnings: 0,
    }
    for (const id of providers) result.providers[id] = applyConfig(PROVIDERS[id].check(tool), tool.id, config, DEFAULTS)
    add(result, uniqueFindings([...lint, ...providers.flatMap((id) => result.providers[id] ?? [])]))
    return result
  })
  return { tools: results, summary: summarize(results, providers) }
}

/**
 * lintCatalog for a server that must answer whatever the tools look like: a lint that throws (a schema shape no rule
 * expected) gives an empty result and is reported through `onError`, so the catalog is still served.
 */
export function lintCatalogSafely(
  tools: readonly ToolDetail[],
  config: LintConfig,
  onError: (err: Error) => void,
  options: LintOptions = {},
): CatalogLint {
  try {
    return lintCatalog(tools, config, options)
  } catch (err) {
    onError(err as Error)
    return { tools: [], summary: summarize([], []) }
  }
}
