// A plain Mastra tool with an output schema and a toModelOutput that gives the model one short sentence.
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'

const CONDITIONS = ['sunny', 'cloudy', 'rainy', 'windy'] as const

export const weatherTool = createTool({
  id: 'get-weather',
  description: 'Get the current weather for a city',
  inputSchema: z.object({
    city: z.string().min(1).describe('City name'),
    unit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
  }),
  outputSchema: z.object({ city: z.string(), temperature: z.number(), unit: z.string(), conditions: z.enum(CONDITIONS) }),
  mcp: { annotations: { title: 'Weather', readOnlyHint: true, openWorldHint: true } },
  // Deterministic on purpose: the sample must run with no network.
  execute: async ({ city, unit }) => {
    const celsius = 10 + (city.length % 15)
    const temperature = unit === 'celsius' ? celsius : Math.round(celsius * 1.8 + 32)
    return { city, temperature, unit, conditions: CONDITIONS[city.length % CONDITIONS.length] }
  },
  toModelOutput: (output) => ({ type: 'text', value: `${output.city}: ${output.temperature}° ${output.unit}, ${output.conditions}` }),
})
