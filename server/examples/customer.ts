// Request context and transforms: the customer lookup validates tenant id + API key from the request context,
// and its transforms keep the API key out of the display and the saved transcript (the raw values are untouched).
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

const mask = (key: string) => `${key.slice(0, 4)}…`

export const customerLookup = createTool({
  id: 'customer-lookup',
  description: 'Look up a customer by email in the tenant’s CRM',
  inputSchema: z.object({ email: z.string().email(), apiKey: z.string().describe('CRM API key (hidden from display and transcript)') }),
  outputSchema: z.object({ id: z.string(), name: z.string(), plan: z.enum(['free', 'pro']) }),
  transform: {
    display: {
      input: ({ input }) => ({ email: input?.email, apiKey: mask(String(input?.apiKey ?? '')) }),
      inputDelta: ({ inputTextDelta }) => inputTextDelta?.replace(/"apiKey"\s*:\s*"[^"]*"?/g, '"apiKey":"…"'),
      output: ({ output }) => ({ name: output?.name, plan: output?.plan }),
    },
    transcript: {
      input: ({ input }) => ({ email: input?.email }),
      output: ({ output }) => output,
    },
  },
  execute: async ({ email }) => ({ id: `cus_${email.length}${email.charCodeAt(0)}`, name: email.split('@')[0], plan: email.endsWith('.com') ? ('pro' as const) : ('free' as const) }),
})

export const tenantReport = createTool({
  id: 'tenant-report',
  description: 'Monthly usage report for the tenant given in the request context',
  inputSchema: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/) }),
  requestContextSchema: z.object({ tenantId: z.string().min(1), apiKey: z.string().min(8) }),
  execute: async ({ month }, context) => {
    const tenantId = context.requestContext?.get('tenantId')
    return { tenantId, month, calls: 1234, errors: 5 }
  },
})
