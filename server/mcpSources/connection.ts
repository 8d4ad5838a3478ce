// One MCP server, connected through the official SDK client: its state (connecting, ready, failed with the reason,
// restarting), its tools, and its faults held to bounds. A server that exits, hangs on start, sends malformed JSON-RPC,
// floods notifications or sends an oversize message ends the calls in flight with an error naming it and is restarted
// with backoff; nothing it does reaches another server or the Toolscope process.

import { basename } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  ToolListChangedNotificationSchema,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js'
import { describeSpec, expandSpec, type McpServerSpec } from './config.ts'
import { boundedFetch } from './boundedFetch.ts'
import type { McpServerState } from '../../src/shared/protocol.ts'

/** Bounds of one connection. */
export interface ConnectionLimits {
  /** Largest JSON-RPC message taken from the server (default 16 MiB); past it the server is restarted. */
  messageBytes: number
  /** Notifications taken per second (default 2,000); past it the server is restarted. */
  notificationsPerSecond: number
  /** How long starting and listing tools may take (default 20 s). */
  startTimeoutMs: number
  /** First restart delay, doubled per failed attempt up to `maxBackoffMs` (defaults 500 ms, 30 s). */
  backoffMs: number
  maxBackoffMs: number
  /** Most tools taken from one server (default 1,000). */
  maxTools: number
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  messageBytes: 16 * 1024 * 1024,
  notificationsPerSecond: 2_000,
  startTimeoutMs: 20_000,
  backoffMs: 500,
  maxBackoffMs: 30_000,
  maxTools: 1_000,
}

/** A call in flight on this server: where the server's requests and notifications during it go. */
export interface CallHandle {
  log(notification: LoggingMessageNotification['params']): void
  /** A server request for the user (elicitation): answered by the run's prompt. */
  elicit(params: ElicitRequest['params']): Promise<ElicitResult>
  /** Something the server asked that Toolscope refuses (sampling), shown in the run. */
  refused(what: string): void
  /** The server failed while the call was in flight: the call ends with this message. */
  fail(message: string): void
  /** True while the run waits for a person (it takes no second elicitation). */
  readonly waiting: boolean
}

const STDERR_LINES = 20
const LOG_LEVELS = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'fatal',
} as const
export const mcpLogLevel = (level: string) => LOG_LEVELS[level as keyof typeof LOG_LEVELS] ?? 'info'

export class McpConnection {
  state: McpServerState['state'] = 'connecting'
  /** Why it failed or restarts (shown in the catalog). */
  reason: string | undefined
  serverInfo: { name: string; version: string } | undefined
  tools: McpTool[] = []
  client: Client | undefined
  private calls = new Set<CallHandle>()
  private stderr: string[] = []
  private attempts = 0
  private readySince = 0
  private restartTimer: NodeJS.Timeout | undefined
  private closed = false
  private generation = 0
  private window = { start: 0, count: 0 }
  private waiters = new Set<() => void>()
  private exitCode: number | null | undefined

  constructor(
    readonly spec: McpServerSpec,
    private hooks: { changed(): void; log(line: string): void },
    readonly limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS,
  ) {}

