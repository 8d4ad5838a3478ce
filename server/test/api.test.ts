// HTTP API against the real server: catalog, runs over SSE with replay, controls, history listing and every bad request.

import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalog, RunDetail, RunPage, ToolDetail } from '../../src/shared/protocol.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

describe('catalog', () => {
  it('lists tools from named, default, array and record exports, and import failures as errors', async () => {
    const catalog = Catalog.parse(await (await server.api('/api/tools')).json())
    const ids = catalog.tools.map((t) => t.id)
    expect(ids).toEqual(
      expect.arrayContaining(['echo', 'upper', 'lower', 'chatty', 'delete-file', 'book-seat', 'spin']),
    )
    expect(catalog.timeoutMs).toBeGreaterThan(0) // the SPA shows it as the run's time budget
    expect(catalog.tools.find((t) => t.id === 'chatty')?.exportName).toBe('default')
    expect(catalog.tools.find((t) => t.id === 'upper')?.exportName).toBe('list[0]')
    expect(catalog.tools.find((t) => t.id === 'lower')?.exportName).toBe('record.lower')
    expect(catalog.tools.find((t) => t.id === 'delete-file')?.flags.requiresApproval).toBe(true)
    expect(catalog.errors).toEqual([
      expect.objectContaining({
        file: expect.stringContaining('broken.ts'),
        message: expect.stringContaining('broken fixture module'),
      }),
    ])
  })

  it('describes one tool with schemas, MCP properties and previews', async () => {
    const detail = ToolDetail.parse(await (await server.api('/api/tools/echo')).json())
    expect(detail.title).toBe('Echo')
    expect(detail.schemas.input).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } })
    expect(detail.schemas.output).toMatchObject({ type: 'object', required: ['text', 'length'] })
    expect(detail.mcp).toEqual({ annotations: { title: 'Echo', readOnlyHint: true }, _meta: { fixture: true } })
    expect(detail.flags.readOnly).toBe(true)
    expect(detail.previews.mcp).toMatchObject({ name: 'echo', inputSchema: { type: 'object' } })
    expect(detail.previews.openai).toMatchObject({ type: 'function', function: { name: 'echo' } })
    expect(detail.previews.anthropic).toMatchObject({ name: 'echo' })
  })

  it('answers 404 for an unknown tool', async () => {
    const res = await server.api('/api/tools/nope')
    expect(res.status).toBe(404)
    expect((await res.json()).error).toContain('nope')
  })
})

describe('runs', () => {
  it('streams a run as SSE frames with event, id and data, and lists it in history', async () => {
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'hi' } })
    const res = await server.api(`/api/runs/${runId}/events`)
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const text = await res.text()
    expect(text).toMatch(/event: run-started\nid: 0\ndata: \{/)
    const events = await server.events(runId)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
    expect(finished(events).status).toBe('success')
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { text: 'hi', length: 2 } })
    const list = RunPage.parse(await (await server.api('/api/runs')).json())
    const summary = list.runs.find((r) => r.runId === runId)
    expect(summary).toMatchObject({
      toolId: 'echo',
      status: 'success',
      caller: 'agent',
      inputSummary: '{"text":"hi"}',
      eventCount: events.length,
    })
    const detail = RunDetail.parse(await (await server.api(`/api/runs/${runId}`)).json())
    expect(detail).toMatchObject({ runId, status: 'success', request: { toolId: 'echo', input: { text: 'hi' } } })
  })

  it('replays only what was missed after Last-Event-ID (also from the query string)', async () => {
    const runId = await server.startRun({ toolId: 'chatty', input: { count: 5 } })
    const all = await server.events(runId)
    const rest = await server.events(runId, 3)
    expect(rest.map((e) => e.seq)).toEqual(all.filter((e) => e.seq > 3).map((e) => e.seq))
    const viaQuery = await server.api(`/api/runs/${runId}/events?lastEventId=${all.length - 2}`)
    expect(await viaQuery.text()).not.toContain('event: writer-chunk')
  })

  it('passes request options through: inputText, caller and stepping with continue', async () => {
    const runId = await server.startRun({
      toolId: 'upper',
      inputText: '{"text":"abc"}',
      caller: 'workflow',
      stepping: true,
    })
    let last = (await waitForEvent(server, runId, (e) => e.type === 'paused')).at(-1)!
    let pauses = 1
    // Each continue moves the run past one pause, until it finishes.
    while (last.type !== 'run-finished') {
      expect(
        (await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'continue' } })).status,
      ).toBe(200)
      const after = last.seq
      last = (
        await waitForEvent(server, runId, (e) => e.seq > after && (e.type === 'paused' || e.type === 'run-finished'))
      ).at(-1)!
      if (last.type === 'paused') pauses++
    }
    expect(pauses).toBeGreaterThan(1)
    const events = await server.events(runId)
    expect(events[0]).toMatchObject({ type: 'run-started', caller: 'workflow', stepping: true })
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: 'ABC' })
  })

  it('approves and declines a call that needs approval', async () => {
    const approved = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/x' } })
    await waitForEvent(server, approved, (e) => e.type === 'approval-requested')
    expect((await server.api(`/api/runs/${approved}`).then((r) => r.json())).status).toBe('awaiting-approval')
    expect(
      (await server.api(`/api/runs/${approved}/control`, { method: 'POST', json: { type: 'approve' } })).status,
    ).toBe(200)
    expect(finished(await server.events(approved)).status).toBe('success')

    const declined = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/y' } })
    await waitForEvent(server, declined, (e) => e.type === 'approval-requested')
    await server.api(`/api/runs/${declined}/control`, {
      method: 'POST',
      json: { type: 'decline', reason: 'not today' },
    })
    const events = await server.events(declined)
    expect(events.find((e) => e.type === 'approval-resolved')).toMatchObject({ approved: false, reason: 'not today' })
    expect(finished(events).status).toBe('declined')
  })

  it('refuses resume data that fails the resume schema (422, issues) and accepts valid data', async () => {
    const runId = await server.startRun({ toolId: 'book-seat', input: { flight: 'LX1' } })
    await waitForEvent(server, runId, (e) => e.type === 'suspended')
    const bad = await server.api(`/api/runs/${runId}/control`, {
      method: 'POST',
      json: { type: 'resume', resumeData: { seat: 'window' } },
    })
    expect(bad.status).toBe(422)
    const body = await bad.json()
    expect(body.issues[0].path).toEqual(['seat'])
    expect(body.state).toBe('suspended')
    expect(
      (
        await server.api(`/api/runs/${runId}/control`, {
          method: 'POST',
          json: { type: 'resume', resumeData: { seat: '2C' } },
        })
      ).status,
    ).toBe(200)
    const events = await server.events(runId)
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { flight: 'LX1', seat: '2C' } })
  })

  it('aborts a run that waits for its abort signal', async () => {
    const runId = await server.startRun({ toolId: 'wait-abort', input: {} })
    await waitForEvent(server, runId, (e) => e.type === 'input-available')
    expect(
      (await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'user' } }))
        .status,
    ).toBe(200)
    const events = await server.events(runId)
    expect(finished(events).status).toBe('aborted')
    expect(events.find((e) => e.type === 'aborted')).toMatchObject({ reason: 'user' })
  })

  it('turns values JSON cannot carry (BigInt, Date, cycles, functions, Errors) into plain JSON', async () => {
    const events = await server.events(await server.startRun({ toolId: 'odd-values', input: {} }))
    expect(events.find((e) => e.type === 'output')).toMatchObject({
      output: {
        big: '10n',
        when: '1970-01-01T00:00:00.000Z',
        node: { name: 'loop', self: '[Circular]' },
        fn: '[Function helper]',
        err: { name: 'Error', message: 'inner' },
        list: [1, null],
      },
    })
  })

  it('reports a tool that throws as an error event', async () => {
    const events = await server.events(await server.startRun({ toolId: 'fails', input: {} }))
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringContaining('Boom from the fixture'),
    })
    expect(finished(events).status).toBe('error')
  })
})

