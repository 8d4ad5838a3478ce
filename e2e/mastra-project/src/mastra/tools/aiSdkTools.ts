// AI SDK tool() definitions, used unchanged by Toolscope: ids come from the record keys and export names.
import { tool } from 'ai'
import { z } from 'zod'

const RATES: Record<string, number> = { EUR: 1, USD: 1.08, GBP: 0.85, JPY: 162 }

/** Calls the hooks saw, readable by tests that run these tools in process. */
export const hookCalls: string[] = []

export const aiSdkTools = {
  convertCurrency: tool({
    description: 'Convert an amount between two currencies',
    inputSchema: z.object({ amount: z.number(), from: z.enum(['EUR', 'USD', 'GBP', 'JPY']), to: z.enum(['EUR', 'USD', 'GBP', 'JPY']) }),
    strict: true,
    inputExamples: [{ input: { amount: 100, from: 'EUR', to: 'USD' } }],
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    onInputStart: ({ toolCallId }) => void hookCalls.push(`start:${toolCallId}`),
    onInputDelta: ({ inputTextDelta }) => void hookCalls.push(`delta:${inputTextDelta.length}`),
    onInputAvailable: ({ input }) => void hookCalls.push(`available:${input.amount}`),
    execute: async ({ amount, from, to }) => ({ amount: Math.round((amount / RATES[from]) * RATES[to] * 100) / 100, currency: to }),
    toModelOutput: ({ output }) => ({ type: 'text', value: `${output.amount} ${output.currency}` }),
  }),
  deleteFile: tool({
    description: 'Delete a file from the workspace',
    inputSchema: z.object({ path: z.string() }),
    needsApproval: true,
    execute: async ({ path }) => ({ deleted: path }),
  }),
  sendEmail: tool({
    description: 'Send an email; external recipients need approval',
    inputSchema: z.object({ to: z.string().email(), subject: z.string() }),
    needsApproval: async ({ to }) => !to.endsWith('@example.com'),
    execute: async ({ to, subject }) => `sent "${subject}" to ${to}`,
  }),
}

/** A named export is a tool too; its id is the export name. Streams preliminary results before the final one. */
export const rollDice = tool({
  description: 'Roll some dice and add them up',
  inputSchema: z.object({ dice: z.number().int().min(1).max(10) }),
  async *execute({ dice }) {
    let total = 0
    for (let i = 1; i <= dice; i++) {
      total += ((i * 7) % 6) + 1
      yield { rolled: i, total }
    }
  },
})
