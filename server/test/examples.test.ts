// The bundled example tools (what `npm start` serves) load without errors and each shows the option it is about.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog } from '../../src/shared/protocol.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ paths: [] })
})
afterAll(() => server.stop())

const run = async (body: Record<string, unknown>) => server.events(await server.startRun(body))

describe('bundled examples', () => {
  it('load with no catalog error', async () => {
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    expect(catalog.errors).toEqual([])
    expect(catalog.tools.length).toBeGreaterThanOrEqual(19)
    const flags = Object.fromEntries(catalog.tools.map((t) => [t.id, t.flags]))
    expect(flags['delete-repository']).toMatchObject({ requiresApproval: true, destructive: true })
    expect(flags['book-flight'].canSuspend).toBe(true)
    expect(flags['nightly-report'].background).toBe(true)
    expect(flags['search-flights'].strict).toBe(true)
    expect(flags['customer-lookup'].hasTransform).toBe(true)
    expect(flags['translate'].hooks).toEqual(['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'])
  })

  it('the weather tool gives the same answer with Zod, Valibot and ArkType', async () => {
    const outputs = []
    for (const toolId of ['weather-tool', 'weather-valibot', 'weather-arktype']) {
      const events = await run({ toolId, input: { location: 'Taipei' } })
      outputs.push(events.find((e) => e.type === 'output'))
    }
    expect(outputs.map((o) => (o?.type === 'output' ? o.output : undefined))).toEqual(
      Array(3).fill(outputs[0]?.type === 'output' ? outputs[0].output : 'missing'),
    )
  })

  it('customer lookup hides the API key from display and transcript; request context is validated', async () => {
    const events = await run({
      toolId: 'customer-lookup',
      input: { email: 'ada@example.com', apiKey: 'sk-secret-123' },
    })
    const input = events.find((e) => e.type === 'input-available')
    expect(JSON.stringify(input?.type === 'input-available' && input.views.display.value)).not.toContain(
      'sk-secret-123',
    )
    expect(JSON.stringify(input?.type === 'input-available' && input.views.transcript.value)).not.toContain(
      'sk-secret-123',
    )
    const bad = await run({ toolId: 'tenant-report', input: { month: '2025-01' }, requestContext: { tenantId: '' } })
    expect(bad.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringContaining('Request context validation failed for tenant-report'),
    })
    const good = await run({
      toolId: 'tenant-report',
      input: { month: '2025-01' },
      requestContext: { tenantId: 't1', apiKey: 'key-12345678' },
    })
    expect(finished(good).status).toBe('success')
  })

  it('model output as content parts, spans and logs, writer chunks, workflow state, errors', async () => {
    const photo = (await run({ toolId: 'product-photo', input: { sku: 'MUG-01' } })).find((e) => e.type === 'output')
    expect(photo?.type === 'output' && photo.views.model).toMatchObject({
      type: 'content',
      value: [{ type: 'text' }, { type: 'image-url' }],
    })
    const indexed = await run({ toolId: 'index-documents', input: { documents: ['a b', 'c'] } })
    expect(indexed.filter((e) => e.type === 'span').map((e) => e.type === 'span' && e.name)).toEqual([
      'tokenize',
      'embed',
    ])
    expect(indexed.some((e) => e.type === 'log' && e.source === 'observe')).toBe(true)
    expect(
      (await run({ toolId: 'export-csv', input: { rows: 10 } })).filter((e) => e.type === 'writer-chunk').length,
    ).toBeGreaterThan(1)
    const step = await run({
      toolId: 'counter-step',
      input: { add: 2 },
      caller: 'workflow',
      workflowState: { total: 40 },
    })
    expect(step.find((e) => e.type === 'state-changed')).toMatchObject({ state: { total: 42 } })
    expect(finished(await run({ toolId: 'charge-card', input: { amountUsd: 5 } })).status).toBe('error')
    const fetchFailed = await run({ toolId: 'fetch-profile', input: { userId: 'u1' } })
    expect(fetchFailed.find((e) => e.type === 'error')).toMatchObject({
      message: 'fetch failed',
      causes: [{ message: 'getaddrinfo ENOTFOUND api.example.com', code: 'ENOTFOUND' }],
    })
    expect(fetchFailed.find((e) => e.type === 'log' && e.source === 'console')).toMatchObject({
      level: 'info',
      location: 'failures.ts:37',
    })
  })

  it('approval, suspend and abort examples stop where they should', async () => {
    const del = await server.startRun({ toolId: 'delete-repository', input: { repo: 'a/b' } })
    await waitForEvent(server, del, (e) => e.type === 'approval-requested')
    const book = await server.startRun({ toolId: 'book-flight', input: { flight: 'BR1', passenger: 'Ada' } })
    const suspended = (await waitForEvent(server, book, (e) => e.type === 'suspended')).at(-1)
    expect(suspended).toMatchObject({ resumeLabel: 'Choose seat', resumeSchema: { type: 'object' } })
    await server.api(`/api/runs/${book}/control`, {
      method: 'POST',
      json: { type: 'resume', resumeData: { seat: '14F' } },
    })
    expect(finished(await server.events(book)).status).toBe('success')
    const tail = await server.startRun({ toolId: 'tail-logs', input: { service: 'api' } })
    await waitForEvent(server, tail, (e) => e.type === 'writer-chunk')
    await server.api(`/api/runs/${tail}/control`, { method: 'POST', json: { type: 'abort' } })
    await server.api(`/api/runs/${del}/control`, { method: 'POST', json: { type: 'abort' } })
    expect(finished(await server.events(tail)).status).toBe('aborted')
  })
})
