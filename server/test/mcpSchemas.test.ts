// The JSON Schemas of an MCP tool do what a createTool() schema does: 2020-12 with $defs, $ref and oneOf reaches the
// catalog as written and checks input before the call (issues with paths); structuredContent that breaks the
// outputSchema fails the run as output validation does in-process; an abort sends notifications/cancelled.

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { Status } from '../../src/runtime/index.ts'
import { parseMcpFlag } from '../mcpSources/config.ts'
import { finished, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

const SERVER = fileURLToPath(new URL('./fixtures/mcp/schemaServer.mjs', import.meta.url))
let server: TestServer
let temp: { dir: string; cleanup: () => Promise<void> }
let cancelLog: string
beforeAll(async () => {
  temp = await tempDir('toolscope-mcp-schemas-')
  cancelLog = join(temp.dir, 'cancelled.log')
  const spec = parseMcpFlag(
    `schemas=${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER)} --cancel-log=${JSON.stringify(cancelLog)}`,
  )
  server = await startTestServer({ paths: [], mcp: [spec], mcpConfigDir: false })
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await temp?.cleanup()
})

const run = async (toolId: string, input: unknown) => server.events(await server.startRun({ toolId, input }))

describe('JSON Schemas of MCP tools', () => {
  it('lists a 2020-12 schema with $defs, $ref and oneOf as written, with the annotations as flags', async () => {
    const detail = (await (await server.api('/api/tools/schemas_area')).json()) as {
      schemas: { input: Record<string, unknown>; output: unknown }
      flags: { readOnly?: boolean }
    }
    expect(detail.schemas.input).toMatchObject({
      $defs: { circle: expect.any(Object) },
      properties: { shape: { oneOf: [{ $ref: '#/$defs/circle' }, { $ref: '#/$defs/square' }] } },
    })
    expect(detail.schemas.output).toMatchObject({ required: ['area'] })
    expect(detail.flags.readOnly).toBe(true)
  })

  it('checks input against it before calling the server: a fitting input runs, a wrong one fails with its path', async () => {
    const ok = await run('schemas_area', { shape: { kind: 'square', side: 3 } })
    expect(finished(ok)).toMatchObject({ status: Status.success })
    expect(ok.find((e) => e.type === 'output')).toMatchObject({ output: { area: 9 } })
    const wrong = await run('schemas_area', { shape: { kind: 'square', radius: 3 } })
    expect(finished(wrong)).toMatchObject({ status: Status.error })
    const error = wrong.find((e): e is Extract<RunEvent, { type: 'error' }> => e.type === 'error')!
    expect(JSON.stringify(error)).toContain('shape')
  })

  it('fails a run whose structuredContent breaks the outputSchema, as output validation does in-process', async () => {
    const events = await run('schemas_wrong-output', {})
    expect(finished(events)).toMatchObject({ status: Status.error })
    expect(JSON.stringify(events.find((e) => e.type === 'error'))).toMatch(/area/)
  })

  it('sends notifications/cancelled for the request when the run is aborted', async () => {
    const runId = await server.startRun({ toolId: 'schemas_slow', input: {} })
    await waitForEvent(server, runId, (e) => e.type === 'input-available')
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'stop' } })
    expect(finished(await server.events(runId))).toMatchObject({ status: Status.aborted })
    await vi.waitFor(async () => expect(await readFile(cancelLog, 'utf8')).toMatch(/"requestId"/), {
      timeout: 10_000,
      interval: 50,
    })
  })
})
