// A model target made real: the AI SDK provider package for it, given the key from ModelKeys, and its
// errors turned into sentences. The 3.x providers (LanguageModelV3) run on Node 18 and later, so the feature works on
// every Node Toolscope supports. OpenAI is reached through Chat Completions, the wire format the Providers panel shows.

import type { MetadataExtractor } from '@ai-sdk/openai-compatible'
import { APICallError, type LanguageModelV3 } from '@ai-sdk/provider'
import { modelLabel, type ModelProvider, type ModelTarget } from '../../src/shared/protocol.ts'
import { maskSecrets } from '../../src/runtime/index.ts'
import { KEY_VARIABLES, type ModelKeys } from './keys.ts'

/** How each provider is shown, and its base URL when none is given. */
export const PROVIDER_INFO: Readonly<Record<ModelProvider, { label: string; defaultBaseURL?: string }>> = {
  openai: { label: 'OpenAI', defaultBaseURL: 'https://api.openai.com/v1' },
  anthropic: { label: 'Anthropic', defaultBaseURL: 'https://api.anthropic.com/v1' },
  google: { label: 'Google', defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta' },
  'openai-compatible': { label: 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter, …)' },
}

/** Thrown when a model cannot be made: no key, no base URL. */
export class ModelSetupError extends Error {}

/**
 * The provider's language model for `target`. Keys are required except for openai-compatible (local servers need none).
 * Each provider package loads on its first use: a server nobody tries a model on does not hold them in memory.
 */
export async function modelFor(target: ModelTarget, keys: ModelKeys): Promise<LanguageModelV3> {
  const apiKey = keys.key(target.provider)
  const baseURL = target.baseURL
  if (!apiKey && target.provider !== 'openai-compatible') {
    throw new ModelSetupError(
      `No key for ${target.provider}: set ${KEY_VARIABLES[target.provider].join(' or ')} in the environment of the Toolscope server (or in a file given with --env-file).`,
    )
  }
  switch (target.provider) {
    case 'openai':
      return (await import('@ai-sdk/openai')).createOpenAI({ apiKey, baseURL }).chat(target.model)
    case 'anthropic':
      return (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey, baseURL })(target.model)
    case 'google':
      return (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey, baseURL })(target.model)
    case 'openai-compatible':
      if (!baseURL)
        throw new ModelSetupError(
          'An openai-compatible model needs a base URL (for Ollama: http://127.0.0.1:11434/v1).',
        )
      return (await import('@ai-sdk/openai-compatible')).createOpenAICompatible({
        name: 'openai-compatible',
        baseURL,
        apiKey,
        includeUsage: true,
        metadataExtractor: COST_EXTRACTOR,
      })(target.model)
  }
}

/** The cost an OpenAI-compatible server reports in its usage (OpenRouter's `usage.cost`, in USD), when it does. */
function reportedUsageCost(body: unknown): number | undefined {
  const cost = (body as { usage?: { cost?: unknown } } | null)?.usage?.cost
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : undefined
}

/** Keeps a reported cost as provider metadata (`openaiCompatibleCost.cost`), where the conversation reads a step's cost. */
const COST_EXTRACTOR: MetadataExtractor = {
  extractMetadata: async ({ parsedBody }) => {
    const cost = reportedUsageCost(parsedBody)
    return cost === undefined ? undefined : { openaiCompatibleCost: { cost } }
  },
  createStreamExtractor: () => {
    let cost: number | undefined
    return {
      processChunk: (chunk) => (cost = reportedUsageCost(chunk) ?? cost),
      buildMetadata: () => (cost === undefined ? undefined : { openaiCompatibleCost: { cost } }),
    }
  },
}

/** A provider error as a sentence naming the model: the HTTP status, the provider's message, when to retry. Keys masked. */
export function modelErrorMessage(error: unknown, target: ModelTarget, keys: ModelKeys): string {
  const who = modelLabel(target)
  let text: string
  if (APICallError.isInstance(error)) {
    const status = error.statusCode
    const retryAfter = headerOf(error.responseHeaders, 'retry-after')
    const kind = status === 429 ? ' (rate limited)' : status === 401 || status === 403 ? ' (the key was refused)' : ''
    text = `${who} answered${status ? ` HTTP ${status}` : ''}${kind}: ${error.message}${retryAfter ? ` Retry after ${retryAfter} s.` : ''}`
  } else if (
    error instanceof Error &&
    /fetch failed|ECONNREFUSED|ENOTFOUND/i.test(
      `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`,
    )
  ) {
    text = `${who} could not be reached at ${target.baseURL ?? PROVIDER_INFO[target.provider].defaultBaseURL}: ${causeText(error)}`
  } else {
    text = `${who} failed: ${error instanceof Error ? error.message : String(error)}`
  }
  return maskSecrets(text, keys.secrets())
}

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined
  const found = Object.keys(headers).find((k) => k.toLowerCase() === name)
  return found ? headers[found] : undefined
}

function causeText(error: Error): string {
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
}
