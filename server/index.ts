// startServer(): the Toolscope server on a real port (0 = any free port). Used by the CLI, e2e fixtures and tests.

import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createContext, type ContextOptions } from './context.ts'

/** Options of startServer(): those of the shared context, plus the port to listen on (0 picks a free one; default 4400). */
export interface StartServerOptions extends Omit<ContextOptions, 'getPort'> {
  port?: number
}

/** A listening server. */
export interface RunningServer {
  /** Full URL to open, with `?token=`. */
  url: string
  origin: string
  port: number
  token: string
  close(): Promise<void>
}

export const DEFAULT_APP_DIR = fileURLToPath(new URL('../dist/app/', import.meta.url))

/** Starts the server and resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const bindHost = options.host ?? '127.0.0.1'
  // Known only once listening; the Host/Origin checks read it per request.
  const listening: { port?: number } = {}
  const ctx = await createContext({ ...options, host: bindHost, appDir: options.appDir ?? DEFAULT_APP_DIR, getPort: () => listening.port })
  let server: ServerType
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: ctx.app.fetch, port: options.port ?? 4400, hostname: bindHost }, () => resolve(s))
      s.once('error', reject)
    })
  } catch (err) {
    await ctx.close()
    throw err
  }
  const port = (listening.port = (server.address() as AddressInfo).port)
  const shownHost = bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost
  const origin = `http://${shownHost}:${port}`
  return {
    url: `${origin}/?token=${encodeURIComponent(ctx.token)}`,
    origin,
    port,
    token: ctx.token,
    async close() {
      await ctx.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        // SSE streams stay open forever: drop idle and streaming connections so close() finishes.
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
    },
  }
}
