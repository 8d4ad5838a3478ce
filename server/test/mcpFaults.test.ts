// Faults of MCP servers as a tool source, each against a real stdio server (fixtures/mcp/faultyServer.mjs) through
// POST /api/runs: a command that does not exist, a crash before initialize, an exit mid-call, a call that hangs (ended
// by the run's timeout, or by an abort), malformed JSON-RPC, a notification flood and a 50 MB result. Each run ends
// naming the server; the server is restarted with backoff and serves again, and an in-process tool and a second MCP
// server keep working meanwhile. Servers come only from the command line and .mcp.json: no API body can add one.

import { existsSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Catalog, McpServerState, RunEvent } from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import type { McpServerSpec } from '../mcpSources/config.ts'
import type { ConnectionLimits } from '../mcpSources/connection.ts'
import { createContext } from '../context.ts'
import { FIXTURES, finished, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

const FAULTY = fileURLToPath(new URL('./fixtures/mcp/faultyServer.mjs', import.meta.url))
/** Short restarts and a low notification bound, so each fault and its recovery take well under a second. */
const LIMITS: Partial<ConnectionLimits> = { backoffMs: 50, maxBackoffMs: 400, notificationsPerSecond: 200 }
const WAIT = { timeout: 30_000, interval: 50 }

/** The fixture server as `--mcp` would give it, under `name`. */
const faulty = (name: string, ...args: string[]): McpServerSpec => ({
  name,
  transport: 'stdio',
  command: process.execPath,
  args: [FAULTY, ...args],
  origin: '--mcp',
})

type ErrorEvent = Extract<RunEvent, { type: 'error' }>

/** Starts a test server over the fixture tools and `servers`, its log lines kept in `log`. */
async function startWith(servers: McpServerSpec[], log: string[], timeoutMs = 60_000): Promise<TestServer> {
  return startTestServer({
    paths: [FIXTURES],
    mcp: servers,
    mcpConfigDir: false,
    mcpLimits: LIMITS,
    timeoutMs,
    log: (line) => void log.push(line),
  })
}

/** Runs a tool to its end: its end status, and the message of its error event, if any. */
async function runToEnd(server: TestServer, toolId: string, input: unknown = {}) {
  const runId = await server.startRun({ toolId, input })
  const events = await server.events(runId)
  return {
    status: finished(events).status,
    error: events.findLast((e): e is ErrorEvent => e.type === 'error')?.message,
    events,
  }
}

async function catalogOf(server: TestServer): Promise<Catalog> {
  return (await (await server.api('/api/tools')).json()) as Catalog
}

async function serverState(server: TestServer, name: string): Promise<McpServerState | undefined> {
  return (await catalogOf(server)).servers?.find((s) => s.name === name)
}

/** The restart delays logged for `name`'s faults, in order. */
const restartDelays = (log: string[], name: string) =>
  log.flatMap((line) =>
    line.startsWith(`The MCP server "${name}"`) ? [Number(/Restarting in (\d+) ms\./.exec(line)?.[1])] : [],
  )

/** Waits until every MCP server of `server` is ready. */
async function untilAllReady(server: TestServer): Promise<void> {
  await vi.waitFor(
    async () => expect((await catalogOf(server)).servers?.every((s) => s.state === 'ready')).toBe(true),
    WAIT,
  )
}

/** The in-process fixture tool and the `steady` MCP server both answer. */
async function expectOthersWork(server: TestServer): Promise<void> {
  const [echo, steady] = await Promise.all([
    runToEnd(server, 'echo', { text: 'still here' }),
    runToEnd(server, 'steady_ok'),
  ])
  expect(echo.status).toBe(Status.success)
  expect(steady.status).toBe(Status.success)
  expect(steady.events.findLast((e) => e.type === 'output')).toMatchObject({ output: [{ type: 'text', text: 'ok' }] })
}

/** `name` is ready again (after its restart) and its `ok` tool answers. */
async function expectRecovered(server: TestServer, name: string): Promise<void> {
  await expect.poll(async () => (await serverState(server, name))?.state, WAIT).toBe('ready')
  const ok = await runToEnd(server, `${name}_ok`)
  expect(ok.status).toBe(Status.success)
  expect(ok.events.findLast((e) => e.type === 'output')).toMatchObject({ output: [{ type: 'text', text: 'ok' }] })
}

describe('an MCP server that fails to start', () => {
  const log: string[] = []
  let server: TestServer
  let marker: { dir: string; cleanup: () => Promise<void> }
  let crashMarker: string
  beforeAll(async () => {
    marker = await tempDir('toolscope-mcp-crash-')
    crashMarker = join(marker.dir, 'crash')
    await writeFile(crashMarker, 'crash while this file exists')
    const missing: McpServerSpec = {
      name: 'missing',
      transport: 'stdio',
      command: 'toolscope-no-such-command',
      args: ['--stdio'],
      origin: '--mcp',
    }
    server = await startWith([missing, faulty('crashy', `--crash-on-start=${crashMarker}`), faulty('steady')], log)
  })
  afterAll(async () => {
    await server?.stop()
    await marker?.cleanup()
  })

  it('whose command does not exist is failed, with the command named, and retried with growing backoff', async () => {
    await expect
      .poll(() => serverState(server, 'missing'), WAIT)
      .toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('could not start: the command "toolscope-no-such-command" was not found'),
      })
    expect((await catalogOf(server)).errors).toContainEqual({
      file: 'mcp:missing',
      message: expect.stringMatching(
        /^The MCP server "missing" could not start: the command "toolscope-no-such-command" was not found/,
      ),
    })
    await expect.poll(() => restartDelays(log, 'missing').slice(0, 5), WAIT).toEqual([50, 100, 200, 400, 400])
    await expectOthersWork(server)
  }, 60_000)

  it('that exits before initialize is failed, with its exit code and stderr, and is ready once a restart succeeds', async () => {
    const stderr = 'its stderr ends with: faulty: crashing before initialize, as asked by --crash-on-start'
    await expect
      .poll(() => serverState(server, 'crashy'), WAIT)
      .toMatchObject({ state: 'failed', reason: expect.stringContaining(stderr) })
    await expect
      .poll(() => log.find((line) => line.startsWith('The MCP server "crashy"')), WAIT)
      .toBe(`The MCP server "crashy" exited (exit code 2) — ${stderr}. Restarting in 50 ms.`)
    await expect.poll(() => restartDelays(log, 'crashy').length, WAIT).toBeGreaterThanOrEqual(2)
    await expectOthersWork(server)
    await rm(crashMarker)
    await expectRecovered(server, 'crashy')
  }, 60_000)
})

