// startServer(): the Toolscope server on a real port (0 = any free port). Used by the CLI, e2e fixtures and tests.

import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { sep } from 'node:path'
import { createContext, type ContextOptions } from './context.ts'
import { ownPath } from './packageRoot.ts'

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

/** What startServer() gives: the running server, and when its tools are loaded, how many were found (0 when loading failed). */
export interface StartedServer extends RunningServer {
  loaded: Promise<{ tools: number }>
}

/** The built UI of this package (dist/app), in the source and the compiled layout alike. */
export const DEFAULT_APP_DIR = ownPath('dist', 'app') + sep

/** Starts the server and resolves once it listens. */
export async function startServer(options: StartServerOptions = {}): Promise<StartedServer> {
  const bindHost = options.host ?? '127.0.0.1'
  // Known only once listening; the Host/Origin checks read it per request.
  const listening: { port?: number } = {}
  const ctx = await createContext({
    ...options,
    host: bindHost,
    appDir: options.appDir ?? DEFAULT_APP_DIR,
    getPort: () => listening.port,
  })
  let server: ServerType
  try {
    server = await listenWithFallback(
      ctx.app.fetch,
      bindHost,
      options.port,
      options.log ?? ((line) => console.log(line)),
    )
  } catch (err) {
    await ctx.close()
    throw err
  }
  const port = (listening.port = (server.address() as AddressInfo).port)
  const shownHost =
    bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost
  const origin = `http://${shownHost}:${port}`
  return {
    url: `${origin}/?token=${encodeURIComponent(ctx.token)}`,
    origin,
    port,
    token: ctx.token,
    loaded: ctx.host.ready.then(
      () => ({ tools: ctx.host.catalog.tools.length }),
      () => ({ tools: 0 }),
    ),
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

const DEFAULT_PORT = 4400
/** How many ports after the default are tried when it is taken (then any free port). */
const FALLBACK_PORTS = 20

function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
): Promise<ServerType> {
  return new Promise<ServerType>((resolve, reject) => {
    const s = serve({ fetch, port, hostname }, () => resolve(s))
    s.once('error', (err) => {
      s.close()
      reject(err)
    })
  })
}

/**
 * Listens on the given port, or on the default one; when the default is taken, on the next free one (as Vite does,
 * saying so). A port given explicitly that is taken is an error that suggests `--port 0`.
 */
async function listenWithFallback(
  fetch: (req: Request) => Response | Promise<Response>,
  hostname: string,
  port: number | undefined,
  log: (line: string) => void,
): Promise<ServerType> {
  const explicit = port !== undefined
  const first = port ?? DEFAULT_PORT
  for (let attempt = 0; ; attempt++) {
    const candidate = explicit ? first : attempt > FALLBACK_PORTS ? 0 : first + attempt
    try {
      const server = await listen(fetch, hostname, candidate)
      if (candidate !== first) log(`Port ${first} is in use; using ${(server.address() as AddressInfo).port} instead.`)
      return server
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
      if (explicit)
        throw new Error(
          `Port ${first} is already in use. Stop what uses it, pick another with --port <n>, or use --port 0 for any free port.`,
          { cause: err },
        )
    }
  }
}
