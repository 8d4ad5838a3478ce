// MCP-facing options: full annotations and _meta as listed by tools/list, and a tool that asks the user
// a question through MCP elicitation (run it with caller "mcp", or call it from an MCP client).
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const listIssues = createTool({
  id: 'list-issues',
  description: 'List open issues of a repository',
  inputSchema: z.object({ repo: z.string().describe('owner/name'), label: z.string().optional() }),
  outputSchema: z.object({ issues: z.array(z.object({ number: z.number(), title: z.string() })) }),
  mcp: {
    annotations: { title: 'List issues', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    _meta: { 'toolscope.dev/category': 'tracker', version: 2 },
  },
  execute: async ({ repo, label }) => ({
    issues: [
      { number: 12, title: `Crash on start (${repo})` },
      { number: 15, title: label ? `Docs: ${label}` : 'Docs typo' },
    ],
  }),
})

export const confirmShipping = createTool({
  id: 'confirm-shipping',
  description: 'Asks the customer for a shipping address through MCP elicitation',
  inputSchema: z.object({ orderId: z.string().meta({ examples: ['ord_10482'] }) }),
  inputExamples: [{ input: { orderId: 'ord_10482' } }],
  execute: async ({ orderId }, context) => {
    if (!context.mcp) return { orderId, status: 'needs an MCP caller to ask for the address' }
    const answer = await context.mcp.elicitation.sendRequest({
      message: `Where should order ${orderId} go?`,
      requestedSchema: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } }, required: ['street', 'city'] },
    })
    if (answer.action !== 'accept') return { orderId, status: `not shipped (${answer.action})` }
    return { orderId, status: 'shipping', address: answer.content }
  },
})
