// Wires the server's parts together (history, run registry, tool host, MCP, Hono app) without listening,
// so the CLI server and the Vite dev plugin build exactly the same thing.

import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from './app.ts'
import { History } from './history.ts'
import { createMcpEndpoint } from './mcp.ts'
import { RunRegistry } from './runs.ts'
import { createScenarioStore, DEFAULT_SCENARIO_DIR } from './scenarioStore.ts'
import { resolveToken } from './security.ts'
import { ToolHost } from './toolHost/host.ts'

/** The bundled example tools, served when no path is given. */
export const EXAMPLES_DIR = fileURLToPath(new URL('./examples/', import.meta.url))

/** Options shared by startServer() and the Vite plugin. */
export interface ContextOptions {
  /** Tool files or folders; the bundled examples when empty. */
  paths?: string[]
  /** Bind address; default 127.0.0.1. A non-loopback address requires `token`. */
  host?: string
  /** Session token; default TOOLSCOPE_TOKEN or a random one. */
  token?: string
  /** Reload tools when their files change. Default true. */
  watch?: boolean
  /** Per-run timeout; default 60 000 ms. */
  timeoutMs?: number
  /** Where history lives; default `.toolscope/` in the working folder. */
  dataDir?: string
  /** Scenario folder; default `toolscope/scenarios` in the working folder. */
  scenariosDir?: string
  /** Built SPA folder; default dist/app of this package. */
  appDir?: string
  log?: (line: string) => void
  /** Heap limit of each tool-host worker in MB (a tool past it ends only its own run); default 512. */
  workerHeapMb?: number
  /** The listening port, once known (Host/Origin checks need it). */
  getPort: () => number | undefined
}

/** Everything a running Toolscope server consists of. */
export interface ToolscopeContext {
  app: Hono
  token: string
  host: ToolHost
  runs: RunRegistry
  close(): Promise<void>
}

/** Builds the app and starts the tool host (loading happens in the background; `/api/tools` waits for it). */
export async function createContext(options: ContextOptions): Promise<ToolscopeContext> {
  const log = options.log ?? ((line: string) => console.log(line))
  const bindHost = options.host ?? '127.0.0.1'
  const token = resolveToken(bindHost, options.token)
  const paths = (options.paths?.length ? options.paths : [EXAMPLES_DIR]).map((p) => resolve(p))
  const history = new History(options.dataDir ?? resolve('.toolscope'), log)
  const runs = new RunRegistry({ history, timeoutMs: options.timeoutMs ?? 60_000, log })
  await runs.init()
  const host = new ToolHost({ paths, watch: options.watch ?? true, sink: runs, log, maxOldGenerationSizeMb: options.workerHeapMb ?? 512 })
  runs.host = host
  host.ready.catch((err) => log(`Loading tools failed: ${(err as Error).message}`))
  const mcp = createMcpEndpoint(host, runs)
  const scenarios = { store: createScenarioStore(resolve(options.scenariosDir ?? DEFAULT_SCENARIO_DIR)), toolPaths: paths }
  const app = createApp({ host, runs, mcp, scenarios, security: { token, bindHost, getPort: options.getPort }, appDir: options.appDir })
  return {
    app,
    token,
    host,
    runs,
    async close() {
      await mcp.close()
      runs.endAll('The server was closed while the run was in flight.')
      await host.close()
      await history.flush()
    },
  }
}
