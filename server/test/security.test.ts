// Security rules (DESIGN §4), each shown refused and allowed: token, token in the query for SSE only,
// Host and Origin allow-list, non-loopback bind requiring a token, static assets public.

import { request } from 'node:http'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../index.ts'
import { resolveToken, tokensEqual } from '../http/security.ts'
import { FIXTURES, startTestServer, tempDir, type TestServer } from './helpers.ts'

/** A raw request, so Host can be set (fetch forbids it). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

let server: TestServer
let appDir: string
const cleanups: Array<() => Promise<void>> = []
beforeAll(async () => {
  const t = await tempDir()
  cleanups.push(t.cleanup)
  appDir = join(t.dir, 'app')
  await mkdir(join(appDir, 'assets'), { recursive: true })
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>Toolscope</title>')
  await writeFile(join(appDir, 'assets', 'app.js'), 'console.log(1)')
  server = await startTestServer({ appDir })
})
afterAll(async () => {
  await server.stop()
  for (const c of cleanups) await c()
})

describe('session token', () => {
  it('refuses /api and /mcp without a token or with a wrong one (401), accepts the Bearer token', async () => {
    const none = await fetch(`${server.origin}/api/tools`)
    expect(none.status).toBe(401)
    expect((await none.json()).error).toMatch(/token/)
    expect(
      (await fetch(`${server.origin}/api/tools`, { headers: { authorization: 'Bearer wrong-token-value' } })).status,
    ).toBe(401)
    expect((await fetch(`${server.origin}/mcp`, { method: 'POST', body: '{}' })).status).toBe(401)
    expect((await server.api('/api/tools')).status).toBe(200)
  })

  it('says in every 401 body how to pass the token and where to find it: an ApiError under /api, JSON-RPC under /mcp', async () => {
    const api = await fetch(`${server.origin}/api/tools`)
    expect(api.status).toBe(401)
    expect(api.headers.get('www-authenticate')).toBe('Bearer realm="toolscope"')
    const apiBody = await api.json()
    expect(apiBody).toMatchObject({ code: 'unauthorized' })
    expect(apiBody.error).toContain('Authorization: Bearer <token>')
    expect(apiBody.error).toContain('?token=')

    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    })
    const auths: Array<Record<string, string>> = [{}, { authorization: 'Bearer wrong-token-value' }]
    for (const headers of auths) {
      const mcp = await fetch(`${server.origin}/mcp`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      })
      expect(mcp.status).toBe(401)
      expect(mcp.headers.get('content-type')).toMatch(/^application\/json/)
      const json = await mcp.json()
      expect(json).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32001, data: { code: 'unauthorized', header: 'Authorization: Bearer <token>' } },
      })
      expect(json.error.message).toContain('Authorization: Bearer <token>')
      expect(json.error.message).toContain('MCP endpoint')
    }
  })

  it('takes the token as a query parameter on SSE GETs only', async () => {
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'q' } })
    const sse = await fetch(`${server.origin}/api/runs/${runId}/events?token=${server.token}`)
    expect(sse.status).toBe(200)
    expect(await sse.text()).toContain('run-finished')
    expect((await fetch(`${server.origin}/api/runs/${runId}/events?token=nope-nope-nope`)).status).toBe(401)
    expect((await fetch(`${server.origin}/api/tools?token=${server.token}`)).status).toBe(401)
    const post = await fetch(`${server.origin}/api/runs?token=${server.token}`, {
      method: 'POST',
      body: JSON.stringify({ toolId: 'echo', input: { text: 'x' } }),
    })
    expect(post.status).toBe(401)
  })

  it('compares tokens of any length without throwing', () => {
    expect(tokensEqual('abc', 'abcdef')).toBe(false)
    expect(tokensEqual('same-token', 'same-token')).toBe(true)
  })
})

describe('Host and Origin (DNS rebinding)', () => {
  it('refuses a foreign Host (403) and accepts localhost and 127.0.0.1 with the port', async () => {
    const auth = { authorization: `Bearer ${server.token}` }
    expect((await rawGet(server.port, '/api/tools', { ...auth, host: `evil.example:${server.port}` })).status).toBe(403)
    expect((await rawGet(server.port, '/api/tools', { ...auth, host: 'localhost:1' })).status).toBe(403)
    expect((await rawGet(server.port, '/', { host: `evil.example:${server.port}` })).status).toBe(403)
    expect((await rawGet(server.port, '/api/tools', { ...auth, host: `localhost:${server.port}` })).status).toBe(200)
    expect((await rawGet(server.port, '/api/tools', { ...auth, host: `127.0.0.1:${server.port}` })).status).toBe(200)
  })

  it('refuses a cross-site Origin (403) and accepts the server’s own origin', async () => {
    const evil = await server.api('/api/tools', { headers: { origin: 'http://evil.example' } })
    expect(evil.status).toBe(403)
    expect((await evil.json()).error).toMatch(/Origin/)
    expect(
      (await server.api('/api/tools', { headers: { origin: `http://localhost:${server.port + 1}` } })).status,
    ).toBe(403)
    expect((await server.api('/api/tools', { headers: { origin: `http://localhost:${server.port}` } })).status).toBe(
      200,
    )
    expect((await server.api('/api/tools', { headers: { origin: server.origin } })).status).toBe(200)
  })
})

describe('bind address', () => {
  it('refuses a non-loopback host without an explicit token, and starts with one', async () => {
    expect(() => resolveToken('0.0.0.0', undefined, {})).toThrow(/explicit token/)
    expect(resolveToken('0.0.0.0', undefined, { TOOLSCOPE_TOKEN: 'from-the-env-1' })).toBe('from-the-env-1')
    expect(resolveToken('127.0.0.1', undefined, {})).toMatch(/^[\w-]{32}$/)
    const t = await tempDir()
    try {
      const previous = process.env.TOOLSCOPE_TOKEN
      delete process.env.TOOLSCOPE_TOKEN
      await expect(
        startServer({ port: 0, host: '0.0.0.0', paths: [FIXTURES], dataDir: t.dir, watch: false, log: () => {} }),
      ).rejects.toThrow(/explicit token/)
      if (previous !== undefined) process.env.TOOLSCOPE_TOKEN = previous
      const open = await startServer({
        port: 0,
        host: '0.0.0.0',
        token: 'explicit-token-123',
        paths: [FIXTURES],
        dataDir: t.dir,
        watch: false,
        log: () => {},
      })
      try {
        expect(
          (
            await fetch(`http://127.0.0.1:${open.port}/api/tools`, {
              headers: { authorization: 'Bearer explicit-token-123' },
            })
          ).status,
        ).toBe(200)
        expect((await fetch(`http://127.0.0.1:${open.port}/api/tools`)).status).toBe(401)
      } finally {
        await open.close()
      }
    } finally {
      await t.cleanup()
    }
  })
})

describe('static app', () => {
  it('serves the SPA and its assets without a token, index.html for client routes, nothing outside the folder', async () => {
    const index = await fetch(`${server.origin}/?token=whatever`)
    expect(index.status).toBe(200)
    expect(index.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await index.text()).toContain('<title>Toolscope</title>')
    expect(await (await fetch(`${server.origin}/assets/app.js`)).text()).toBe('console.log(1)')
    expect(await (await fetch(`${server.origin}/tools/echo`)).text()).toContain('<title>Toolscope</title>')
    const traversal = await rawGet(server.port, '/%2e%2e/%2e%2e/etc/passwd', { host: `127.0.0.1:${server.port}` })
    expect(traversal.body).not.toContain('root:')
  })
})
