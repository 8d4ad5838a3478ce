// Mastra tools behind an approval gate: always (refund) and only above a threshold (transfer).
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'

export const refundTool = createTool({
  id: 'issue-refund',
  description: 'Refund an order to the customer',
  inputSchema: z.object({ orderId: z.string(), amount: z.number().positive() }),
  outputSchema: z.object({ refundId: z.string(), amount: z.number() }),
  requireApproval: true,
  execute: async ({ orderId, amount }) => ({ refundId: `rf_${orderId}`, amount }),
})

export const transferTool = createTool({
  id: 'transfer-funds',
  description: 'Move money between two accounts; transfers above 100 need a human',
  inputSchema: z.object({ from: z.string(), to: z.string(), amount: z.number().positive() }),
  outputSchema: z.object({ transferId: z.string() }),
  requireApproval: async ({ amount }) => amount > 100,
  execute: async ({ from, to, amount }) => ({ transferId: `tr_${from}_${to}_${amount}` }),
})
