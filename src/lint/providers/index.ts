// The provider views by id: what each model provider (and MCP) receives for a tool, and what it rejects.

import type { ProviderId } from '../types.ts'
import { anthropicProvider } from './anthropic.ts'
import type { ProviderProfile } from './common.ts'
import { geminiProvider } from './gemini.ts'
import { mcpProvider } from './mcp.ts'
import { openaiProvider } from './openai.ts'
import { openaiStrictProvider } from './openaiStrict.ts'

export type { ProviderProfile } from './common.ts'
export { toOpenAIStrict } from './strictTransform.ts'
export { toGeminiSchema, type GeminiConversion } from './geminiTransform.ts'

/** Every provider view, by id. */
export const PROVIDERS: Readonly<Record<ProviderId, ProviderProfile>> = {
  openai: openaiProvider,
  'openai-strict': openaiStrictProvider,
  anthropic: anthropicProvider,
  gemini: geminiProvider,
  mcp: mcpProvider,
}
