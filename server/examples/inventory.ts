// A bug only generated inputs find (`toolscope fuzz --tool reserve-stock`): a reservation goes to the rack bin of its
// size class, and the Warsaw warehouse's table misses its last bin. Every typed example (10 units in Amsterdam, 200
// in Lisbon) works; only the last warehouse at the largest quantity, 500, finds no bin, and the output then breaks the
// tool's outputSchema. The fuzzer finds it and shrinks it to { sku: "AAA-0000", warehouse: "waw-4", quantity: 500 }.
// Deliberately unfixed, so the demo has a bug to find: no scenario pins it here (it would fail).
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

const WAREHOUSES = ['ams-1', 'fra-2', 'lis-3', 'waw-4'] as const
type Warehouse = (typeof WAREHOUSES)[number]

/** Largest reservation, in units. */
const MAX_QUANTITY = 500

/**
 * Each warehouse's rack bins: a reservation of n units goes to bin Math.floor(n / binSize). Warsaw's racks are
 * smaller, so it needs five bins for quantities up to 500; its table lists four.
 */
const RACKS: Record<Warehouse, { binSize: number; bins: string[] }> = {
  'ams-1': { binSize: 200, bins: ['A-00', 'A-01', 'A-02'] },
  'fra-2': { binSize: 250, bins: ['F-00', 'F-01', 'F-02'] },
  'lis-3': { binSize: 300, bins: ['L-00', 'L-01'] },
  'waw-4': { binSize: 125, bins: ['W-00', 'W-01', 'W-02', 'W-03'] },
}

/** A reservation id derived from the call, so the same reservation gives the same id (no clock, no randomness). */
function reservationId(sku: string, warehouse: Warehouse, quantity: number): string {
  const hash = [...`${sku}/${warehouse}/${quantity}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 17)
  return `rsv_${hash.toString(36)}`
}

export const reserveStock = createTool({
  id: 'reserve-stock',
  description: 'Reserve units of a product in one of the warehouses, and say which rack bin holds them',
  inputSchema: z.object({
    sku: z.string().regex(/^[A-Z]{3}-\d{4}$/).describe('Product SKU, e.g. "KBD-0042"'),
    warehouse: z.enum(WAREHOUSES).describe('Warehouse: ams-1 Amsterdam, fra-2 Frankfurt, lis-3 Lisbon, waw-4 Warsaw'),
    quantity: z.number().int().min(1).max(MAX_QUANTITY).describe('Units to reserve'),
    orderRef: z.string().max(40).optional().describe('The order this reservation is for'),
  }),
  outputSchema: z.object({ reservationId: z.string(), warehouse: z.enum(WAREHOUSES), quantity: z.number().int(), bin: z.string() }),
  inputExamples: [{ input: { sku: 'KBD-0042', warehouse: 'ams-1', quantity: 10 } }],
  execute: async ({ sku, warehouse, quantity }) => {
    const rack = RACKS[warehouse]
    // The bug: waw-4 at 500 units asks for bin 4 of 0–3, gets undefined, and `bin` goes missing from the output.
    const bin = rack.bins[Math.floor(quantity / rack.binSize)]
    return { reservationId: reservationId(sku, warehouse, quantity), warehouse, quantity, bin: bin as string }
  },
})
