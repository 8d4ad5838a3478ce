// "Export as Vitest test" of MCP tools: real runs of server-everything's tools (text, structured content, an
// image, an elicitation answered in the playground; over stdio, over stdio with a `${VAR}` in its env, and over
// Streamable HTTP with a `${VAR}` in a header) exported through POST /api/export, written into a folder inside the
// checkout (so the SDK and Vitest resolve), type-checked and run as a user would: each calls the tool on the same server
// with the SDK client and passes (one held to a wrong answer fails). The configured reference is a process.env read in
// the code, never its value. The result reading the tests carry is held to Toolscope's own (mcpTool.ts), block by block.

import { mkdirSync, rmSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Status } from '../../src/runtime/index.ts'
import type { ExportResponse } from '../../src/shared/protocol.ts'
import { resultReadingCode } from '../../src/testbench/exportMcpTest.ts'
import { parseMcpFlag } from '../mcpSources/config.ts'
import { errorText, modelPart } from '../mcpSources/mcpTool.ts'
import { everythingStdio, startEverythingHttp } from './everythingServer.ts'
import { exportTest, runExportedVitest } from './exportHarness.ts'
import { startTestServer, waitForEvent, type TestServer } from './helpers.ts'

const HERE = fileURLToPath(new URL('.', import.meta.url))
const PLANTED = `sk-planted-mcp-export-${randomUUID().slice(0, 8)}`
const COMPILER = { module: 'ESNext', moduleResolution: 'Bundler', target: 'ES2022' }

let server: TestServer
let stopHttp: (() => Promise<void>) | undefined
beforeAll(async () => {
  vi.stubEnv('MCP_EXPORT_TOKEN', PLANTED)
  const http = await startEverythingHttp()
  stopHttp = http.stop
  const servers = [
    everythingStdio(),
    { ...everythingStdio('secret'), env: { SECRET_TOKEN: '${MCP_EXPORT_TOKEN}' } },
    parseMcpFlag(`remote=${http.url}`, { Authorization: 'Bearer ${MCP_EXPORT_TOKEN}' }),
  ]
  server = await startTestServer({ paths: [], mcp: servers, mcpConfigDir: false, timeoutMs: 30_000 })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await stopHttp?.()
  vi.unstubAllEnvs()
})

/** Runs a tool through the API to its end and returns the run's id. */
async function finishedRun(toolId: string, input: unknown): Promise<string> {
  const runId = await server.startRun({ toolId, input })
  const events = await server.events(runId)
  expect(events.at(-1), toolId).toMatchObject({ type: 'run-finished', status: Status.success })
  return runId
}

/** A run of the form elicitation, accepted in the playground with a name. */
async function elicitationRun(): Promise<string> {
  const runId = await server.startRun({ toolId: 'everything_trigger-elicitation-request', input: {} })
  await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')
  const res = await server.api(`/api/runs/${runId}/control`, {
    method: 'POST',
    json: { type: 'respond', action: 'accept', content: { name: 'Ada Lovelace' } },
  })
  expect(res.status).toBeLessThan(300)
  expect((await server.events(runId)).at(-1)).toMatchObject({ type: 'run-finished', status: Status.success })
  return runId
}

/**
 * Type-checks and runs exported files in a fresh folder of the checkout; removes it after. The files are renamed out of
 * `*.test.ts`, so that a Vitest run of the suite starting meanwhile does not take them for its own.
 */
