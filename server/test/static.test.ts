// The built SPA: files and client routes are served; a missing file or a /.well-known/ probe is a 404, not the page.

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, tempDir, type TestServer } from './helpers.ts'

let server: TestServer
let cleanup: () => Promise<void>
beforeAll(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  await mkdir(join(t.dir, 'assets'))
  await writeFile(join(t.dir, 'index.html'), '<!doctype html><title>Toolscope</title>')
  await writeFile(join(t.dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  server = await startTestServer({ appDir: t.dir })
})
afterAll(async () => {
  await server.stop()
  await cleanup()
})

describe('static files', () => {
  it('serves files and the page for client routes', async () => {
    expect((await server.api('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml')
    for (const path of ['/', '/runs', '/tools/weather'])
      expect(await (await server.api(path)).text(), path).toContain('<title>Toolscope</title>')
  })

  it('a missing file or a /.well-known/ probe is a 404, never the page', async () => {
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/oauth-protected-resource/mcp',
      '/assets/gone.js',
      '/robots.txt',
    ]) {
      const res = await server.api(path)
      expect(res.status, path).toBe(404)
      expect(await res.text(), path).not.toContain('<title>')
    }
  })

  it('answers a /favicon.ico probe with the real icon (favicon.svg), or a 404 when the app has none', async () => {
    const ico = await server.api('/favicon.ico')
    expect(ico.status).toBe(200)
    expect(ico.headers.get('content-type')).toBe('image/svg+xml')
    expect(await ico.text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>')

    const bare = await tempDir()
    await writeFile(join(bare.dir, 'index.html'), '<!doctype html><title>Toolscope</title>')
    const noIcon = await startTestServer({ appDir: bare.dir })
    try {
      for (const path of ['/favicon.ico', '/favicon.svg']) {
        const res = await noIcon.api(path)
        expect(res.status, path).toBe(404)
        expect(await res.text(), path).not.toContain('<title>')
      }
    } finally {
      await noIcon.stop()
      await bare.cleanup()
    }
  })
})
