// Every tool of the official reference MCP server (server-everything), over stdio and over Streamable HTTP, run
// through POST /api/runs like any tool: its catalog entry and server status, its views (structuredContent as raw,
// content as the model view, images included), progress, logs, tasks, elicitation answered through /control (form and
// URL modes), sampling refused with a clear message, input checked against the tool's JSON Schema, and abort.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Catalog, RunEvent } from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import { parseMcpFlag } from '../mcpSources/config.ts'
import { everythingStdio, startEverythingHttp } from './everythingServer.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

type Output = Extract<RunEvent, { type: 'output' }>
const outputOf = (events: RunEvent[]) => events.find((e): e is Output => e.type === 'output')
const modelParts = (events: RunEvent[]) => {
  const model = outputOf(events)?.views.model as { type: string; value: { type: string; text?: string }[] } | undefined
  return model?.type === 'content' ? model.value : []
}
const logs = (events: RunEvent[]) => events.flatMap((e) => (e.type === 'log' ? [e.message] : []))

/** Runs a tool to its end; returns its events. */
async function run(server: TestServer, toolId: string, input: unknown): Promise<RunEvent[]> {
  const runId = await server.startRun({ toolId, input })
  return server.events(runId)
}

/** The tests of one transport; `connect` gives the `--mcp` spec once the server is up. */
function everythingSuite(transport: 'stdio' | 'http') {
  let server: TestServer
  let stopHttp: (() => Promise<void>) | undefined
  beforeAll(async () => {
    let spec = everythingStdio()
    if (transport === 'http') {
      const http = await startEverythingHttp()
      stopHttp = http.stop
      spec = parseMcpFlag(`everything=${http.url}`)
    }
    server = await startTestServer({ paths: [], mcp: [spec], mcpConfigDir: false, timeoutMs: 30_000 })
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await stopHttp?.()
  })

  it('lists the server, ready, with its version, and its tools grouped under it', async () => {
    const catalog = (await (await server.api('/api/tools')).json()) as Catalog
    expect(catalog.servers).toEqual([
      expect.objectContaining({
        name: 'everything',
        transport,
        state: 'ready',
        serverName: expect.any(String),
        version: expect.any(String),
      }),
    ])
    expect(catalog.tools.length).toBe(catalog.servers![0].tools)
    expect(catalog.tools.length).toBeGreaterThanOrEqual(14)
    expect(
      catalog.tools.every(
        (t) => t.kind === 'mcp' && t.group === 'everything' && t.id === `everything_${t.mcpServer!.name}`,
      ),
    ).toBe(true)
    const echo = (await (await server.api('/api/tools/everything_echo')).json()) as {
      schemas: { input: { properties: object } }
      flags: { readOnly?: boolean }
    }
    expect(echo.schemas.input.properties).toHaveProperty('message')
    expect(echo.flags.readOnly).toBe(true)
  })

  it.each([
    ['echo', { message: 'hi' }, (e: RunEvent[]) => expect(modelParts(e)).toEqual([{ type: 'text', text: 'Echo: hi' }])],
    ['get-sum', { a: 2, b: 3 }, (e: RunEvent[]) => expect(modelParts(e)[0].text).toContain('5')],
    ['get-env', {}, (e: RunEvent[]) => expect(modelParts(e)[0].type).toBe('text')],
    [
      'get-annotated-message',
      { messageType: 'success', includeImage: true },
      (e: RunEvent[]) => expect(modelParts(e).map((p) => p.type)).toContain('image-data'),
    ],
    [
      'get-tiny-image',
      {},
      (e: RunEvent[]) =>
        expect(modelParts(e)).toContainEqual(expect.objectContaining({ type: 'image-data', mediaType: 'image/png' })),
    ],
    [
      'get-resource-links',
      { count: 2 },
      (e: RunEvent[]) => expect(modelParts(e).filter((p) => p.text?.startsWith('Resource link:'))).toHaveLength(2),
    ],
    [
      'get-resource-reference',
      { resourceType: 'Text', resourceId: 1 },
      (e: RunEvent[]) => expect(modelParts(e).length).toBeGreaterThan(1),
    ],
    [
      'gzip-file-as-resource',
      { name: 'hello.gz', data: 'data:text/plain;base64,aGVsbG8=', outputType: 'resource' },
      (e: RunEvent[]) => expect(modelParts(e)).toContainEqual(expect.objectContaining({ type: 'file-data' })),
    ],
    ['get-roots-list', {}, (e: RunEvent[]) => expect(JSON.stringify(modelParts(e))).toContain('file://')],
    ['toggle-simulated-logging', {}, (e: RunEvent[]) => expect(modelParts(e)[0].text).toBeTruthy()],
    ['toggle-simulated-logging', {}, (e: RunEvent[]) => expect(modelParts(e)[0].text).toBeTruthy()],
    ['toggle-subscriber-updates', {}, (e: RunEvent[]) => expect(modelParts(e)[0].text).toBeTruthy()],
    ['toggle-subscriber-updates', {}, (e: RunEvent[]) => expect(modelParts(e)[0].text).toBeTruthy()],
  ])('runs %s: success, content as the model view', async (name, input, check) => {
    const events = await run(server, `everything_${name}`, input)
    expect(finished(events)).toMatchObject({ status: Status.success })
    check(events)
  })

  it('structuredContent is the raw view, checked against the outputSchema; content is the model view', async () => {
    const events = await run(server, 'everything_get-structured-content', { location: 'Chicago' })
    expect(finished(events)).toMatchObject({ status: Status.success })
    const output = outputOf(events)!
    expect(output.output).toEqual(
      expect.objectContaining({ temperature: expect.any(Number), conditions: expect.any(String) }),
    )
    expect(modelParts(events)[0].type).toBe('text')
  })

  it('streams progress notifications as log events while the call runs', async () => {
    const events = await run(server, 'everything_trigger-long-running-operation', { duration: 1, steps: 3 })
    expect(finished(events)).toMatchObject({ status: Status.success })
    const progress = events.filter(
      (e) => e.type === 'log' && (e as { data?: { progress?: number } }).data?.progress !== undefined,
    )
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress[0]).toMatchObject({ source: 'mcp', data: { progress: 1, total: 3 } })
  })

  it('runs a task-required tool as a task: created, status polled and shown, result', async () => {
    const events = await run(server, 'everything_simulate-research-query', { topic: 'tide pools' })
    expect(finished(events)).toMatchObject({ status: Status.success })
    expect(logs(events).some((m) => /^Task \S+ created/.test(m))).toBe(true)
    expect(logs(events).some((m) => /: completed/.test(m))).toBe(true)
    expect(modelParts(events)[0].text).toContain('tide pools')
  })

  it('asks for an elicitation as a prompt answered through /control', async () => {
    const runId = await server.startRun({ toolId: 'everything_trigger-elicitation-request', input: {} })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')
    const request = (seen.at(-1) as Extract<RunEvent, { type: 'elicitation-requested' }>).request
    expect(request.requestedSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['name']) })
    const bad = await server.api(`/api/runs/${runId}/control`, {
      method: 'POST',
      json: { type: 'respond', action: 'accept', content: {} },
    })
    expect(bad.status).toBe(422)
    const answer = await server.api(`/api/runs/${runId}/control`, {
      method: 'POST',
      json: { type: 'respond', action: 'accept', content: { name: 'Ada Lovelace' } },
    })
    expect(answer.status).toBeLessThan(300)
    const events = await server.events(runId)
    expect(finished(events)).toMatchObject({ status: Status.success })
    expect(JSON.stringify(modelParts(events))).toContain('Ada Lovelace')
  })

  it('reruns the elicitation with another answer: a new run on the same server', async () => {
    const runId = await server.startRun({ toolId: 'everything_trigger-elicitation-request', input: {} })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'respond', action: 'decline' } })
    expect(JSON.stringify(modelParts(await server.events(runId)))).toContain('decline')
    const body = {
      atEvent: seen.at(-1)!.seq,
      control: { type: 'respond', action: 'accept', content: { name: 'Grace Hopper' } },
    }
    const again = (await (await server.api(`/api/runs/${runId}/rerun`, { method: 'POST', json: body })).json()) as {
      runId: string
    }
    const events = await server.events(again.runId)
    expect(finished(events)).toMatchObject({ status: Status.success })
    expect(JSON.stringify(modelParts(events))).toContain('Grace Hopper')
  })

  it("gives the providers panel the server's schemas as each provider gets them", async () => {
    const report = (await (await server.api('/api/tools/everything_get-sum/providers')).json()) as {
      providers: { id: string; verdict: string; definition: unknown }[]
    }
    const anthropic = report.providers.find((p) => p.id === 'anthropic')!
    expect(anthropic).toMatchObject({
      verdict: 'accepted',
      definition: { name: 'everything_get-sum', input_schema: { type: 'object', required: ['a', 'b'] } },
    })
  })

  it('shows a URL-mode elicitation with its link; accepting it goes on', async () => {
    const runId = await server.startRun({
      toolId: 'everything_trigger-url-elicitation',
      input: { url: 'https://example.com/consent' },
    })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')
    expect((seen.at(-1) as Extract<RunEvent, { type: 'elicitation-requested' }>).request).toMatchObject({
      mode: 'url',
      url: 'https://example.com/consent',
    })
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'respond', action: 'accept' } })
    expect(finished(await server.events(runId))).toMatchObject({ status: Status.success })
  })

  it('refuses a sampling request, and says so in the run', async () => {
    const events = await run(server, 'everything_trigger-sampling-request', { prompt: 'Write a haiku' })
    expect(logs(events).some((m) => m.includes('asked for sampling') && m.includes('refused'))).toBe(true)
    expect(finished(events)).toMatchObject({ status: Status.error })
  })

  it('checks input against the JSON Schema before calling the server', async () => {
    const events = await run(server, 'everything_get-sum', { a: 'two' })
    expect(finished(events)).toMatchObject({ status: Status.error })
    const failure = events.find((e) => e.type === 'error')
    expect(JSON.stringify(failure)).toMatch(/"a"|\ba\b/)
  })

  // Last but one: a cancelled task may leave work behind on the server, which no later test should meet.
  it('cancels a task when its run is aborted', async () => {
    const runId = await server.startRun({ toolId: 'everything_simulate-research-query', input: { topic: 'glaciers' } })
    await waitForEvent(server, runId, (e) => e.type === 'log' && /^Task \S+ created/.test(e.message))
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'not needed' } })
    expect(finished(await server.events(runId))).toMatchObject({ status: Status.aborted })
  })

  it('an abort cancels the call at once', async () => {
    const runId = await server.startRun({
      toolId: 'everything_trigger-long-running-operation',
      input: { duration: 60, steps: 60 },
    })
    await waitForEvent(server, runId, (e) => e.type === 'log' && e.source === 'mcp')
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'enough' } })
    expect(finished(await server.events(runId))).toMatchObject({ status: Status.aborted })
  })
}

describe('server-everything over stdio', () => everythingSuite('stdio'))
describe('server-everything over Streamable HTTP', () => everythingSuite('http'))
