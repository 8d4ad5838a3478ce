// The generated catalog the UI and lint benches load: one module exporting many small zod tools, plus a tool whose
// run writes many events.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Writes `many.ts` into `dir`: `tools` tools (array export), each with a small zod input schema, and a tool writing `events` chunks. */
export function writeCatalog(dir: string, tools: number, events: number): void {
  const runtime = JSON.stringify(join(root, 'src', 'index.ts'))
  const topics = ['weather', 'search records', 'send email', 'approval queue', 'billing', 'calendar', 'files', 'users']
  const lines = [`import { z } from 'zod'`, `import { createTool } from ${runtime}`, `export const tools = [`]
  for (let i = 0; i < tools; i++) {
    const topic = topics[i % topics.length]
    lines.push(
      `  createTool({ id: 'tool-${i}', description: 'Bench tool ${i} about ${topic}.', requireApproval: ${i % 7 === 0}, mcp: { annotations: { readOnlyHint: ${i % 2 === 0} } }, inputSchema: z.object({ q: z.string() }), execute: async ({ q }) => q }),`,
    )
  }
  lines.push(']')
  // One run of this tool produces ≈10,000 events: the Events timeline must stay fluid.
  lines.push(
    `export const chatty = createTool({ id: 'chatty-10k', description: 'Writes ${events} chunks.', inputSchema: z.object({}), execute: async (_i, ctx) => { for (let i = 0; i < ${events}; i++) await ctx.writer?.write({ i }); return { written: ${events} } } })`,
  )
  writeFileSync(join(dir, 'many.ts'), lines.join('\n'))
}
