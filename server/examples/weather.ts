// The reference page's weather tool, three times: Zod, Valibot (through toStandardJsonSchema) and ArkType.
// Same contract, three schema libraries: the catalog shows identical JSON Schemas.
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

const CONDITIONS = ['sunny', 'cloudy', 'rainy', 'windy'] as const

/** Deterministic fake forecast, so runs are reproducible without a network. */
function forecast(location: string) {
  const hash = [...location].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
  return { location, temperatureCelsius: (hash % 35) - 5, conditions: CONDITIONS[hash % CONDITIONS.length] }
}

export const weatherTool = createTool({
  id: 'weather-tool',
  description: 'Get the current weather for a location',
  inputSchema: z.object({ location: z.string().min(1).describe('City name, e.g. "Taipei"') }),
  outputSchema: z.object({ location: z.string(), temperatureCelsius: z.number(), conditions: z.string() }),
  inputExamples: [{ input: { location: 'Taipei' } }],
  execute: async ({ location }) => forecast(location),
})

export const weatherValibot = createTool({
  id: 'weather-valibot',
  description: 'Get the current weather for a location (Valibot schemas)',
  inputSchema: toStandardJsonSchema(v.object({ location: v.pipe(v.string(), v.minLength(1)) })),
  outputSchema: toStandardJsonSchema(v.object({ location: v.string(), temperatureCelsius: v.number(), conditions: v.string() })),
  execute: async ({ location }) => forecast(location),
})

export const weatherArktype = createTool({
  id: 'weather-arktype',
  description: 'Get the current weather for a location (ArkType schemas)',
  inputSchema: type({ location: 'string > 0' }),
  outputSchema: type({ location: 'string', temperatureCelsius: 'number', conditions: 'string' }),
  execute: async ({ location }) => forecast(location),
})
