// Long-running and failing tools: a background report with a timeout, a tool that throws, one whose error has a
// cause chain (after logging to the console), and one that runs until it is aborted.
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const nightlyReport = createTool({
  id: 'nightly-report',
  description: 'Build a report in the background (times out after 5 s, retried once)',
  inputSchema: z.object({ days: z.number().int().min(1).max(30) }),
  background: { enabled: true, defaultDisposition: 'background', timeoutMs: 5_000, maxRetries: 1 },
  execute: async ({ days }, { abortSignal }) => {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 100 * days)
      abortSignal?.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(new Error('report cancelled'))
      })
    })
    return { days, rows: days * 24 }
  },
})

export const chargeCard = createTool({
  id: 'charge-card',
  description: 'Always fails: the payment provider rejects the card',
  inputSchema: z.object({ amountUsd: z.number().positive() }),
  execute: async ({ amountUsd }) => {
    throw new Error(`Card declined for $${amountUsd}: insufficient funds`)
  },
})

export const fetchProfile = createTool({
  id: 'fetch-profile',
  description: 'Fails as a fetch does when DNS cannot resolve the host (no network call is made)',
  inputSchema: z.object({ userId: z.string() }),
  execute: async ({ userId }) => {
    console.log(`fetching profile ${userId} from https://api.example.com`)
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND api.example.com'), { code: 'ENOTFOUND', hostname: 'api.example.com' })
    throw new Error('fetch failed', { cause: dns })
  },
})

export const tailLogs = createTool({
  id: 'tail-logs',
  description: 'Streams log lines until aborted',
  inputSchema: z.object({ service: z.string() }),
  execute: async ({ service }, { abortSignal, writer }) => {
    let line = 0
    while (!abortSignal?.aborted) {
      await writer?.write({ line: ++line, text: `${service}: request ${line} ok` })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    return { lines: line }
  },
})
