// Differential: for tools made with createTool, the definitions built from ToolDetail JSON equal what the runtime
// serializers (src/runtime/serializers.ts) build from the tool itself.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, toAnthropicTool, toJsonSchema, toMcpTool, toOpenAITool } from '../runtime/index.ts'
import type { ToolDetail } from '../shared/protocol.ts'
import { cleanTool } from './__fixtures__/tools.ts'
import { PROVIDERS } from './providers/index.ts'

const inputSchema = z.object({
  from: z.string().length(3).describe('IATA code'),
  cabin: z.enum(['economy', 'business']).optional(),
  passengers: z.array(z.object({ name: z.string(), age: z.number().int().optional() })),
  note: z.string().nullable().default(null),
})
const outputSchema = z.object({ fares: z.array(z.number()) })

function toolPair(strict: boolean) {
  const tool = createTool({
    id: 'search-flights',
    description: 'Search flights between two airports on a date',
    strict,
    inputSchema,
    outputSchema,
    mcp: { annotations: { title: 'Flights', readOnlyHint: true } },
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } }, openai: { parallelToolCalls: false } },
    inputExamples: [{ input: { from: 'ZRH', passengers: [] } }],
    execute: async () => ({ fares: [] }),
  })
  // The catalog entry the tool host builds (server/toolHost/describe.ts): JSON Schemas of the tool's schemas.
  const detail: ToolDetail = cleanTool({
    id: tool.id,
    description: tool.description,
    schemas: {
      input: toJsonSchema(tool.inputSchema, { io: 'input' }),
      output: toJsonSchema(tool.outputSchema, { io: 'output' }),
    },
    mcp: { annotations: { title: 'Flights', readOnlyHint: true } },
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } }, openai: { parallelToolCalls: false } },
    inputExamples: [{ input: { from: 'ZRH', passengers: [] } }],
  })
  return { tool, detail }
}

describe('definitions match the runtime serializers', () => {
  it('openai: toOpenAITool of a non-strict tool', () => {
    const { tool, detail } = toolPair(false)
    expect(PROVIDERS.openai.definition(detail)).toEqual(toOpenAITool(tool))
  })

  it('openai-strict: toOpenAITool of a strict tool', () => {
    const { tool, detail } = toolPair(true)
    expect(PROVIDERS['openai-strict'].definition(detail)).toEqual(toOpenAITool(tool))
  })

  it('anthropic: toAnthropicTool', () => {
    const { tool, detail } = toolPair(false)
    expect(PROVIDERS.anthropic.definition(detail)).toEqual(toAnthropicTool(tool))
  })

  it('mcp: toMcpTool, with the input schema as the /mcp endpoint lists it (dialect kept)', () => {
    const { tool, detail } = toolPair(false)
    expect(PROVIDERS.mcp.definition(detail)).toEqual({ ...toMcpTool(tool), inputSchema: detail.schemas.input })
  })
})
