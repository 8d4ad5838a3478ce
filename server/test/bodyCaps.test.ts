// Request bodies at their limits, over real HTTP: a chunked body far past the cap gets a 413 the client can read (the
// connection closes cleanly once the rest is dropped, no EPIPE or reset on the way), and the free text of run controls
// (decline and abort reasons) is capped at MAX_REASON_CHARS with a 400 that says so.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, MAX_REASON_CHARS } from '../../src/shared/protocol.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const MiB = 1024 * 1024

/** POSTs `bytes` of chunked body on a socket of its own, as fast as the socket takes it; the reply and any socket error. */
async function chunkedUpload(path: string, bytes: number): Promise<{ reply: string; error?: string }> {
  const { port } = new URL(server.origin)
  const socket = connect(Number(port), '127.0.0.1')
  let reply = ''
  let error: string | undefined
  socket.on('data', (chunk: Buffer) => (reply += chunk.toString('utf8')))
  socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message))
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
  )
  const piece = Buffer.alloc(64 * 1024, 'x')
  const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
  let sent = 0
  const pump = () => {
    while (sent < bytes && !socket.destroyed) {
      sent += piece.length
      if (!socket.write(frame)) return void socket.once('drain', pump)
    }
    if (!socket.destroyed) socket.write('0\r\n\r\n')
  }
  pump()
  await closed
  return { reply, error }
}

describe('request body limits', () => {
  it('answers a 40 MiB chunked body with a 413 the client reads, then closes the connection cleanly', {
    timeout: 30_000,
  }, async () => {
    const { reply, error } = await chunkedUpload('/api/runs', 40 * MiB)
    expect(error).toBeUndefined()
    expect(reply).toMatch(/^HTTP\/1\.1 413 /)
    expect(reply.toLowerCase()).toContain('connection: close')
    const body = ApiError.parse(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)))
    expect(body).toEqual({ code: 'too-large', error: 'Request body is larger than 1048576 bytes (1 MiB).' })
    // The server is fine afterwards.
    expect((await server.api('/api/tools')).status).toBe(200)
  })
})

describe('free-text caps', () => {
  it(`refuses decline and abort reasons over ${MAX_REASON_CHARS} characters with 400, and takes one of ${MAX_REASON_CHARS}`, async () => {
    const runId = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/x' } })
    await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
    const post = (route: string, json: unknown) => server.api(`/api/runs/${runId}/${route}`, { method: 'POST', json })
    const long = 'r'.repeat(10_000)
    for (const [route, body] of [
      ['approval', { approved: false, reason: long }],
      ['control', { type: 'decline', reason: long }],
      ['control', { type: 'abort', reason: long }],
      ['abort', { reason: long }],
    ] as const) {
      const res = await post(route, body)
      expect(res.status, `${route} ${JSON.stringify(body).slice(0, 40)}`).toBe(400)
      const error = ApiError.parse(await res.json())
      expect(error.code).toBe('invalid-body')
      expect(error.error).toContain(`reason: a reason is at most ${MAX_REASON_CHARS} characters`)
      expect(error.issues?.[0]?.path).toEqual(['reason'])
    }
    // Still waiting for its answer: a reason at the cap is taken.
    const reason = 'r'.repeat(MAX_REASON_CHARS)
    expect((await post('approval', { approved: false, reason })).status).toBe(200)
    const events = await server.events(runId)
    expect(events.find((e) => e.type === 'approval-resolved')).toMatchObject({ approved: false, reason })
    expect(finished(events).status).toBe('declined')
  })
})
