// Elicitation answers through POST /api/runs/:id/control: an accepted answer that does not fit the request's
// requestedSchema is refused with its validation errors (422, `invalid-elicitation-content`) and the run keeps waiting;
// a fitting answer then completes it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const respond = (runId: string, content: Record<string, unknown>) =>
  server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'respond', action: 'accept', content } })

describe('elicitation answers', () => {
  it('refuses an answer of the wrong type with validationErrors; the run waits on and completes with a right one', async () => {
    const runId = await server.startRun({ toolId: 'ask-name', input: {}, caller: 'mcp' })
    await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')

    const wrong = await respond(runId, { name: 12345 })
    expect(wrong.status).toBe(422)
    expect(await wrong.json()).toMatchObject({
      code: 'invalid-elicitation-content',
      state: 'awaiting-elicitation',
      issues: [{ path: ['name'], message: 'Invalid input: expected string, received number' }],
    })
    const missing = await respond(runId, {})
    expect(await missing.json()).toMatchObject({
      code: 'invalid-elicitation-content',
      issues: [{ path: ['name'], message: 'Required' }],
    })
    const detail = (await (await server.api(`/api/runs/${runId}`)).json()) as { status: string }
    expect(detail.status).toBe('awaiting-elicitation')

    const right = await respond(runId, { name: 'Ada' })
    expect(right.status).toBeLessThan(300)
    const events = await server.events(runId)
    expect(finished(events)).toMatchObject({ status: 'success' })
    expect(events.filter((e) => e.type === 'elicitation-resolved')).toHaveLength(1)
    expect(events.findLast((e) => e.type === 'output')).toMatchObject({ output: { greeting: 'hello Ada' } })
  })
})
