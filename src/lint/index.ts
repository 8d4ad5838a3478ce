// The tool linter's public API: provider views (what each model provider gets and rejects), lint rules, the config
// schema, token counting and the catalog run. Works on ToolDetail JSON only.

export { LintConfig, RuleSettingSchema, RuleSettings, applyConfig, ruleSetting } from './config.ts'
export {
  ALL_RULES,
  lintCatalog,
  lintCatalogSafely,
  uniqueFindings,
  type CatalogLint,
  type Counts,
  type DefinitionTokens,
  type LintOptions,
  type LintSummary,
  type ToolLintResult,
} from './lint.ts'
export {
  PROVIDERS,
  toGeminiSchema,
  toOpenAIStrict,
  type GeminiConversion,
  type ProviderProfile,
} from './providers/index.ts'
export {
  DEFAULT_MAX_DEFINITION_TOKENS,
  DEFAULT_MIN_DESCRIPTION_LENGTH,
  TOOL_RULES,
  lintTool,
  type RuleContext,
} from './rules.ts'
export {
  DEFAULT_SIMILARITY_THRESHOLD,
  DUPLICATE_DESCRIPTION,
  descriptionTokens,
  duplicateDescriptions,
  jaccard,
  similarPairs,
} from './similarity.ts'
export {
  CHARS_PER_TOKEN,
  countTokensBounded,
  definitionText,
  estimateTokenCounter,
  MAX_EXACT_TOKEN_CHARS,
  type BoundedTokenCount,
  type TokenCounter,
} from './tokens.ts'
export { providerReport, refusedBy } from './report.ts'
export {
  PROVIDER_IDS,
  type Finding,
  type JsonObject,
  type ProviderId,
  type RuleMeta,
  type RuleSetting,
  type SchemaChange,
  type SchemaTransform,
  type Severity,
} from './types.ts'
export {
  DEFAULT_MAX_MODEL_VIEW_TOKENS,
  MODEL_VIEW_TOKENS,
  modelViewFindings,
  modelViewText,
  type ModelViewSample,
} from './modelView.ts'
export { estimateTokenCounters, loadTokenCounters, type TokenCounters } from './tokenizers.ts'
export { RUN_TOKEN_PROVIDERS, runTokens } from './runTokens.ts'
