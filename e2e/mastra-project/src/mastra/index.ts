// The Mastra instance of the sample project: its agents and the tools registered on it directly.
import { Mastra } from '@mastra/core/mastra'
import { supportAgent, travelAgent } from './agents'
import { agentDirectoryTool } from './tools/directory'
import { transferTool } from './tools/payments'

export const mastra = new Mastra({
  agents: { travelAgent, supportAgent },
  tools: { transferTool, agentDirectoryTool },
})