describe('bad requests', () => {
  const post = (path: string, body: string | undefined) =>
    server.api(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } })

  it('400 for a body that is not JSON', async () => {
    const res = await post('/api/runs', '{"toolId": ')
    expect(res.status).toBe(400)
    expect((await res.json()).error).toMatch(/not valid JSON/)
  })

  it('400 with the issues for a body that fails the protocol schema', async () => {
    const res = await post('/api/runs', JSON.stringify({ toolId: '', input: {}, extra: 1 }))
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.issues.map((i: { path: unknown[] }) => i.path.join('.'))).toEqual(expect.arrayContaining(['toolId']))
    expect(body.error).toMatch(/does not match/)
    const approval = await post(
      `/api/runs/${await server.startRun({ toolId: 'echo', input: { text: 'a' } })}/control`,
      JSON.stringify({ type: 'approve', approved: 'yes' }),
    )
    expect(approval.status).toBe(400)
  })

  it('404 for an unknown tool, an unknown run and an unknown API route', async () => {
    expect((await post('/api/runs', JSON.stringify({ toolId: 'nope', input: {} }))).status).toBe(404)
    expect((await server.api('/api/runs/nope/events')).status).toBe(404)
    expect((await post('/api/runs/nope/control', JSON.stringify({ type: 'abort' }))).status).toBe(404)
    expect((await server.api('/api/nothing-here')).status).toBe(404)
  })

  it('409 naming the state for a control that does not fit the run', async () => {
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'a' } })
    await server.events(runId)
    const late = await post(`/api/runs/${runId}/control`, JSON.stringify({ type: 'abort' }))
    expect(late.status).toBe(409)
    expect((await late.json()).state).toBe('success')

    const waiting = await server.startRun({ toolId: 'book-seat', input: { flight: 'LX2' } })
    await waitForEvent(server, waiting, (e) => e.type === 'suspended')
    const wrong = await post(`/api/runs/${waiting}/control`, JSON.stringify({ type: 'approve' }))
    expect(wrong.status).toBe(409)
    expect((await wrong.json()).state).toBe('suspended')
    await post(`/api/runs/${waiting}/control`, JSON.stringify({ type: 'abort' }))
  })

  it('413 for a body over 1 MiB, and the connection stays usable', async () => {
    const big = JSON.stringify({ toolId: 'echo', input: { text: 'x'.repeat(1024 * 1024 + 10) } })
    const res = await post('/api/runs', big)
    expect(res.status).toBe(413)
    expect((await res.json()).error).toMatch(/1 MiB/)
    // The next request reuses the pooled keep-alive socket.
    expect((await server.api('/api/tools')).status).toBe(200)
  })

  it('answers a declared body far past the cap with 413 at once, without waiting for the body', async () => {
    const { port } = new URL(server.origin)
    const socket = connect(Number(port), '127.0.0.1')
    let reply = ''
    socket.on('data', (chunk) => (reply += chunk.toString('latin1')))
    const closed = new Promise((resolve) => socket.on('close', resolve))
    // Only the head is sent: the 200 MB body never comes, so only an answer before reading it can arrive.
    socket.write(
      `POST /api/runs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: 200000000\r\n\r\n`,
    )
    await closed
    expect(reply).toMatch(/^HTTP\/1\.1 413 /)
    expect(reply.toLowerCase()).toContain('connection: close')
  })
})
