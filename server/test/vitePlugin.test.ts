// The dev plugin mounts the same API in a real Vite dev server: /api answers on Vite's port with the token,
// the Host check accepts that port, and non-API paths stay Vite's.

import { createServer, type ViteDevServer } from 'vite'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolscopeDevServer } from '../vitePlugin.ts'
import { FIXTURES, tempDir } from './helpers.ts'

let vite: ViteDevServer
let origin: string
let cleanup: () => Promise<void>
const logs: string[] = []

beforeAll(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  vite = await createServer({
    configFile: false,
    root: t.dir,
    logLevel: 'info',
    customLogger: {
      info: (m: string) => logs.push(m),
      warn: () => {},
      warnOnce: () => {},
      error: () => {},
      clearScreen: () => {},
      hasErrorLogged: () => false,
      hasWarned: false,
    },
    plugins: [toolscopeDevServer({ paths: [FIXTURES], dataDir: t.dir })],
    server: { port: 0, host: '127.0.0.1', strictPort: false, watch: null },
  })
  await vite.listen()
  origin = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`
})
afterAll(async () => {
  await vite.close()
  await cleanup()
})

describe('toolscopeDevServer', () => {
  it('prints the URL with the token and serves /api on the Vite port', async () => {
    const line = logs.find((l) => l.includes('Toolscope (dev):'))
    const url = new URL(/(http\S+)/.exec(line ?? '')![1])
    expect(url.origin).toBe(origin)
    const token = url.searchParams.get('token')!
    expect((await fetch(`${origin}/api/tools`)).status).toBe(401)
    const res = await fetch(`${origin}/api/tools`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    expect((await res.json()).tools.map((t: { id: string }) => t.id)).toContain('echo')
    const evil = await fetch(`${origin}/api/tools`, {
      headers: { authorization: `Bearer ${token}`, origin: 'http://evil.example' },
    })
    expect(evil.status).toBe(403)
  })
})
