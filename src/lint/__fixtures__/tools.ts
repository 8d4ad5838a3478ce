// ToolDetail builders for the linter's tests: `cleanTool` passes every provider check and lint rule; tests change one
// thing at a time to see one rule fire.

import type { ToolDetail } from '../../shared/protocol.ts'
import type { JsonObject } from '../types.ts'

/** An input schema every provider accepts as it is. */
export function cleanInput(): JsonObject {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      from: { type: 'string', description: 'IATA code of the departure airport, e.g. ZRH' },
      to: { type: 'string', description: 'IATA code of the arrival airport, e.g. JFK' },
      cabin: { type: 'string', enum: ['economy', 'business'], description: 'economy for the cheapest fare, business for a flat bed' },
    },
    required: ['from', 'to', 'cabin'],
    additionalProperties: false,
  }
}

/** A tool that passes every check; `overrides` replace top-level fields. */
export function cleanTool(overrides: Partial<ToolDetail> = {}): ToolDetail {
  return {
    id: 'search_flights',
    description: 'Search flights between two airports. Use it before booking, to list fares the user can choose from.',
    kind: 'mastra',
    file: 'tools/flights.ts',
    flags: { requiresApproval: false, canSuspend: false, background: false, strict: false, hasTransform: false, hasModelOutput: false, hooks: [] },
    schemas: {
      input: cleanInput(),
      output: { type: 'object', properties: { fares: { type: 'array', items: { type: 'number' } } }, required: ['fares'] },
    },
    previews: { mcp: null, openai: null, anthropic: null },
    ...overrides,
  }
}

/** The clean tool with another input schema. */
export function withInput(input: JsonObject | undefined, overrides: Partial<ToolDetail> = {}): ToolDetail {
  const tool = cleanTool(overrides)
  return { ...tool, schemas: { ...tool.schemas, input } }
}

/** A clean object schema with the given properties, all required, closed. */
export function objectOf(properties: Record<string, JsonObject>, extra: JsonObject = {}): JsonObject {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra }
}

/** A described string property. */
export function text(description = 'a described value'): JsonObject {
  return { type: 'string', description }
}
