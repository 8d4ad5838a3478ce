// The model-view size rule: what `toModelOutput` (or the default mapping) sends the model after each call costs
// context on every turn that follows. Checked on recorded model views: a finished run's, or a scenario's expectation.

import type { ModelOutput } from '../shared/protocol.ts'
import { findingOf } from './finding.ts'
import type { Finding, RuleMeta } from './types.ts'

/** A tool result stays in the conversation; one much larger than the model needs crowds out everything after it. */
export const MODEL_VIEW_TOKENS: RuleMeta = {
  id: 'model-view-tokens',
  defaultSeverity: 'warning',
  summary: 'What a call sends the model stays under the token budget',
}

/** Default token budget of one model view (a house default, not a provider limit). */
export const DEFAULT_MAX_MODEL_VIEW_TOKENS = 2000

/** A recorded model view of a tool and where it comes from (`scenario "all-orders"`, `run 3f2a…`). */
export interface ModelViewSample {
  toolId: string
  source: string
  model: ModelOutput
}

/**
 * The text of a model view as the model reads it: text as is, JSON serialized, the text parts of content. Images and
 * files are priced by their pixels or pages, not their text, so they are not counted.
 */
export function modelViewText(model: ModelOutput): string {
  switch (model.type) {
    case 'text':
    case 'error-text':
      return model.value
    case 'json':
    case 'error-json':
      return JSON.stringify(model.value ?? null)
    case 'execution-denied':
      return model.reason ?? ''
    case 'content':
      return model.value.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
  }
}

/** The finding for a model view over `max` tokens (`tokens` counted on its modelViewText), or none. */
export function modelViewFindings(
  source: string,
  tokens: { count: number; estimate: boolean; encoding: string },
  max: number,
): Finding[] {
  if (tokens.count <= max) return []
  const amount = tokens.count.toLocaleString('en-US')
  const counted = tokens.estimate ? `about ${amount} tokens (estimated)` : `${amount} tokens (${tokens.encoding})`
  const message = `The model view of ${source} is ${counted}, over the budget of ${max.toLocaleString('en-US')}; it stays in the conversation after the call. Return only what the model needs from toModelOutput (a summary, the top rows, ids to fetch more), or raise maxModelViewTokens.`
  return [findingOf(MODEL_VIEW_TOKENS, message, { path: '/toModelOutput' })]
}
