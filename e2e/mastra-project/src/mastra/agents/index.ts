// Two agents over the sample tools. They are constructed, never called: no model is contacted, no key is needed.
import { Agent, type ToolsInput } from '@mastra/core/agent'
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'
import { aiSdkTools } from '../tools/aiSdkTools'
import { bookFlightTool } from '../tools/booking'
import { lookupCustomerTool } from '../tools/customers'
import { refundTool } from '../tools/payments'
import { weatherTool } from '../tools/weather'

// Mastra 1.71's Agent typings predate the Tool type of ai 6 (they reject it over optional fields); at run time Mastra
// accepts AI SDK tools as they are, so the cast is only for the type checker.
const convertCurrency = aiSdkTools.convertCurrency as unknown as ToolsInput[string]
const sendEmail = aiSdkTools.sendEmail as unknown as ToolsInput[string]

/** Only reachable through the support agent (not exported on its own). */
const escalateTool = createTool({
  id: 'escalate-ticket',
  description: 'Hand the conversation to a human',
  inputSchema: z.object({ reason: z.string() }),
  execute: async ({ reason }) => ({ ticket: `T-${reason.length}` }),
})

export const travelAgent = new Agent({
  id: 'travel-agent',
  name: 'Travel Agent',
  instructions: 'You help travellers with weather, flights and currencies.',
  model: 'openai/gpt-4o-mini',
  tools: { weatherTool, bookFlightTool, convertCurrency },
})

export const supportAgent = new Agent({
  id: 'support-agent',
  name: 'Support Agent',
  instructions: 'You help customers with their orders.',
  model: 'openai/gpt-4o-mini',
  tools: { lookupCustomerTool, refundTool, escalateTool, sendEmail },
})
