// A tool that reads `context.mastra`, registered on the Mastra instance: Mastra hands it the instance when it runs.
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'

export const agentDirectoryTool = createTool({
  id: 'agent-directory',
  description: 'List the agents of the Mastra instance this tool is registered with',
  inputSchema: z.object({}),
  outputSchema: z.object({ agents: z.array(z.string()) }),
  execute: async (_input, context) => ({ agents: Object.keys(context?.mastra?.listAgents() ?? {}).sort() }),
})

