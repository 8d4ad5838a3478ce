// The MCP servers of a tool host: their connections, their tools in the catalog (grouped by server), and the runs of
// those tools. A run of an MCP tool runs the runtime in the server process (the tool's code is on the MCP server, not
// here, so no worker is needed) and reports to the same sink as a worker's runs: the same events, limits and controls.

import { resolve } from 'node:path'
import { watch } from 'chokidar'
import type {
  CatalogError,
  ControlFailure,
  McpServerState,
  RunControl,
  RunEvent,
  StartRunBody,
  ToolDetail,
} from '../../src/shared/protocol.ts'
import { runTool, type ToolExecutionContext, type ToolRun } from '../../src/runtime/index.ts'
import { applyRunControl } from '../../src/shared/runControl.ts'
import type { CallToolResult, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { boundEvent, DEFAULT_LIMITS } from '../runs/limits.ts'
import { toPlainJson } from '../toolHost/sanitize.ts'
import { controlFailureOf, describeError } from '../toolHost/controlFailure.ts'
import { checkFit } from '../toolHost/fitCheck.ts'
import type { FitCheck } from '../toolHost/messages.ts'
import type { RunLossStatus, RunSink } from '../toolHost/runSink.ts'
import { MCP_CONFIG_FILE, readMcpConfig, specSecrets, type McpServerSpec } from './config.ts'
import {
  DEFAULT_CONNECTION_LIMITS,
  mcpLogLevel,
  McpConnection,
  type CallHandle,
  type ConnectionLimits,
} from './connection.ts'
import { mcpToolEntry, type McpToolEntry } from './mcpTool.ts'

/** The MCP part of the tool host's options. */
export interface McpSourcesOptions {
  /** Servers given on the command line (`--mcp`). */
  servers: McpServerSpec[]
  /** Folder whose `.mcp.json` adds servers (read at start, watched with `watch`); none when undefined. */
  configDir?: string
  watch: boolean
  sink: RunSink
  log: (line: string) => void
  /** Called after the catalog's MCP part changed (tools, or a server's state). */
  changed: () => void
  limits?: Partial<ConnectionLimits>
}

const NO_LIMIT_MS = 2 ** 31 - 1

export class McpSources {
  private connections = new Map<string, McpConnection>()
  private entries = new Map<string, McpToolEntry>()
  private cache = new Map<string, { entry: McpToolEntry; warnings: string[] }>()
  private configErrors: CatalogError[] = []
  private toolErrors: CatalogError[] = []
  private runs = new Map<string, ToolRun>()
  /** Each run's deadline (its timeout), by tool call id: its call owns it, so a server that hangs is named. */
  private deadlines = new Map<string, { at: number; timeoutMs: number }>()
  private stopWatching: (() => Promise<unknown>) | undefined
  private closed = false
  readonly ready: Promise<void>

  constructor(private options: McpSourcesOptions) {
    this.ready = this.load()
      .then(() => Promise.all([...this.connections.values()].map((c) => c.settled())))
      .then(() => undefined)
    if (options.watch && options.configDir) {
      const watcher = watch(resolve(options.configDir, MCP_CONFIG_FILE), { ignoreInitial: true })
      watcher.on('all', () => void this.load().then(() => this.options.changed()))
      this.stopWatching = () => watcher.close()
    }
  }

  /** (Re)reads the servers: new ones connect, removed ones close, changed ones reconnect. */
  private async load(): Promise<void> {
    const config = this.options.configDir ? await readMcpConfig(this.options.configDir) : { servers: [], errors: [] }
    if (this.closed) return
    this.configErrors = config.errors.map((message) => ({ file: MCP_CONFIG_FILE, message }))
    // The command line wins over the config file for a name both give.
    const wanted = new Map<string, McpServerSpec>()
    // A command of .mcp.json runs in the file's folder (as editors run it), so relative paths in it hold.
    const configDir = this.options.configDir && resolve(this.options.configDir)
    const fromConfig = config.servers.map((spec) =>
      spec.transport === 'stdio' && configDir ? { ...spec, cwd: resolve(configDir, spec.cwd ?? '.') } : spec,
    )
    for (const spec of [...fromConfig, ...this.options.servers]) wanted.set(spec.name, spec)
    for (const [name, conn] of this.connections) {
      if (JSON.stringify(wanted.get(name)) === JSON.stringify(conn.spec)) continue
      this.connections.delete(name)
      void conn.close()
    }
    const limits = { ...DEFAULT_CONNECTION_LIMITS, ...this.options.limits }
    for (const [name, spec] of wanted) {
      if (this.connections.has(name)) continue
      const conn = new McpConnection(spec, { changed: () => this.rebuild(), log: this.options.log }, limits)
      this.connections.set(name, conn)
      void conn.start()
    }
    this.rebuild()
  }

  /** The catalog entries from every server's current listing (an entry is rebuilt only when its listing changed). */
  private rebuild(): void {
    if (this.closed) return
    const entries = new Map<string, McpToolEntry>()
    const errors: CatalogError[] = []
    const cache = new Map<string, { entry: McpToolEntry; warnings: string[] }>()
    for (const conn of this.connections.values()) {
      for (const listing of conn.tools) {
        const key = `${conn.spec.name}\0${JSON.stringify(listing)}`
        const built =
          this.cache.get(key) ??
          mcpToolEntry(conn.spec.name, listing, (name, args, context) => this.call(conn, name, args, context))
        cache.set(key, built)
        if (entries.has(built.entry.id)) {
          errors.push({
            file: `mcp:${conn.spec.name}`,
            message: `The server lists the tool "${listing.name}" twice; the first is kept.`,
          })
          continue
        }
        entries.set(built.entry.id, built.entry)
        for (const message of built.warnings) errors.push({ file: `mcp:${conn.spec.name}`, message })
      }
      if (conn.state === 'failed' && conn.reason)
        errors.push({ file: `mcp:${conn.spec.name}`, message: `The MCP server "${conn.spec.name}" ${conn.reason}` })
    }
    this.cache = cache
    this.entries = entries
    this.toolErrors = errors
    this.options.changed()
  }

  get tools(): ToolDetail[] {
    return [...this.entries.values()].map((e) => e.detail)
  }

  get errors(): CatalogError[] {
    return [...this.configErrors, ...this.toolErrors]
  }

  get servers(): McpServerState[] {
    return [...this.connections.values()].map((c) => c.describe())
  }

  /** A server as configured, `${VAR}` references unexpanded (what an exported test may name). */
  spec(name: string): McpServerSpec | undefined {
    return this.connections.get(name)?.spec
  }

  /** The secrets of the server of `toolId` (specSecrets), for the redaction of files that hold its runs. */
  secretsOf(toolId: string): string[] {
    const entry = this.entries.get(toolId)
    const spec = entry && this.connections.get(entry.server)?.spec
    return spec ? specSecrets(spec) : []
  }

  hasTool(toolId: string): boolean {
    return this.entries.has(toolId)
  }

  hasRun(runId: string): boolean {
    return this.runs.has(runId)
  }

  /** Calls a tool on `conn` for a run: progress, logs and elicitation go to the run; a fault of the server ends it. */
  private async call(
    conn: McpConnection,
    name: string,
    args: Record<string, unknown>,
    context: ToolExecutionContext,
  ): Promise<CallToolResult> {
    const mcp = context.mcp!
    let waiting = false
    let fail: (err: Error) => void = () => {}
    const failed = new Promise<never>((_, reject) => (fail = reject))
    failed.catch(() => undefined)
    // The run's timeout: the request is cancelled and the run ends saying which server did not answer.
    const timedOut = new AbortController()
    const signal = context.abortSignal ? AbortSignal.any([context.abortSignal, timedOut.signal]) : timedOut.signal
    const deadline = this.deadlines.get(context.toolCallId ?? '')
    const timer =
      deadline &&
      setTimeout(() => {
        fail(
          new Error(
            `The MCP server "${conn.spec.name}" did not answer within ${deadline.timeoutMs} ms, the run's timeout; the request was cancelled.`,
          ),
        )
        timedOut.abort()
      }, deadline.at - Date.now())
    const client = await Promise.race([conn.whenReady(conn.limits.startTimeoutMs), failed]).catch((err) => {
      clearTimeout(timer)
      throw err
    })
    const handle: CallHandle = {
      get waiting() {
        return waiting
      },
      log: (n) =>
        void mcp.log?.(
          mcpLogLevel(n.level),
          `${n.logger ? `[${n.logger}] ` : ''}${typeof n.data === 'string' ? n.data : JSON.stringify(n.data)}`,
        ),
      elicit: async (params) => {
        waiting = true
        try {
          const url = params.mode === 'url' ? { mode: 'url' as const, url: (params as { url: string }).url } : {}
          const requestedSchema =
            params.mode === 'url'
              ? { type: 'object', properties: {} }
              : (params as { requestedSchema: Record<string, unknown> }).requestedSchema
          const answer = await mcp.elicitation.sendRequest({ message: params.message, requestedSchema, ...url })
          // The runtime checked an accepted answer against requestedSchema (flat primitives, as MCP allows).
          return (params.mode === 'url' ? { action: answer.action } : answer) as ElicitResult
        } finally {
          waiting = false
        }
      },
      refused: (what) => void mcp.log?.('warn', what),
      fail: (message) => fail(new Error(message)),
    }
    const release = conn.track(handle)
    let taskId: string | undefined
    const onAbort = () => {
      if (taskId) void client.experimental.tasks.cancelTask(taskId).catch(() => undefined)
      // A task's stream may go on polling after an abort: the call ends now, so it takes no more of the server's requests.
      fail(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason ?? 'The run was aborted.')))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      const stream = client.experimental.tasks.callToolStream({ name, arguments: args }, undefined, {
        signal,
        timeout: NO_LIMIT_MS,
        onprogress: (p) => void mcp.progress?.(p.progress, p.total, p.message),
      })
      const consume = async (): Promise<CallToolResult> => {
        for await (const message of stream) {
          if (message.type === 'taskCreated') {
            taskId = message.task.taskId
            void mcp.log?.('info', `Task ${taskId} created (${message.task.status}).`)
          } else if (message.type === 'taskStatus') {
            void mcp.log?.(
              'info',
              `Task ${message.task.taskId}: ${message.task.status}${message.task.statusMessage ? ` — ${message.task.statusMessage}` : ''}`,
            )
          } else if (message.type === 'result') {
            const result = message.result as CallToolResult
            if (result._meta) void mcp.log?.('info', `Result _meta: ${JSON.stringify(result._meta)}`)
            return result
          } else if (message.type === 'error') throw message.error
        }
        throw new Error('The server ended the call without a result.')
      }
      return await Promise.race([consume(), failed])
    } catch (err) {
      const message = (err as Error).message ?? String(err)
      if (context.abortSignal?.aborted || message.startsWith(`The MCP server "${conn.spec.name}"`)) throw err
      throw new Error(`The MCP server "${conn.spec.name}" answered tools/call with an error: ${message}`, {
        cause: err,
      })
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      release()
    }
  }

  /** Starts a run of an MCP tool at once (no worker, no execution slot) and follows it to its end. */
  async start(
    runId: string,
    request: StartRunBody,
    timeoutMs: number,
    payloadBytes = DEFAULT_LIMITS.payloadBytes,
  ): Promise<void> {
    const entry = this.entries.get(request.toolId)!
    const { toolId: _t, network, cassette: _c, mocks: _m, clock, caller: _caller, ...options } = request
    let run: ToolRun
    const toolCallId = `call_${runId}`
    try {
      // An MCP server is always called over MCP: the run's context is the MCP one (elicitation, progress, logs). The
      // call keeps the run's timeout itself (see call()), so the error names the server.
      run = runTool(entry.tool, { ...options, toolCallId, caller: 'mcp' })
    } catch (err) {
      return this.options.sink.onRunLost(runId, describeError(err), 'error')
    }
    this.deadlines.set(toolCallId, { at: Date.now() + timeoutMs, timeoutMs })
    void run.result.finally(() => this.deadlines.delete(toolCallId))
    this.runs.set(runId, run)
    if (network && network !== 'live')
      run.fail(
        `The network mode "${network}" needs the tool in Toolscope's process; the tool "${entry.id}" runs on the MCP server "${entry.server}", whose HTTP Toolscope cannot see.`,
      )
    else if (clock === 'fake')
      run.fail(
        `A fake clock needs the tool in Toolscope's process; the tool "${entry.id}" runs on the MCP server "${entry.server}".`,
      )
    void this.follow(runId, run, payloadBytes)
  }

  private async follow(runId: string, run: ToolRun, payloadBytes: number): Promise<void> {
    try {
      for await (const event of run.events) {
        // A run ended by terminate() was already reported lost: its own last events are not.
        if (this.runs.get(runId) !== run) return
        this.options.sink.onEvent(runId, boundEvent(toPlainJson(event) as RunEvent, payloadBytes))
      }
    } catch (err) {
      this.options.sink.onRunLost(runId, describeError(err), 'error')
    } finally {
      if (this.runs.get(runId) === run) this.runs.delete(runId)
    }
  }

  async control(runId: string, control: RunControl): Promise<ControlFailure | undefined> {
    const run = this.runs.get(runId)
    if (!run) return { code: 'unknown-run', message: 'The run is not live.' }
    try {
      await applyRunControl(run, control)
      return undefined
    } catch (err) {
      return controlFailureOf(err)
    }
  }

  /** Ends a run that did not end by itself (its timeout passed, or it ignored an abort): its call is cancelled. */
  terminate(runId: string, reason: string, end: RunLossStatus): void {
    const run = this.runs.get(runId)
    if (!run) return
    this.runs.delete(runId)
    run.abort(reason)
    this.options.sink.onRunLost(runId, reason, end)
  }

  checkFit(check: FitCheck): Promise<string[]> {
    const entry = this.entries.get(check.toolId)
    return entry
      ? checkFit(entry.tool, check)
      : Promise.resolve([`The tool "${check.toolId}" is not in the catalog any more.`])
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stopWatching?.()
    for (const run of this.runs.values()) run.abort('The server was closed.')
    await Promise.all([...this.connections.values()].map((c) => c.close()))
  }
}
