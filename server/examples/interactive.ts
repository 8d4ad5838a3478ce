// Tools that stop for a person: a destructive action that needs approval, and a booking that suspends
// to ask the user to pick a seat and resumes with the choice.
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const deleteRepository = createTool({
  id: 'delete-repository',
  description: 'Permanently delete a repository',
  inputSchema: z.object({ repo: z.string().describe('owner/name').meta({ examples: ['acme/legacy-website'] }) }),
  // A realistic first run: the Example button fills this, and the run stops at the approval prompt.
  inputExamples: [{ input: { repo: 'acme/legacy-website' } }],
  requireApproval: true,
  mcp: { annotations: { title: 'Delete repository', destructiveHint: true, idempotentHint: false } },
  execute: async ({ repo }) => ({ deleted: repo, at: new Date().toISOString() }),
})

export const bookFlight = createTool({
  id: 'book-flight',
  description: 'Book a flight; suspends to let the user pick a seat',
  // Examples in the schema too, so Defaults fills a real flight and name (never "Pick a seat for  on ").
  inputSchema: z.object({
    flight: z.string().describe('Flight number').meta({ examples: ['BR 192'] }),
    passenger: z.string().describe('Passenger name').meta({ examples: ['Ada Lovelace'] }),
  }),
  inputExamples: [{ input: { flight: 'BR 192', passenger: 'Ada Lovelace' } }],
  suspendSchema: z.object({ message: z.string(), availableSeats: z.array(z.string()) }),
  resumeSchema: z.object({ seat: z.string().regex(/^\d{1,2}[A-F]$/, 'Seat like 12C') }),
  outputSchema: z.object({ confirmation: z.string(), flight: z.string(), seat: z.string() }),
  execute: async ({ flight, passenger }, context) => {
    const choice = context.resumeData
    if (!choice) {
      await context.suspend?.({ message: `Pick a seat for ${passenger} on ${flight}`, availableSeats: ['3A', '3C', '14F'] }, { resumeLabel: 'Choose seat' })
      return
    }
    return { confirmation: `${flight}-${choice.seat}-${passenger.length}`, flight, seat: choice.seat }
  },
})
