// The tools a conversation offers a model: which catalog tools, and each one's definition as the
// provider packages take it — the tool id as the function name, the description, the input JSON Schema exactly as
// the Providers panel shows it (src/lint/providers: no `$schema`, an empty object schema when the tool has none), its
// input examples and provider options; `server/test/tryModel.test.ts` compares the requests with the panel's
// definitions. Description tuning swaps a tool's description or input schema here and nowhere else: the tool runs
// unchanged.

import type { JSONObject, JSONSchema7, LanguageModelV3FunctionTool, SharedV3ProviderOptions } from '@ai-sdk/provider'
import { withoutDialect } from '../../src/lint/jsonSchema.ts'
import { inputSchemaOf } from '../../src/lint/providers/common.ts'
import type { JsonObject } from '../../src/lint/types.ts'
import type { ToolDetail, ToolOffer } from '../../src/shared/protocol.ts'

/** What the model is told about a tool instead of its own description or input schema. */
export interface ToolOverride {
  description?: string
  inputSchema?: Record<string, unknown>
}

/** Thrown when an offer names a tool the catalog does not have. */
export class UnknownOfferedToolError extends Error {}

/** The catalog tools an offer names, in the offer's order (the whole catalog for `all`). */
export function offeredTools(catalog: readonly ToolDetail[], offer: ToolOffer): ToolDetail[] {
  if (offer === 'all') return [...catalog]
  const byId = new Map(catalog.map((t) => [t.id, t]))
  const missing = offer.filter((id) => !byId.has(id))
  if (missing.length)
    throw new UnknownOfferedToolError(
      `No tool ${missing.map((id) => `"${id}"`).join(', ')} in the catalog (offered: ${offer.join(', ')}).`,
    )
  return [...new Set(offer)].map((id) => byId.get(id)!)
}

/** The definition a provider package receives for one tool. */
export function toolDefinition(tool: ToolDetail, override?: ToolOverride): LanguageModelV3FunctionTool {
  const description = override?.description ?? tool.description
  const inputSchema = (
    override?.inputSchema ? withoutDialect(override.inputSchema as JsonObject) : inputSchemaOf(tool)
  ) as JSONSchema7
  return {
    type: 'function',
    name: tool.id,
    ...(description ? { description } : {}),
    inputSchema,
    // As the Providers panel shows them: Anthropic sends the examples as `input_examples`, each provider its options.
    ...(tool.inputExamples?.length
      ? { inputExamples: tool.inputExamples.map((e) => ({ input: e.input as JSONObject })) }
      : {}),
    ...(tool.providerOptions ? { providerOptions: tool.providerOptions as SharedV3ProviderOptions } : {}),
  }
}
