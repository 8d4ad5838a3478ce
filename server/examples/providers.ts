// What providers and the model receive: strict argument generation, provider options, input examples,
// and toModelOutput as plain text or as content parts with an image URL.
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const searchFlights = createTool({
  id: 'search-flights',
  description: 'Search flights between two airports on a date',
  strict: true,
  inputSchema: z.object({
    from: z.string().length(3).describe('IATA code'),
    to: z.string().length(3).describe('IATA code'),
    date: z.string().describe('YYYY-MM-DD'),
    cabin: z.enum(['economy', 'business']).optional(),
  }),
  providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } }, openai: { parallelToolCalls: false } },
  inputExamples: [{ input: { from: 'TPE', to: 'NRT', date: '2025-05-01' } }, { input: { from: 'ZRH', to: 'JFK', date: '2025-06-12', cabin: 'business' } }],
  execute: async ({ from, to, date, cabin }) => ({
    flights: [1, 2, 3].map((n) => ({ number: `TS${100 + n}`, from, to, date, cabin: cabin ?? 'economy', priceUsd: 180 * n })),
  }),
})

export const summarizeOrder = createTool({
  id: 'summarize-order',
  description: 'Look up an order; the model only gets a one-line summary',
  inputSchema: z.object({ orderId: z.string() }),
  outputSchema: z.object({ orderId: z.string(), items: z.array(z.object({ sku: z.string(), qty: z.number() })), totalUsd: z.number() }),
  toModelOutput: (order) => ({ type: 'text', value: `Order ${order.orderId}: ${order.items.length} items, $${order.totalUsd}` }),
  execute: async ({ orderId }) => ({ orderId, items: [{ sku: 'MUG-01', qty: 2 }, { sku: 'TEA-07', qty: 1 }], totalUsd: 34.5 }),
})

export const productPhoto = createTool({
  id: 'product-photo',
  description: 'Find a product photo; the model gets text plus the image URL as content parts',
  inputSchema: z.object({ sku: z.string() }),
  outputSchema: z.object({ sku: z.string(), caption: z.string(), url: z.string() }),
  toModelOutput: (photo) => ({
    type: 'content',
    value: [
      { type: 'text', text: photo.caption },
      { type: 'image-url', url: photo.url },
    ],
  }),
  execute: async ({ sku }) => ({ sku, caption: `Studio photo of ${sku}`, url: `https://images.example.com/products/${encodeURIComponent(sku)}.png` }),
})

/** Refused by OpenAI's strict mode: `labels` is a record (an object with any keys), which strict mode cannot express. */
export const tagResource = createTool({
  id: 'tag-resource',
  description: 'Sets labels (key/value pairs) on a cloud resource, replacing the labels it had',
  strict: true,
  inputSchema: z.object({
    resourceId: z.string().describe('The resource to label, e.g. "vm-42"'),
    labels: z.record(z.string(), z.string()).describe('Label keys and values, e.g. { "team": "search" }'),
  }),
  outputSchema: z.object({ resourceId: z.string(), labels: z.record(z.string(), z.string()) }),
  execute: async ({ resourceId, labels }) => ({ resourceId, labels }),
})

/**
 * Sends the model far more than it needs: every open order in full (addresses, line items, timestamps), nearly 9,000
 * tokens (o200k_base) a call, where ids, totals and statuses would do. `toolscope lint` warns through its scenario (rule
 * model-view-tokens); the fix is a toModelOutput that returns a summary, as summarize-order does.
 */
export const searchOrders = createTool({
  id: 'search-orders',
  description: 'Lists the open orders of a store, newest first, with their customers, addresses and line items',
  inputSchema: z.object({ store: z.string().describe('The store id, e.g. "eu-1"') }),
  outputSchema: z.object({
    orders: z.array(
      z.object({
        id: z.string(),
        customer: z.object({ name: z.string(), email: z.string(), address: z.string() }),
        items: z.array(z.object({ sku: z.string(), title: z.string(), qty: z.number(), priceUsd: z.number() })),
        totalUsd: z.number(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  execute: async ({ store }) => ({
    orders: Array.from({ length: 60 }, (_, i) => {
      const items = [1, 2, 3].map((n) => ({ sku: `SKU-${(i * 7 + n) % 97}`, title: `Item ${(i * 7 + n) % 97} from the ${store} catalogue`, qty: 1 + ((i + n) % 4), priceUsd: 5 + ((i * 13 + n * 7) % 90) }))
      return {
        id: `${store}-${10_000 + i}`,
        customer: { name: `Customer ${i}`, email: `customer${i}@example.com`, address: `${i + 1} Market Street, Springfield` },
        items,
        totalUsd: items.reduce((sum, item) => sum + item.qty * item.priceUsd, 0),
        status: i % 3 === 0 ? 'awaiting payment' : 'processing',
        createdAt: new Date(Date.UTC(2026, 0, 31, 12, 0) - i * 3_600_000).toISOString(),
      }
    }),
  }),
})
