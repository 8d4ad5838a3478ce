// The size bound of an MCP server's HTTP answers: an event stream is held to the bound per event (many small events
// pass, however long the stream), a JSON body as a whole; past the bound the body errors, naming the size.

import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { boundedFetch } from '../mcpSources/boundedFetch.ts'

let server: Server
let base = ''
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/many') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      for (let i = 0; i < 200; i++) res.write(`data: ${'x'.repeat(90)}\n\n`)
      return res.end()
    }
    if (req.url === '/big-event') {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      return res.end(`data: ${'y'.repeat(2_000)}\n\n`)
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ text: 'z'.repeat(2_000) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('boundedFetch', () => {
  const fetchBounded = boundedFetch(1_024, (bytes) => `sent a message of more than ${bytes} bytes`)

  it('passes a long stream of small events', async () => {
    const text = await (await fetchBounded(`${base}/many`)).text()
    expect(text.length).toBeGreaterThan(10_000)
  })

  it('errors on one event past the bound, and on a JSON body past it', async () => {
    await expect((await fetchBounded(`${base}/big-event`)).text()).rejects.toThrow(
      'The server sent a message of more than 1024 bytes',
    )
    await expect((await fetchBounded(`${base}/json`)).text()).rejects.toThrow('more than 1024 bytes')
  })
})
