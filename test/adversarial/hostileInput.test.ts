// Hostile requests: over-deep JSON, a declared Content-Length far over the cap, megabyte ids echoed in errors,
// `?token=` outside the two SSE streams, `__proto__` keys, and a reconnect after the last event of a finished run.

import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonNestingDepth, parseJsonBounded } from '../../server/http/jsonDepth.ts'
import { finished, readSse, waitForEvent, type TestServer } from '../../server/test/helpers.ts'
import { startAdversarialServer } from './helpers.ts'

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

describe('jsonNestingDepth', () => {
  it('counts objects and arrays, ignores brackets inside strings and escaped quotes', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3)
    expect(jsonNestingDepth('{"a":"[[[{{{\\"[[["}')).toBe(1)
    expect(jsonNestingDepth(deep(100_000), 10)).toBe(11)
    expect(parseJsonBounded(deep(300), 256)).toMatchObject({ ok: false, reason: 'too-deep' })
    expect(parseJsonBounded(deep(3), 256)).toEqual({ ok: true, value: [[[]]] })
  })
})

describe('hostile requests', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startAdversarialServer()
  })
  afterAll(() => server.stop())

  it('refuses over-deep bodies with 400 and a clear message, on start and on every control', async () => {
    const body = `{"toolId":"echo","input":${deep(5_000)}}`
    const res = await server.api('/api/runs', { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/nested deeper than 256 levels/)
    const waiting = await server.startRun({ toolId: 'book-seat', input: { flight: 'TS1' } })
    await waitForEvent(server, waiting, (e) => e.type === 'suspended')
    const resume = await server.api(`/api/runs/${waiting}/control`, {
      method: 'POST',
      body: `{"type":"resume","resumeData":${deep(5_000)}}`,
      headers: { 'content-type': 'application/json' },
    })
    expect(resume.status).toBe(400)
    await server.api(`/api/runs/${waiting}/control`, { method: 'POST', json: { type: 'abort' } })
  })

  it('answers a declared Content-Length over the cap with 413 at once, without waiting for the body', async () => {
    const url = new URL(server.origin)
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(
          `POST /api/runs HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${2 ** 31}\r\n\r\n{}`,
        )
      })
      let text = ''
      socket.on('data', (d) => (text += d.toString()))
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 413/)
    expect(reply).toMatch(/connection: close/i)
  })

  it('clips megabyte ids in 404 messages', async () => {
    const id = 'x'.repeat(500_000)
    const start = await server.api('/api/runs', { method: 'POST', json: { toolId: id } })
    expect(start.status).toBe(404)
    expect((await start.text()).length).toBeLessThan(300)
    const tool = await server.api(`/api/tools/${'y'.repeat(8_000)}`)
    expect(tool.status).toBe(404)
    expect((await tool.text()).length).toBeLessThan(300)
  })

  it('accepts ?token= only on the two SSE streams', async () => {
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'a' } })
    const bare = (path: string) =>
      fetch(`${server.origin}${path}${path.includes('?') ? '&' : '?'}token=${server.token}`)
    expect((await bare(`/api/runs/${runId}/events`)).status).toBe(200)
    const catalog = await bare('/api/catalog/events')
    expect(catalog.status).toBe(200)
    await catalog.body?.cancel()
    for (const path of ['/api/scenarios/x/events', '/api/runs/x/y/events', `/api/runs/${runId}`, '/api/tools']) {
      expect((await bare(path)).status, path).toBe(401)
    }
  })

  it('refuses a __proto__ key (even escaped, even inside inputText) with 400 instead of dropping it silently', async () => {
    for (const body of [
      '{"toolId":"echo-any","input":{"__proto__":{"polluted":true},"text":"hi"}}',
      '{"toolId":"echo-any","input":{"a":{"__pr\\u006fto__":1}}}',
      JSON.stringify({ toolId: 'echo-any', inputText: '{"__proto__":{"polluted":true}}' }),
    ]) {
      const res = await server.api('/api/runs', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, body).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(/__proto__/)
    }
    const res = await server.api('/api/runs', { method: 'POST', json: { toolId: 'echo', inputText: deep(5_000) } })
    expect(res.status).toBe(400)
  })

  it('a reconnect with Last-Event-ID at the end of a finished run closes at once', async () => {
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'done' } })
    const events = await server.events(runId)
    const last = finished(events).seq
    const res = await server.api(`/api/runs/${runId}/events`, { headers: { 'last-event-id': String(last) } })
    const frames = []
    for await (const f of readSse(res)) frames.push(f)
    expect(frames).toEqual([])
  })
})
