// Example tools that call real HTTP APIs: one through fetch, one through node:https (with retries on 429). They ship
// with cassettes (server/examples/cassettes), so `npm start` shows them offline: choose the network mode "replay" and
// a cassette next to Run, or replay their scenarios. With a connection, "live" and "record" work as well.
import { request } from 'node:https'
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const githubRepo = createTool({
  id: 'github-repo',
  description: 'Looks up a public GitHub repository: its description, stars, open issues and default branch',
  inputSchema: z.object({
    owner: z.string().min(1).describe('Account or organisation, e.g. "mastra-ai"'),
    repo: z.string().min(1).describe('Repository name, e.g. "mastra"'),
  }),
  outputSchema: z.object({ fullName: z.string(), description: z.string().nullable(), stars: z.number(), openIssues: z.number(), defaultBranch: z.string() }),
  requestContextSchema: z.object({ githubToken: z.string().optional().describe('A token raises the rate limit; it is sent as Authorization and never shown') }),
  mcp: { annotations: { title: 'GitHub repository', readOnlyHint: true, openWorldHint: true } },
  inputExamples: [{ input: { owner: 'mastra-ai', repo: 'mastra' } }],
  execute: async ({ owner, repo }, context) => {
    const token = context.requestContext?.get('githubToken') as string | undefined
    const res = await fetch(`https://api.github.com/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`, {
      headers: { accept: 'application/vnd.github+json', 'user-agent': 'toolscope-example', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    })
    if (!res.ok) throw new Error(`GitHub answered ${res.status} for ${owner}/${repo}`)
    const body = (await res.json()) as { full_name: string; description: string | null; stargazers_count: number; open_issues_count: number; default_branch: string }
    return { fullName: body.full_name, description: body.description, stars: body.stargazers_count, openIssues: body.open_issues_count, defaultBranch: body.default_branch }
  },
})

/** GET a JSON document with node:https; resolves with the status and the parsed body. */
function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null })
        } catch (err) {
          reject(new Error(`The rates service sent something that is not JSON (status ${res.statusCode})`, { cause: err }))
        }
      })
    })
    req.on('error', reject)
    req.end()
  })
}

export const exchangeRate = createTool({
  id: 'exchange-rate',
  description: 'Converts an amount between two currencies at the latest reference rate (European Central Bank data), retrying when rate-limited',
  inputSchema: z.object({
    amount: z.number().positive().describe('How much to convert'),
    from: z.string().regex(/^[A-Z]{3}$/).describe('ISO 4217 code, e.g. "EUR"'),
    to: z.string().regex(/^[A-Z]{3}$/).describe('ISO 4217 code, e.g. "USD"'),
  }),
  outputSchema: z.object({ amount: z.number(), from: z.string(), to: z.string(), rate: z.number(), converted: z.number(), date: z.string(), attempts: z.number() }),
  mcp: { annotations: { title: 'Exchange rate', readOnlyHint: true, openWorldHint: true } },
  inputExamples: [{ input: { amount: 100, from: 'EUR', to: 'USD' } }],
  execute: async ({ amount, from, to }) => {
    const url = `https://api.frankfurter.app/latest?from=${from}&to=${to}`
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { status, body } = await getJson(url)
      if (status === 429) {
        // Rate-limited: wait a little longer each time.
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
        continue
      }
      if (status !== 200) throw new Error(`The rates service answered ${status}`)
      const { rates, date } = body as { rates: Record<string, number>; date: string }
      const rate = rates[to]
      if (rate === undefined) throw new Error(`No rate from ${from} to ${to}`)
      return { amount, from, to, rate, converted: Math.round(amount * rate * 100) / 100, date, attempts: attempt }
    }
    throw new Error('The rates service kept answering 429 (rate-limited) after 3 attempts')
  },
})