  /** The catalog's view of this server. */
  describe(): McpServerState {
    return {
      name: this.spec.name,
      transport: this.spec.transport,
      target: describeSpec(this.spec),
      state: this.state,
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.serverInfo ? { serverName: this.serverInfo.name, version: this.serverInfo.version } : {}),
      tools: this.tools.length,
    }
  }

  /** Connects (the first time, or again after close()). Never throws: a failure is the state `failed` and a restart. */
  async start(): Promise<void> {
    const generation = ++this.generation
    // A server that never listed tools stays `failed` (with its reason) while it is retried.
    this.setState(this.attempts === 0 ? 'connecting' : this.tools.length ? 'restarting' : 'failed', this.reason)
    let client: Client | undefined
    let transport: Transport | undefined
    try {
      transport = this.transport()
      client = this.newClient()
      const started = (async () => {
        await client.connect(transport!, { timeout: this.limits.startTimeoutMs })
        await this.listTools(client)
      })()
      let timer: NodeJS.Timeout | undefined
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`it did not answer initialize and tools/list within ${this.limits.startTimeoutMs} ms`)),
          this.limits.startTimeoutMs,
        )
      })
      try {
        await Promise.race([started, timedOut])
      } finally {
        clearTimeout(timer)
      }
      if (generation !== this.generation || this.closed) return void client.close().catch(() => undefined)
      this.client = client
      this.serverInfo = client.getServerVersion()
        ? { name: client.getServerVersion()!.name, version: client.getServerVersion()!.version }
        : undefined
      this.readySince = Date.now()
      this.setState('ready', undefined)
    } catch (err) {
      if (generation !== this.generation || this.closed) return
      void client?.close().catch(() => undefined)
      this.fault(`could not start: ${this.explain(err)}`)
    }
  }

  private newClient(): Client {
    const client = new Client(
      { name: 'toolscope', version: '0.1.0' },
      { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: false } } },
    )
    const generation = this.generation
    const mine = () => generation === this.generation && !this.closed
    client.onerror = (err) => {
      if (!mine()) return
      // A JSON parse failure or an oversize message: the stream can no longer be trusted.
      const message = err.message
      if (/JSON|Unexpected token|ReadBuffer exceeded|Invalid|too large|message of more than/i.test(message))
        this.fault(this.faultMessage(message))
      // A late progress notification (after its call's result) is normal: not worth a line.
      else if (!/unknown token/.test(message)) this.hooks.log(`MCP server "${this.spec.name}": ${message}`)
    }
    client.onclose = () => {
      if (!mine() || this.state === 'failed' || this.state === 'restarting') return
      const code = this.exitCode !== undefined ? ` (exit code ${this.exitCode})` : ''
      this.fault(`exited${code}${this.stderrTail()}`)
    }
    // A replaced client's process may still be sending (a flood outlasts its fault): its notifications count against,
    // and reach the calls of, no later connection.
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      if (!mine() || !this.takeNotification()) return
      for (const call of this.calls) call.log(n.params)
    })
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      if (!mine() || !this.takeNotification()) return
      try {
        await this.listTools(client)
        this.hooks.changed()
      } catch (err) {
        this.hooks.log(
          `MCP server "${this.spec.name}": tools/list after tools/list_changed failed: ${this.explain(err)}`,
        )
      }
    })
    client.fallbackNotificationHandler = async () => {
      if (mine()) this.takeNotification()
    }
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      const call = [...this.calls].find((c) => !c.waiting)
      if (!call)
        throw new McpError(
          ErrorCode.InvalidRequest,
          'Toolscope has no run of this server waiting to answer an elicitation.',
        )
      return call.elicit(request.params)
    })
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      const first = request.params.messages[0]?.content
      const text = first && !Array.isArray(first) && first.type === 'text' ? `: "${first.text.slice(0, 200)}"` : ''
      for (const call of this.calls)
        call.refused(
          `The server asked for sampling${text}. Toolscope has no model to sample from, so the request was refused.`,
        )
      throw new McpError(
        ErrorCode.InvalidRequest,
        'Sampling is not supported by Toolscope: no model is connected to this test bench.',
      )
    })
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: pathToFileURL(process.cwd()).href, name: basename(process.cwd()) }],
    }))
    return client
  }

  private transport(): Transport {
    const spec = expandSpec(this.spec)
    this.exitCode = undefined
    this.stderr = []
    if (spec.transport === 'http') {
      return new StreamableHTTPClientTransport(new URL(spec.url), {
        requestInit: spec.headers ? { headers: spec.headers } : undefined,
        fetch: boundedFetch(this.limits.messageBytes, (bytes) => `sent a message of more than ${bytes} bytes`),
      })
    }
    const transport = new StdioClientTransport({
      command: spec.command,
      args: spec.args,
      env: { ...(spec.env ?? {}) },
      cwd: spec.cwd,
      stderr: 'pipe',
      maxBufferSize: this.limits.messageBytes,
    })
    transport.stderr?.on('data', (chunk: Buffer) => {
      const lines = chunk
        .toString('utf8')
        .split('\n')
        .map((l) => l.trimEnd())
        .filter(Boolean)
      this.stderr.push(...lines.map((l) => l.slice(0, 500)))
      if (this.stderr.length > STDERR_LINES) this.stderr.splice(0, this.stderr.length - STDERR_LINES)
    })
    const originalStart = transport.start.bind(transport)
    transport.start = async () => {
      await originalStart()
      const child = (transport as unknown as { _process?: NodeJS.EventEmitter })._process
      child?.on(
        'exit',
        (code: number | null, signal: string | null) => (this.exitCode = code ?? (signal as unknown as number)),
      )
    }
    return transport
  }

  private async listTools(client: Client): Promise<void> {
    const tools: McpTool[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.limits.startTimeoutMs })
      tools.push(...page.tools)
      cursor = page.nextCursor
      if (tools.length > this.limits.maxTools) throw new Error(`it lists more than ${this.limits.maxTools} tools`)
    } while (cursor)
    this.tools = tools
  }

  /** One notification more in this second; false (and a fault) past the bound. */
  private takeNotification(): boolean {
    const now = Date.now()
    if (now - this.window.start >= 1_000) this.window = { start: now, count: 0 }
    if (++this.window.count <= this.limits.notificationsPerSecond) return true
    if (this.window.count === this.limits.notificationsPerSecond + 1)
      this.fault(`flooded Toolscope with more than ${this.limits.notificationsPerSecond} notifications in a second`)
    return false
  }

  private faultMessage(message: string): string {
    const size = /ReadBuffer exceeded maximum size of (\d+)/.exec(message)
    if (size) return `sent a message of more than ${size[1]} bytes`
    return /message of more than/.test(message) ? message : `sent malformed JSON-RPC (${message.slice(0, 200)})`
  }

  /** The server misbehaved: calls in flight end naming it, and it is restarted with backoff. */
  private fault(what: string): void {
    if (this.closed) return
    const message = `The MCP server "${this.spec.name}" ${what}.`
    for (const call of [...this.calls]) call.fail(`${message} The run was ended; the server is restarted.`)
    this.calls.clear()
    const old = this.client
    this.client = undefined
    this.generation++
    void old?.close().catch(() => undefined)
    if (Date.now() - this.readySince > 10_000 && this.readySince > 0) this.attempts = 0
    this.readySince = 0
    const delay = Math.min(this.limits.maxBackoffMs, this.limits.backoffMs * 2 ** this.attempts)
    this.attempts++
    this.hooks.log(`${message} Restarting in ${delay} ms.`)
    // A server that never listed tools stays `failed` (and in the catalog's errors) through its retries.
    this.setState(
      this.tools.length ? 'restarting' : 'failed',
      `${what} (retrying in ${Math.round(delay / 100) / 10} s)`,
    )
    clearTimeout(this.restartTimer)
    this.restartTimer = setTimeout(() => void this.start(), delay)
    this.restartTimer.unref()
  }

  private explain(err: unknown): string {
    const e = err as NodeJS.ErrnoException
    if (e?.code === 'ENOENT' && this.spec.transport === 'stdio')
      return `the command "${this.spec.command}" was not found`
    const message = e instanceof Error ? e.message : String(err)
    return `${message}${this.stderrTail()}`
  }

  /** The server's last words: its last error line on stderr (a stack's `Error: …`), else its last three lines. */
  private stderrTail(): string {
    const error = this.stderr.findLast((line) => /^\s*(\w*Error\b|error:|fatal:|Traceback)/i.test(line))
    if (error) return ` — its stderr says: ${error.trim()}`
    return this.stderr.length ? ` — its stderr ends with: ${this.stderr.slice(-3).join(' | ')}` : ''
  }

  private setState(state: McpServerState['state'], reason: string | undefined): void {
    const changed = state !== this.state || reason !== this.reason
    this.state = state
    this.reason = reason
    if (state === 'ready' || state === 'failed') for (const w of [...this.waiters]) w()
    if (changed) this.hooks.changed()
  }

  /** Resolves once the server is ready; rejects with the reason when it fails or `timeoutMs` passes first. */
  async whenReady(timeoutMs: number): Promise<Client> {
    const deadline = Date.now() + timeoutMs
    while (!this.closed) {
      if (this.state === 'ready' && this.client) return this.client
      if (this.state === 'failed') break
      const left = deadline - Date.now()
      if (left <= 0) break
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          this.waiters.delete(done)
          resolve()
        }
        const timer = setTimeout(done, Math.min(left, 1_000))
        this.waiters.add(done)
      })
    }
    throw new Error(
      `The MCP server "${this.spec.name}" is not ready (${this.state}${this.reason ? `: ${this.reason}` : ''}).`,
    )
  }

  /** Where the server's requests and notifications go while `call` is in flight; returns the release. */
  track(call: CallHandle): () => void {
    this.calls.add(call)
    return () => this.calls.delete(call)
  }

  /** The first start settled (ready, or failed once). */
  settled(): Promise<void> {
    if (this.state === 'ready' || this.state === 'failed' || this.attempts > 0) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(done)
        resolve()
      }
      this.waiters.add(done)
    })
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.restartTimer)
    for (const w of [...this.waiters]) w()
    const client = this.client
    this.client = undefined
    await client?.close().catch(() => undefined)
  }
}
