// Network interception in the tool host: every HTTP exchange of a run (fetch and node:http) becomes http-request then
// http-response or http-error events, with secrets redacted and bodies cut; the tool gets exactly what it would get
// without interception. Against a local server on 127.0.0.1 only.

import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './helpers.ts'

let api: Server
let base = ''
const seen: Array<{ method?: string; url?: string; body: string; headers: Record<string, unknown> }> = []

beforeAll(async () => {
  api = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, body, headers: req.headers })
      if (req.url?.startsWith('/big')) {
        res.setHeader('content-type', 'text/plain')
        return res.end('z'.repeat(200 * 1024))
      }
      if (req.url?.startsWith('/binary')) {
        res.setHeader('content-type', 'application/octet-stream')
        return res.end(Buffer.from([0, 1, 2, 255]))
      }
      res.setHeader('content-type', 'application/json')
      res.setHeader('set-cookie', 'session=server-secret')
      res.statusCode = req.method === 'POST' ? 201 : 200
      res.end(JSON.stringify({ path: req.url, echoed: body || null }))
    })
  })
  api.listen(0, '127.0.0.1')
  await once(api, 'listening')
  base = `http://127.0.0.1:${(api.address() as { port: number }).port}`
})
afterAll(() => api.close())

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('network events', () => {
  it('a fetch becomes http-request and http-response, secrets redacted; the tool gets the real response', async () => {
    const events = await server.events(
      await server.startRun({ toolId: 'fetch-json', input: { url: `${base}/items?api_key=k-123456&page=2` } }),
    )
    const request = events.find((e) => e.type === 'http-request')
    const response = events.find((e) => e.type === 'http-response')
    expect(request).toMatchObject({
      method: 'GET',
      url: `${base}/items?api_key=%5BREDACTED%5D&page=2`,
      headers: { authorization: '[REDACTED]', accept: 'application/json' },
    })
    expect(response).toMatchObject({
      requestId: request!.requestId,
      statusCode: 200,
      headers: { 'set-cookie': '[REDACTED]', 'content-type': 'application/json' },
    })
    expect(JSON.parse(response!.body!.text!)).toEqual({ path: '/items?api_key=k-123456&page=2', echoed: null })
    expect(response!.durationMs).toBeGreaterThanOrEqual(0)
    // The server got the real header; the tool got the real body.
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer sk-live-abcdef123456')
    expect(events.find((e) => e.type === 'output')).toMatchObject({
      output: { status: 200, body: { path: '/items?api_key=k-123456&page=2' } },
    })
    expect(JSON.stringify(events)).not.toContain('sk-live-abcdef123456')
    expect(JSON.stringify(request)).not.toContain('k-123456')
    // Order: the request, its response, then the output.
    const order = events.map((e) => e.type).filter((t) => t.startsWith('http-') || t === 'output')
    expect(order).toEqual(['http-request', 'http-response', 'output'])
  })

  it('node:http requests are seen too, with their body; cookies redacted', async () => {
    const events = await server.events(
      await server.startRun({ toolId: 'post-http', input: { url: `${base}/orders`, payload: { sku: 'A1', qty: 2 } } }),
    )
    expect(events.find((e) => e.type === 'http-request')).toMatchObject({
      method: 'POST',
      url: `${base}/orders`,
      headers: { cookie: '[REDACTED]' },
      body: { text: '{"sku":"A1","qty":2}', bytes: 20 },
    })
    expect(events.find((e) => e.type === 'http-response')).toMatchObject({ statusCode: 201 })
    expect(events.find((e) => e.type === 'output')).toMatchObject({
      output: { status: 201, text: JSON.stringify({ path: '/orders', echoed: '{"sku":"A1","qty":2}' }) },
    })
  })

  it('a large body is cut in the event (marked) but whole for the tool; a binary body is base64', async () => {
    const big = await server.events(
      await server.startRun({ toolId: 'post-http', input: { url: `${base}/big`, payload: 1 } }),
    )
    const response = big.find((e) => e.type === 'http-response')!
    expect(response.body).toMatchObject({ bytes: 200 * 1024, truncated: true })
    expect(response.body!.text).toHaveLength(64 * 1024)
    expect((big.find((e) => e.type === 'output') as { output: { text: string } }).output.text).toHaveLength(200 * 1024)
    const binary = await server.events(
      await server.startRun({ toolId: 'post-http', input: { url: `${base}/binary`, payload: 1 } }),
    )
    expect(binary.find((e) => e.type === 'http-response')).toMatchObject({
      body: { base64: Buffer.from([0, 1, 2, 255]).toString('base64'), bytes: 4 },
    })
  })

  it('a request that fails on the network becomes http-error, and the tool sees the failure as it would', async () => {
    const closed = createServer()
    closed.listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const port = (closed.address() as { port: number }).port
    closed.close()
    await once(closed, 'close')
    const events = await server.events(
      await server.startRun({ toolId: 'fetch-json', input: { url: `http://127.0.0.1:${port}/gone` } }),
    )
    const failure = events.find((e) => e.type === 'http-error')
    expect(failure).toMatchObject({ message: expect.stringMatching(/ECONNREFUSED/) })
    expect(events.find((e) => e.type === 'error')).toMatchObject({ message: expect.stringMatching(/fetch failed/) })
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', status: 'error' })
  })

  it('redacts the names a project adds (package.json "toolscope.network.redact") beside the built-in ones', async () => {
    const own = await startTestServer({ redact: { headers: ['Accept'], query: ['account'] } })
    try {
      const events = await own.events(
        await own.startRun({ toolId: 'fetch-json', input: { url: `${base}/items?account=acme-42&page=1` } }),
      )
      const request = events.find((e) => e.type === 'http-request')
      expect(request).toMatchObject({
        url: `${base}/items?account=%5BREDACTED%5D&page=1`,
        headers: { accept: '[REDACTED]', authorization: '[REDACTED]' },
      })
      // The request as shown carries no trace of it (this test server echoes the path in its body, which is not redacted).
      expect(JSON.stringify(request)).not.toContain('acme-42')
    } finally {
      await own.close()
    }
  })
})
