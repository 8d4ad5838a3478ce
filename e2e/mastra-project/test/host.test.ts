// The sample project through the real tool host and HTTP API (startServer): the catalog lists Mastra, AI SDK and
// Mastra-instance tools with kinds, groups and library versions; a tool of each kind runs, approval and resume included.

import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, ToolDetail } from '../../../src/shared/protocol.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from '../../../server/test/helpers.ts'

const abs = (rel: string) => new URL(rel, import.meta.url).pathname
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(abs(`../node_modules/${pkg}/package.json`), 'utf8')) as { version: string }).version

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({
    paths: [abs('../src/mastra'), abs('./fixtures/unknownKinds.ts'), abs('./fixtures/toolscopeInMastra.ts')],
  })
})
afterAll(async () => server?.stop())

async function tool(id: string) {
  return ToolDetail.parse(await (await server.api(`/api/tools/${id}`)).json())
}

describe('catalog', () => {
  it('lists each kind with its group, and unknown kinds as errors', async () => {
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    const summary = Object.fromEntries(catalog.tools.map((t) => [t.id, `${t.kind}/${t.group ?? '-'}`]))
    expect(summary).toMatchObject({
      'get-weather': 'mastra/Travel Agent',
      'book-flight': 'mastra/Travel Agent',
      convertCurrency: 'ai-sdk/Travel Agent',
      'issue-refund': 'mastra/Support Agent',
      'escalate-ticket': 'mastra/Support Agent',
      sendEmail: 'ai-sdk/Support Agent',
      'transfer-funds': 'mastra/-',
      deleteFile: 'ai-sdk/-',
      rollDice: 'ai-sdk/-',
      fine: 'ai-sdk/-',
    })
    expect(catalog.errors.map((e) => e.message.split(':')[0]).sort()).toEqual([
      'langchainTool',
      'legacyTool',
      'webSearch',
    ])
  })

  it('details carry the library version and the mapped AI SDK options', async () => {
    expect((await tool('get-weather')).libraryVersion).toBe(versionOf('@mastra/core'))
    const convert = await tool('convertCurrency')
    expect(convert).toMatchObject({
      kind: 'ai-sdk',
      libraryVersion: versionOf('ai'),
      flags: { strict: true, hasModelOutput: true, hooks: ['onInputStart', 'onInputDelta', 'onInputAvailable'] },
      inputExamples: [{ input: { amount: 100, from: 'EUR', to: 'USD' } }],
      providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
    })
    expect(convert.schemas.input).toMatchObject({ type: 'object', required: ['amount', 'from', 'to'] })
    expect((await tool('sendEmail')).flags.requiresApproval).toBe('dynamic')
    expect((await tool('book-flight')).flags.canSuspend).toBe(true)
  })
})

describe('runs over HTTP', () => {
  it('a plain Mastra tool: output and its toModelOutput', async () => {
    const events = await server.events(await server.startRun({ toolId: 'get-weather', input: { city: 'Oslo' } }))
    const output = events.find((e) => e.type === 'output')
    expect(output).toMatchObject({ output: { city: 'Oslo', unit: 'celsius' }, views: { model: { type: 'text' } } })
    expect(finished(events).status).toBe('success')
  })

  it("a Mastra tool's invalid input ends with Mastra's error object", async () => {
    const events = await server.events(
      await server.startRun({
        toolId: 'lookup-customer',
        input: { email: 'nope' },
        requestContext: { tenantId: 't', apiToken: 'tok-12345678' },
      }),
    )
    const error = events.find((e) => e.type === 'error')
    expect(error).toMatchObject({
      message: expect.stringMatching(/^Tool input validation failed for lookup-customer\./),
      validationErrors: [{ path: ['email'] }],
    })
    expect((error as { views: { raw: { validationErrors: unknown } } }).views.raw.validationErrors).toMatchObject({
      fields: { email: { errors: [expect.any(String)] } },
    })
  })

  it('a Mastra approval tool waits for approval, then runs', async () => {
    const runId = await server.startRun({ toolId: 'issue-refund', input: { orderId: 'o1', amount: 20 } })
    await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
    expect((await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })).ok).toBe(
      true,
    )
    const events = await server.events(runId)
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { refundId: 'rf_o1', amount: 20 } })
  })

  it('a Mastra suspend/resume tool suspends with its payload and finishes with the resume data', async () => {
    const runId = await server.startRun({ toolId: 'book-flight', input: { from: 'OSL', to: 'LIS' } })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'suspended')
    expect(seen.at(-1)).toMatchObject({
      payload: { question: 'Book OSL → LIS?', price: 420 },
      resumeSchema: { type: 'object' },
    })
    expect(
      (
        await server.api(`/api/runs/${runId}/control`, {
          method: 'POST',
          json: { type: 'resume', resumeData: { confirmed: true } },
        })
      ).ok,
    ).toBe(true)
    const events = await server.events(runId)
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { booked: true, reference: 'BK-OSLLIS' } })
  })

  it('an AI SDK tool with needsApproval: true, and one with its model output', async () => {
    const runId = await server.startRun({ toolId: 'deleteFile', input: { path: 'a.txt' } })
    await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })
    expect((await server.events(runId)).find((e) => e.type === 'output')).toMatchObject({
      output: { deleted: 'a.txt' },
    })
    const convert = await server.events(
      await server.startRun({ toolId: 'convertCurrency', input: { amount: 10, from: 'EUR', to: 'GBP' } }),
    )
    expect(convert.find((e) => e.type === 'output')).toMatchObject({
      views: { model: { type: 'text', value: '8.5 GBP' } },
    })
  })

  it('tools registered on the Mastra instance get the instance as context.mastra (Mastra and Toolscope tools alike)', async () => {
    const mastraTool = await server.events(await server.startRun({ toolId: 'agent-directory', input: {} }))
    expect(mastraTool.find((e) => e.type === 'output')).toMatchObject({
      output: { agents: ['supportAgent', 'travelAgent'] },
    })
    const ours = await server.events(await server.startRun({ toolId: 'toolscope-tool-directory', input: {} }))
    expect(ours.find((e) => e.type === 'output')).toMatchObject({ output: { tools: ['directory'] } })
  })

  it('a tool registered on the Mastra instance runs; its approval predicate lets small transfers through', async () => {
    const events = await server.events(
      await server.startRun({ toolId: 'transfer-funds', input: { from: 'a', to: 'b', amount: 5 } }),
    )
    expect(events.some((e) => e.type === 'approval-requested')).toBe(false)
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { transferId: 'tr_a_b_5' } })
  })
})