describe('an MCP server that fails mid-call', () => {
  const log: string[] = []
  let server: TestServer
  beforeAll(async () => {
    server = await startWith([faulty('faulty'), faulty('steady')], log)
    await untilAllReady(server)
  })
  afterAll(() => server?.stop())

  /** Runs `tool` of `faulty` beside the others; it ends in error naming the server, which restarts and serves again. */
  async function expectFault(tool: string, what: RegExp): Promise<void> {
    const faults = restartDelays(log, 'faulty').length
    const [fault] = await Promise.all([runToEnd(server, `faulty_${tool}`), expectOthersWork(server)])
    expect(fault.status).toBe(Status.error)
    expect(fault.error).toMatch(/^The MCP server "faulty" /)
    expect(fault.error).toMatch(what)
    expect(restartDelays(log, 'faulty').length).toBe(faults + 1)
    await expectOthersWork(server)
    await expectRecovered(server, 'faulty')
    // Nothing the old process still sends counts against the new one.
    expect(restartDelays(log, 'faulty').length).toBe(faults + 1)
  }

  it('exits mid-call', () => expectFault('exit', /exited \(exit code 3\)/), 60_000)

  it('sends malformed JSON-RPC', () => expectFault('malformed', /sent malformed JSON-RPC \(.*JSON/), 60_000)

  it(
    'floods notifications',
    () => expectFault('flood', /flooded Toolscope with more than 200 notifications in a second/),
    60_000,
  )

  it('answers with a 50 MB result', () => expectFault('huge', /sent a message of more than 16777216 bytes/), 60_000)

  it('hangs, and an abort ends the call; the server stays ready', async () => {
    const runId = await server.startRun({ toolId: 'faulty_hang', input: {} })
    await waitForEvent(server, runId, (e) => e.type === 'run-started')
    const abort = await server.api(`/api/runs/${runId}/control`, {
      method: 'POST',
      json: { type: 'abort', reason: 'stuck' },
    })
    expect(abort.status).toBeLessThan(300)
    const events = await server.events(runId)
    expect(finished(events).status).toBe(Status.aborted)
    expect(events.findLast((e) => e.type === 'aborted')).toMatchObject({ reason: 'stuck' })
    await expectOthersWork(server)
    await expectRecovered(server, 'faulty')
  }, 60_000)
})

describe('an MCP server that hangs past the run timeout', () => {
  const log: string[] = []
  let server: TestServer
  beforeAll(async () => {
    server = await startWith([faulty('faulty'), faulty('steady')], log, 1_500)
    // Waiting for a server to start counts against a call's time: the others must not start their runs before.
    await untilAllReady(server)
  })
  afterAll(() => server?.stop())

  it('ends the run in error when its time is up; the server stays ready and serves again', async () => {
    const [hang] = await Promise.all([runToEnd(server, 'faulty_hang'), expectOthersWork(server)])
    expect(hang.status).toBe(Status.error)
    // The run's own timeout, not a fault of the server: the message names the server that did not answer.
    expect(hang.error).toBe(
      'The MCP server "faulty" did not answer within 1500 ms, the run\'s timeout; the request was cancelled.',
    )
    await expectOthersWork(server)
    await expectRecovered(server, 'faulty')
  }, 60_000)
})

describe('MCP servers never come from the API', () => {
  it('has no route that takes a server or a command, and refuses a run body that carries one', async () => {
    const data = await tempDir()
    const ctx = await createContext({
      paths: [FIXTURES],
      mcp: [faulty('steady')],
      mcpConfigDir: false,
      watch: false,
      dataDir: data.dir,
      log: () => {},
      getPort: () => undefined,
    })
    try {
      // Every route that takes a body, but the `/api/*` middleware and /mcp (Toolscope's own MCP endpoint, which serves
      // its tools to clients and speaks only MCP, where no method adds a server).
      const writes = [...new Set(ctx.app.routes.filter((r) => r.method !== 'GET').map((r) => r.path))].filter(
        (path) => path !== '/api/*' && path !== '/mcp',
      )
      expect(writes).toContain('/api/runs')
      // A route that adds to the catalog would be a POST on /api/tools itself; the fuzz of a listed tool is not one.
      expect(writes.filter((path) => /server|command|stdio|spawn|mcp|\/tools$/i.test(path))).toEqual([])
    } finally {
      await ctx.close()
      await data.cleanup()
    }

    const log: string[] = []
    const server = await startWith([faulty('steady')], log)
    const spawned = join(server.dataDir, 'spawned')
    const command = {
      command: process.execPath,
      args: ['-e', `require('fs').writeFileSync(${JSON.stringify(spawned)}, 'x')`],
    }
    try {
      for (const extra of [
        { mcp: [{ name: 'evil', transport: 'stdio', ...command }] },
        { mcpServers: { evil: command } },
        command,
        { server: { name: 'evil', ...command } },
      ]) {
        const res = await server.api('/api/runs', {
          method: 'POST',
          json: { toolId: 'echo', input: { text: 'x' }, ...extra },
        })
        expect(res.status).toBe(400)
      }
      const unknown = await server.api('/api/runs', { method: 'POST', json: { toolId: 'evil_ok', input: {} } })
      expect(unknown.status).toBe(404)
      expect((await catalogOf(server)).servers?.map((s) => s.name)).toEqual(['steady'])
      expect(existsSync(spawned)).toBe(false)
    } finally {
      await server.stop()
    }
  })
})
