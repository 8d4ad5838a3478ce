// Sample tools of a user's project: one needs approval, one suspends for a choice. Plain JS on purpose
// (any module the tool host can import works); `toolscope` comes from the installed package.
import { z } from 'zod'
import { createTool } from 'toolscope'

export const cancelBooking = createTool({
  id: 'cancel-booking',
  description: 'Cancel a booking (asks for approval first)',
  inputSchema: z.object({ bookingId: z.string() }),
  outputSchema: z.object({ cancelled: z.string(), refundUsd: z.number() }),
  requireApproval: true,
  execute: async ({ bookingId }) => ({ cancelled: bookingId, refundUsd: bookingId.length * 10 }),
})

export const chooseMeal = createTool({
  id: 'choose-meal',
  description: 'Suspends to ask which meal the passenger wants',
  inputSchema: z.object({ passenger: z.string() }),
  suspendSchema: z.object({ options: z.array(z.string()) }),
  resumeSchema: z.object({ meal: z.enum(['veggie', 'fish', 'chicken']) }),
  outputSchema: z.object({ passenger: z.string(), meal: z.string() }),
  execute: async ({ passenger }, context) => {
    if (!context.resumeData) {
      await context.suspend?.({ options: ['veggie', 'fish', 'chicken'] })
      return
    }
    return { passenger, meal: context.resumeData.meal }
  },
})
