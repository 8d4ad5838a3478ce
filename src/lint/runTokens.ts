// What a run's views cost in tokens (`GET /api/runs/:id/tokens`): each view of each phase counted with each
// provider's tokenizer, and the model-view size rule applied to the model views. Pure: views and counters in.

import type { RunTokens, Views, ViewTokens } from '../shared/protocol.ts'
import { applyConfig, type LintConfig } from './config.ts'
import { DEFAULT_MAX_MODEL_VIEW_TOKENS, MODEL_VIEW_TOKENS, modelViewFindings, modelViewText } from './modelView.ts'
import { PROVIDERS } from './providers/index.ts'
import { countTokensBounded, type TokenCounter } from './tokens.ts'
import type { ProviderId } from './types.ts'

/** The providers a run's views are counted for (strict mode and MCP read the same text as OpenAI). */
export const RUN_TOKEN_PROVIDERS = ['openai', 'anthropic', 'gemini'] as const satisfies readonly ProviderId[]

/** A value as text: strings as they are, anything else as JSON. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value ?? null) ?? '')
}

// Bounded (tokens.ts): pieces keep a long unbroken run linear, and past MAX_EXACT_TOKEN_CHARS the prefix is scaled.
function countText(counter: TokenCounter, text: string): ViewTokens[string] {
  const { count, estimate } = countTokensBounded(counter, text)
  return { count, estimate }
}

/** The counts of one run's views: every phase, every view, each provider in RUN_TOKEN_PROVIDERS. */
export function runTokens(
  run: { runId: string; toolId: string; views: Partial<Record<string, Views>> },
  counters: Record<(typeof RUN_TOKEN_PROVIDERS)[number], TokenCounter>,
  config: LintConfig = {},
): RunTokens {
  const count = (text: string): ViewTokens =>
    Object.fromEntries(RUN_TOKEN_PROVIDERS.map((id) => [id, countText(counters[id], text)]))
  const phases: RunTokens['phases'] = {}
  const defaults = new Map([[MODEL_VIEW_TOKENS.id, MODEL_VIEW_TOKENS.defaultSeverity]])
  const max = config.maxModelViewTokens ?? DEFAULT_MAX_MODEL_VIEW_TOKENS
  for (const [phase, views] of Object.entries(run.views)) {
    if (!views) continue
    const counted: RunTokens['phases'][string] = {
      raw: count(textOf(views.raw)),
      display: count(textOf(views.display.value)),
      transcript: count(textOf(views.transcript.value)),
      findings: [],
    }
    if (views.model) {
      counted.model = count(modelViewText(views.model))
      const found = modelViewFindings(
        `this run's ${phase}`,
        { ...counted.model.openai, encoding: counters.openai.encoding },
        max,
      )
      counted.findings = applyConfig(found, run.toolId, config, defaults)
    }
    phases[phase] = counted
  }
  return {
    runId: run.runId,
    counters: RUN_TOKEN_PROVIDERS.map((id) => ({
      provider: id,
      label: PROVIDERS[id].label,
      encoding: counters[id].encoding,
      estimate: counters[id].estimate,
    })),
    phases,
  }
}
