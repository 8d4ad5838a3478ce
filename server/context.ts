// Wires the server's parts together (history store, run registry, tool host, MCP, Hono app) without listening,
// so the CLI server and the Vite dev plugin build exactly the same thing.

import { existsSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import type { Hono } from 'hono'
import { createApp } from './http/app.ts'
import { modelKeysFrom, type ModelKeys } from './models/keys.ts'
import { TrySessions } from './models/trySessions.ts'
import { createCassetteStore } from './history/cassetteStore.ts'
import { readProjectConfig } from './projectConfig.ts'
import { collectWhenIdle } from './runs/idleCollect.ts'
import { createMcpEndpoint } from './http/mcp.ts'
import { loadReport } from './cli/loadReport.ts'
import { ownPath } from './packageRoot.ts'
import type { RunLimits } from './runs/limits.ts'
import { RunRegistry } from './runs/runs.ts'
import { RunStore } from './history/runStore.ts'
import { createScenarioStore, DEFAULT_SCENARIO_DIR } from './history/scenarioStore.ts'
import { resolveToken } from './http/security.ts'
import { forwardingSink, ToolHost, type RunSink } from './toolHost/host.ts'
import { type ToolHostOptions } from './toolHost/hostOptions.ts'
import { MCP_CONFIG_FILE, type McpServerSpec } from './mcpSources/config.ts'
import type { ConnectionLimits } from './mcpSources/connection.ts'
import type { ModelTarget } from '../src/shared/protocol.ts'

/** The bundled example tools, served when no path is given: TypeScript source in either layout, loaded like a user's tools. */
export const EXAMPLES_DIR = ownPath('server', 'examples') + sep
/** The scenarios of the bundled examples. */
export const EXAMPLE_SCENARIOS_DIR = ownPath('server', 'examples', 'scenarios') + sep

/**
 * The tool files or folders of a command or server: those given, resolved; with none, the bundled examples, unless
 * MCP servers are the tools (`withMcp`).
 */
export function toolPathsOf(paths: readonly string[] | undefined, withMcp = false): string[] {
  return (paths?.length ? paths : withMcp ? [] : [EXAMPLES_DIR]).map((p) => resolve(p))
}

/** The MCP servers of a command: its `--mcp` flags and the working folder's `.mcp.json`; undefined when neither. */
export function mcpSourcesOf(
  servers: McpServerSpec[] | undefined,
  configDir: string | false = process.cwd(),
): ToolHostOptions['mcp'] {
  const hasConfig = configDir !== false && existsSync(join(configDir, MCP_CONFIG_FILE))
  if (!servers?.length && !hasConfig) return undefined
  return { servers: servers ?? [], ...(hasConfig ? { configDir: configDir as string } : {}) }
}

/** The eval folder beside a scenario folder: toolscope/scenarios → toolscope/evals. */
export function evalDirOf(scenariosDir: string): string {
  return join(dirname(resolve(scenariosDir)), 'evals')
}

/** Where the scenarios of `toolPaths` are: the bundled examples keep theirs beside them, a project's are in toolscope/scenarios. */
export function scenarioDirOf(toolPaths: readonly string[]): string {
  return toolPaths.length > 0 && toolPaths.every((p) => `${p}${sep}`.startsWith(EXAMPLES_DIR))
    ? EXAMPLE_SCENARIOS_DIR
    : resolve(DEFAULT_SCENARIO_DIR)
}

/** Options shared by startServer() and the Vite plugin. */
export interface ContextOptions {
  /** Tool files or folders; the bundled examples when empty (and no MCP server is given). */
  paths?: string[]
  /** MCP servers given with `--mcp`; those of `.mcp.json` in `mcpConfigDir` are added. */
  mcp?: McpServerSpec[]
  /** Where `.mcp.json` is read and watched; default the working folder, false for none. */
  mcpConfigDir?: string | false
  /** Bounds of each MCP server's connection (message size, notification rate, start timeout, restart backoff); tests shrink them. */
  mcpLimits?: Partial<ConnectionLimits>
  /** Bind address; default 127.0.0.1. A non-loopback address requires `token`. */
  host?: string
  /** Session token; default TOOLSCOPE_TOKEN or a random one. */
  token?: string
  /** Reload tools when their files change. Default true. */
  watch?: boolean
  /** Per-run timeout; default 60 000 ms. */
  timeoutMs?: number
  /** Where history lives (`history.db`); default `.toolscope/` in the working folder. */
  dataDir?: string
  /** Most finished runs kept in history; default 500. */
  historyMaxRuns?: number
  /** Most bytes of events kept in history over all runs; default 512 MiB. */
  historyMaxBytes?: number
  /** Hard cap of history.db in 4 KiB pages (SQLite max_page_count): past it writes fail as on a full disk (tests). */
  historyMaxPageCount?: number
  /** Payload (per view) and per-run size limits; defaults 1 MiB and 50 MiB. */
  limits?: Partial<RunLimits>
  /** Most runs in flight at once; default 100 (more answer 429). */
  maxLiveRuns?: number
  /** How long a run may wait for approval, resume data or an answer before it ends as `expired`; default 30 min. */
  waitingExpiryMs?: number
  /** Scenario folder; default `toolscope/scenarios` in the working folder (the examples' own with no paths). */
  scenariosDir?: string
  /** Built SPA folder; default dist/app of this package. */
  appDir?: string
  log?: (line: string) => void
  /** Heap limit of each tool-host worker in MB (a tool past it ends only its own run); default 512. */
  workerHeapMb?: number
  /** Runs executing at once (one worker each); more starts are queued. Default from memory (defaultMaxWorkers()). */
  maxWorkers?: number
  /** How long a queued run nobody watches is kept before it is dropped; default 30 s. */
  unwatchedQueueGraceMs?: number
  /** Intercept the tools' HTTP (network events and modes); default true. Off only to measure its cost. */
  interceptNetwork?: boolean
  /** More header and query parameter names to redact (default: package.json "toolscope.network.redact"). */
  redact?: { headers?: string[]; query?: string[] }
  /** Model keys (default: the environment's) and the Try form's default model. */
  models?: { keys?: ModelKeys; defaultModel?: ModelTarget }
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
  const mcpSources = mcpSourcesOf(options.mcp, options.mcpConfigDir)
  const mcpServers = mcpSources && options.mcpLimits ? { ...mcpSources, limits: options.mcpLimits } : mcpSources
  const paths = toolPathsOf(options.paths, !!mcpServers)
  const project = await readProjectConfig().catch((err: Error) => (log(err.message), { lint: {}, redact: undefined }))
  const dataDir = options.dataDir ?? resolve('.toolscope')
  // Takes the data folder's lock: a second server on the same history is refused (DataDirLockedError).
  const store = new RunStore({
    dataDir,
    maxRuns: options.historyMaxRuns,
    maxBytes: options.historyMaxBytes,
    maxPageCount: options.historyMaxPageCount,
    log,
  })
  // The host reports to the registry, which is built on the host: the sink forwards to it once it exists.
  const host: ToolHost = new ToolHost({
    paths,
    watch: options.watch ?? true,
    sink: forwardingSink((): RunSink => runs),
    log,
    maxOldGenerationSizeMb: options.workerHeapMb ?? 512,
    maxWorkers: options.maxWorkers,
    interceptNetwork: options.interceptNetwork,
    redact: options.redact ?? project.redact,
    recordingBytes: options.limits?.runBytes,
    mcp: mcpServers,
  })
  // The bundled examples come with their scenarios and cassettes, so `npm start` shows them in the Scenarios tab.
  const scenariosDir = resolve(options.scenariosDir ?? scenarioDirOf(paths))
  // Cassettes live beside the scenarios: toolscope/scenarios → toolscope/cassettes.
  const cassettes = createCassetteStore(join(dirname(scenariosDir), 'cassettes'), dataDir)
  const runs = new RunRegistry({
    host,
    store,
    cassettes,
    timeoutMs: options.timeoutMs ?? 60_000,
    limits: options.limits,
    maxLiveRuns: options.maxLiveRuns,
    waitingExpiryMs: options.waitingExpiryMs,
    unwatchedQueueGraceMs: options.unwatchedQueueGraceMs,
    log,
  })
  host.ready.then(
    () => loadReport(host.catalog, paths).forEach((line) => log(line)),
    (err) => log(`Loading tools failed: ${(err as Error).message}`),
  )
  host.onCatalogChange((event) =>
    loadReport({ tools: host.catalog.tools, errors: event.errors }, paths).forEach((line) => log(line)),
  )
  const mcp = createMcpEndpoint(host, runs)
  const stopCollecting = collectWhenIdle(() => runs.liveCount)
  const scenarios = { store: createScenarioStore(scenariosDir), toolPaths: paths }
  const keys = options.models?.keys ?? modelKeysFrom()
  const tries = new TrySessions({ host, runs, keys })
  // Eval files live beside the scenarios: toolscope/scenarios → toolscope/evals (the examples' own with no paths).
  const models = {
    sessions: tries,
    keys,
    defaultModel: options.models?.defaultModel,
    evalsDir: evalDirOf(scenariosDir),
  }
  const app = createApp({
    host,
    runs,
    mcp,
    scenarios,
    cassettes,
    models,
    lintConfig: project.lint,
    log,
    security: { token, bindHost, getPort: options.getPort },
    appDir: options.appDir,
  })
  let closing: Promise<void> | undefined
  return {
    app,
    token,
    host,
    runs,
    // Once only: the dev plugin closes a context when Vite restarts and again when the old HTTP server closes.
    close() {
      closing ??= (async () => {
        stopCollecting()
        tries.cancelAll()
        await mcp.close()
        runs.endAll('The server was closed while the run was in flight.')
        await host.close()
        store.close()
      })()
      return closing
    },
  }
}
