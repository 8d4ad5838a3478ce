// A Mastra tool that suspends to ask the user to confirm, then finishes with the resume data.
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'

export const bookFlightTool = createTool({
  id: 'book-flight',
  description: 'Book a flight after the traveller confirms the price',
  inputSchema: z.object({ from: z.string(), to: z.string() }),
  outputSchema: z.object({ booked: z.boolean(), reference: z.string().optional() }),
  suspendSchema: z.object({ question: z.string(), price: z.number() }),
  resumeSchema: z.object({ confirmed: z.boolean() }),
  execute: async ({ from, to }, context) => {
    const resumeData = context.agent?.resumeData
    if (!resumeData) {
      await context.agent?.suspend({ question: `Book ${from} → ${to}?`, price: 420 })
      return undefined as never
    }
    return resumeData.confirmed ? { booked: true, reference: `BK-${from}${to}` } : { booked: false }
  },
})