function runInCheckout(files: ExportResponse[]) {
  const dir = join(HERE, `.tmp-export-${randomUUID().slice(0, 8)}`)
  mkdirSync(dir)
  try {
    const renamed = files.map((f) => ({ ...f, filename: f.filename.replace(/\.test\.ts$/, '.exported.ts') }))
    return runExportedVitest(renamed, { projectDir: dir, compilerOptions: COMPILER })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('exported Vitest tests of MCP tools', () => {
  it("of an MCP tool in Playwright start Toolscope with the server's --mcp flag", async () => {
    const runId = await finishedRun('remote_echo', { message: 'pw' })
    const { code } = await exportTest(server, { format: 'playwright', runId })
    expect(code).toContain('"--mcp-header",\n  "Authorization: Bearer ${MCP_EXPORT_TOKEN}"')
    expect(code).not.toContain(PLANTED)
  })

  // Last: running the exports blocks this thread (spawnSync), and the server in it, for a while.
  it('call the tool on the same server with the SDK client, and pass', { timeout: 180_000 }, async () => {
    const runs = [
      await finishedRun('everything_echo', { message: 'hello from an export' }),
      await finishedRun('everything_get-structured-content', { location: 'Chicago' }),
      await finishedRun('everything_get-tiny-image', {}),
      await elicitationRun(),
      await finishedRun('secret_echo', { message: 'with a token in its env' }),
      await finishedRun('remote_echo', { message: 'over HTTP' }),
      // A tool that requires tasks: the export makes the same task-augmented call as Toolscope.
      await finishedRun('everything_simulate-research-query', { topic: 'kelp forests' }),
    ]
    const files = await Promise.all(runs.map((runId) => exportTest(server, { format: 'vitest', runId })))
    // And one that must fail: the echo run held to an answer the server does not give.
    const wrong = await exportTest(server, {
      format: 'vitest',
      runId: runs[0],
      expect: { status: Status.success, match: 'exact', raw: [{ type: 'text', text: 'Echo: something else' }] },
    })
    const [echo, structured, , elicitation, secret, remote] = files.map((f) => f.code)
    expect(files[0].filename).toMatch(/^everything_echo\.run-[0-9a-f]{8}\.test\.ts$/)
    expect(echo).toContain("new StdioClientTransport({\n    command: '")
    expect(echo).toContain(
      'const call = { name: \'echo\', arguments: {\n      "message": "hello from an export"\n    } }',
    )
    expect(echo).toContain('"text": "Echo: hello from an export"')
    expect(structured).toContain('"conditions": "Light rain / drizzle"')
    expect(elicitation).toContain('"name": "Ada Lovelace"')

    // The configured references are read when the test runs; their value is nowhere in the code.
    expect(secret).toContain("'SECRET_TOKEN': (process.env['MCP_EXPORT_TOKEN'] || unset('MCP_EXPORT_TOKEN'))")
    expect(remote).toContain(
      "'Authorization': 'Bearer ' + (process.env['MCP_EXPORT_TOKEN'] || unset('MCP_EXPORT_TOKEN'))",
    )
    for (const f of files) expect(f.code.includes(PLANTED), f.filename).toBe(false)

    const result = runInCheckout([...files, wrong])
    expect(result.tsc.output).toBe('')
    expect(result.vitest.output).toMatch(
      new RegExp(`Tests\\s+1 failed \\| ${files.length} passed \\(${files.length + 1}\\)`),
    )
    expect(result.vitest.output).toContain('Echo: something else')
    expect(result.vitest.status).toBe(1)
  })
})

/** The helpers an exported test carries, compiled and loaded here. */
async function exportedReading(): Promise<{
  modelPart(b: unknown): unknown
  errorText(r: CallToolResult): string
  callAsToolscope(call: () => Promise<unknown>): Promise<Record<string, unknown>>
}> {
  const source = `${resultReadingCode('everything')}\nexport { modelPart, errorText, callAsToolscope }\n`
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText
  return import(`data:text/javascript,${encodeURIComponent(js)}`)
}

describe('the result reading of exported MCP tests', () => {
  it("is Toolscope's: every kind of content block, error results and failed calls", async () => {
    const exported = await exportedReading()
    const blocks = [
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
      { type: 'resource_link', uri: 'file:///b.txt', name: 'b.txt', title: 'B', description: 'the b file' },
      { type: 'resource', resource: { uri: 'file:///c.txt', text: 'see' } },
      { type: 'resource', resource: { uri: 'file:///d.bin', blob: 'AAE=', mimeType: 'application/x-d' } },
      { type: 'resource', resource: { uri: 'file:///e.bin', blob: 'AAE=' } },
      { type: 'something-new', value: 1 },
    ] as unknown as CallToolResult['content']
    for (const block of blocks) expect(exported.modelPart(block), block.type).toEqual(modelPart(block))
    const results: CallToolResult[] = [
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: 'x', mimeType: 'image/png' },
          { type: 'text', text: 'b' },
        ],
        isError: true,
      },
      { content: [], structuredContent: { code: 7 }, isError: true },
      { content: [{ type: 'image', data: 'x', mimeType: 'image/png' }], isError: true },
    ]
    for (const r of results) expect(exported.errorText(r)).toBe(errorText(r))

    expect(await exported.callAsToolscope(async () => results[0])).toEqual({
      status: Status.error,
      raw: { name: 'Error', message: 'a\nb' },
      display: { name: 'Error', message: 'a\nb' },
      transcript: { name: 'Error', message: 'a\nb' },
      model: { type: 'error-text', value: 'a\nb' },
      error: 'a\nb',
    })
    expect(await exported.callAsToolscope(() => Promise.reject(new Error('MCP error -32602: bad')))).toMatchObject({
      status: Status.error,
      error: 'The MCP server "everything" answered tools/call with an error: MCP error -32602: bad',
    })
    const ok = await exported.callAsToolscope(async () => ({
      content: [{ type: 'text', text: '{}' }],
      structuredContent: { t: 1 },
    }))
    expect(ok).toEqual({
      status: Status.success,
      raw: { t: 1 },
      display: { t: 1 },
      transcript: { t: 1 },
      model: { type: 'content', value: [{ type: 'text', text: '{}' }] },
    })
  })
})
