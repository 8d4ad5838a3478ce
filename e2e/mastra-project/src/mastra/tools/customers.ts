// A Mastra tool with a request-context schema (tenant and API token) and display/transcript transforms.
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'

export const lookupCustomerTool = createTool({
  id: 'lookup-customer',
  description: 'Look up a customer record in the tenant CRM',
  inputSchema: z.object({ email: z.string().email() }),
  outputSchema: z.object({ id: z.string(), email: z.string(), name: z.string(), tenant: z.string(), notes: z.string() }),
  requestContextSchema: z.object({ tenantId: z.string().min(1), apiToken: z.string().min(8) }),
  execute: async ({ email }, context) => {
    const tenant = String(context.requestContext?.get('tenantId'))
    return { id: `cus_${email.length}`, email, name: email.split('@')[0], tenant, notes: 'VIP since 2019' }
  },
  // The UI shows a short card; the saved transcript keeps no notes. Phases without a function get Mastra's placeholder.
  transform: {
    display: {
      input: ({ input }) => ({ lookingUp: input?.email }),
      output: ({ output }) => ({ card: `${output?.name} <${output?.email}>` }),
    },
    transcript: {
      output: ({ output }) => ({ id: output?.id, name: output?.name }),
    },
  },
})
