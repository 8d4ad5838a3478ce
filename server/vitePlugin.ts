// Vite plugin for `npm run dev`: mounts the same createApp() (/api and /mcp) inside the Vite dev server,
// so the UI hot-reloads while the API, tool host and MCP run on the same port. Prints the URL with the token.

import { getRequestListener } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Plugin } from 'vite'
import { createContext, type ToolscopeContext } from './context.ts'

/** Options of the dev plugin (paths default to the bundled examples, or TOOLSCOPE_PATHS split on commas). */
export interface ToolscopeDevOptions {
  paths?: string[]
  timeoutMs?: number
  dataDir?: string
}

/**
 * The context of the running dev server, kept on globalThis: Vite builds the next dev server (after a config change)
 * before it closes the old one, and may load this module anew, while one process may hold the data folder only once.
 */
const CURRENT = Symbol.for('toolscope.devContext')
const holder = globalThis as { [CURRENT]?: ToolscopeContext }

export function toolscopeDevServer(options: ToolscopeDevOptions = {}): Plugin {
  return {
    name: 'toolscope-dev-server',
    apply: 'serve',
    async configureServer(server) {
      const httpServer = server.httpServer
      const listening: { port?: number } = {}
      const envPaths = process.env.TOOLSCOPE_PATHS?.split(',').filter(Boolean)
      const host = typeof server.config.server.host === 'string' ? server.config.server.host : '127.0.0.1'
      // The old dev server's context lets go of the tool host and the data folder first.
      await holder[CURRENT]?.close()
      const context: ToolscopeContext = await createContext({
        paths: options.paths ?? envPaths,
        host,
        timeoutMs: options.timeoutMs,
        dataDir: options.dataDir,
        watch: true,
        log: (line) => server.config.logger.info(`[toolscope] ${line}`),
        // Host/Origin checks must accept the port Vite actually got.
        getPort: () => listening.port,
      })
      holder[CURRENT] = context
      const listener = getRequestListener(context.app.fetch)
      httpServer?.once('listening', () => {
        listening.port = (httpServer.address() as AddressInfo).port
        const shown = host === '0.0.0.0' ? '127.0.0.1' : host
        server.config.logger.info(
          `\n  Toolscope (dev): http://${shown}:${listening.port}/?token=${encodeURIComponent(context.token)}\n`,
        )
      })
      httpServer?.once('close', () => {
        if (holder[CURRENT] === context) holder[CURRENT] = undefined
        void context.close()
      })
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? ''
        if (url === '/mcp' || url.startsWith('/mcp?') || url.startsWith('/api/')) void listener(req, res)
        else next()
      })
    },
  }
}
