// The execution lifecycle: all four hooks, observe spans and logs, writer progress chunks and workflow state.
import { z } from 'zod'
import { createTool } from '../../src/index.ts'

export const translate = createTool({
  id: 'translate',
  description: 'Translate a sentence (shows the hook order: start → delta × N → available → execute → output)',
  inputSchema: z.object({ text: z.string(), to: z.enum(['fr', 'de', 'ja']) }),
  onInputStart: ({ toolCallId }) => console.log(`[translate] input started for ${toolCallId}`),
  onInputDelta: ({ inputTextDelta }) => console.log(`[translate] delta ${JSON.stringify(inputTextDelta)}`),
  onInputAvailable: ({ input }) => console.log(`[translate] input ready: ${input.text}`),
  onOutput: ({ output, toolName }) => console.log(`[${toolName}] output ${JSON.stringify(output)}`),
  execute: async ({ text, to }) => ({ text: `[${to}] ${text}` }),
})

export const indexDocuments = createTool({
  id: 'index-documents',
  description: 'Index documents, tracing each step with observe spans and logs',
  inputSchema: z.object({ documents: z.array(z.string()).min(1) }),
  execute: async ({ documents }, { observe }) => {
    observe.log('info', 'indexing started', { count: documents.length })
    const tokens = await observe.span('tokenize', async () => documents.map((d) => d.split(/\s+/).length), { documents: documents.length })
    await observe.span('embed', async () => tokens.map((n) => n * 0.5), { model: 'fake-embedder' })
    observe.log('debug', 'indexing done', { tokens })
    return { indexed: documents.length, tokens: tokens.reduce((a, b) => a + b, 0) }
  },
})

export const exportCsv = createTool({
  id: 'export-csv',
  description: 'Export rows to CSV, streaming progress through the writer',
  inputSchema: z.object({ rows: z.number().int().min(1).max(500) }),
  execute: async ({ rows }, { writer }) => {
    const lines = ['id,value']
    for (let i = 1; i <= rows; i++) {
      lines.push(`${i},${i * i}`)
      if (i % Math.ceil(rows / 5) === 0 || i === rows) await writer?.write({ type: 'progress', done: i, total: rows })
    }
    return { bytes: lines.join('\n').length, rows }
  },
})

export const counterStep = createTool({
  id: 'counter-step',
  description: 'A workflow step that adds to a running total kept in workflow state (run with caller "workflow")',
  inputSchema: z.object({ add: z.number() }),
  execute: async ({ add }, context) => {
    const workflow = context.workflow
    if (!workflow) return { total: add, note: 'no workflow context: run with caller "workflow"' }
    const total = ((workflow.state as { total?: number } | undefined)?.total ?? 0) + add
    await workflow.setState({ total })
    return { total }
  },
})
