// Scenario API over a real server: save a finished run, list (with load errors and "no longer fits" marks after a
// hot reload), replay one and all (replays land in history), diff on a changed tool, export, delete, refused names.

import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ExportResponse,
  ReplayAllResponse,
  ReplayReport,
  RunPage,
  ScenarioEntry,
  ScenarioList,
} from '../../src/shared/protocol.ts'
import { startTestServer, waitForEvent, type TestServer } from './helpers.ts'
import { tempProject, type TempProject } from './tempProject.ts'

let server: TestServer
let work: TempProject
let toolFile: string

beforeAll(async () => {
  // A copy of the fixture tools in a temp project, so the test can edit one and watch the host reload.
  work = await tempProject(['interactive.ts'])
  toolFile = work.tool('interactive.ts')
  server = await startTestServer({ paths: [work.tools], watch: true, scenariosDir: join(work.dir, 'scenarios') })
})
afterAll(async () => {
  await server.stop()
  await work.cleanup()
})

const post = (path: string, json: unknown = {}) => server.api(path, { method: 'POST', json })

async function approvedRun(): Promise<string> {
  const runId = await server.startRun({ toolId: 'delete-file', input: { path: 'a.txt' } })
  await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
  await post(`/api/runs/${runId}/control`, { type: 'approve' })
  await waitForEvent(server, runId, (e) => e.type === 'run-finished')
  return runId
}

describe('scenario API', () => {
  it('saves a finished run as a scenario, with an edited expectation, and refuses duplicates and live runs', async () => {
    const runId = await approvedRun()
    const res = await post('/api/scenarios', { runId, name: 'approved' })
    expect(res.status).toBe(201)
    const entry = ScenarioEntry.parse(await res.json())
    expect(entry.unfit).toEqual([])
    expect(entry.scenario).toMatchObject({
      toolId: 'delete-file',
      input: { path: 'a.txt' },
      decisions: [{ type: 'approve' }],
      expect: { status: 'success', raw: { deleted: 'a.txt' } },
    })
    expect(JSON.parse(await readFile(join(work.dir, 'scenarios', 'delete-file', 'approved.json'), 'utf8')).name).toBe(
      'approved',
    )

    expect((await post('/api/scenarios', { runId, name: 'approved' })).status).toBe(409)
    const edited = await post('/api/scenarios', {
      runId,
      name: 'approved-partial',
      expect: { status: 'success', match: 'partial', raw: { deleted: 'a.txt' } },
    })
    expect(ScenarioEntry.parse(await edited.json()).scenario.expect).toEqual({
      status: 'success',
      match: 'partial',
      raw: { deleted: 'a.txt' },
    })

    const live = await server.startRun({ toolId: 'delete-file', input: { path: 'b' } })
    await waitForEvent(server, live, (e) => e.type === 'approval-requested')
    const refused = await post('/api/scenarios', { runId: live, name: 'live' })
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toMatch(/only a finished run/)
    await post(`/api/runs/${live}/control`, { type: 'abort' })
  })

  it('refuses names that escape the scenario folder and bodies that do not match the protocol', async () => {
    const runId = await approvedRun()
    const bad = await post('/api/scenarios', { runId, name: '../../evil' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/Invalid scenario name "..\/..\/evil"/)
    expect((await server.api('/api/scenarios/delete-file/..%2F..%2Fetc')).status).toBe(400)
    expect((await post('/api/scenarios', { runId, name: 'x', extra: 1 })).status).toBe(400)
    expect((await post('/api/scenarios', { runId: 'nope', name: 'x' })).status).toBe(404)
  })

  it('replays one and all through the tool host; replays show in history', async () => {
    const one = ReplayReport.parse(await (await post('/api/scenarios/delete-file/approved/replay')).json())
    expect(one).toMatchObject({ passed: true, mismatches: [], diff: '', outcome: { status: 'success' } })
    const history = RunPage.parse(await (await server.api('/api/runs')).json())
    expect(history.runs.map((r) => r.runId)).toContain(one.runId)
    const all = ReplayAllResponse.parse(await (await post('/api/scenarios/delete-file/replay')).json())
    expect(all).toMatchObject({ passed: 2, failed: 0 })
    expect(all.results.map((r) => r.name)).toEqual(['approved', 'approved-partial'])
  })

  it('exports a run and a scenario as Vitest and Playwright tests', async () => {
    const fromScenario = ExportResponse.parse(
      await (
        await post('/api/export', { format: 'vitest', scenario: { toolId: 'delete-file', name: 'approved' } })
      ).json(),
    )
    expect(fromScenario.filename).toBe('delete-file.approved.test.ts')
    expect(fromScenario.code).toContain("import { deleteFile } from '")
    expect(fromScenario.code).toContain('runTool(deleteFile')
    const runId = await approvedRun()
    const fromRun = ExportResponse.parse(await (await post('/api/export', { format: 'playwright', runId })).json())
    expect(fromRun.code).toContain("from 'toolscope/playwright'")
    expect(fromRun.code).toContain('await toolscope.approve()')
    expect((await post('/api/export', { format: 'vitest' })).status).toBe(400)
  })

  it('lists malformed files with their path and problem, and the others still load', async () => {
    await mkdir(join(work.dir, 'scenarios', 'book-seat'), { recursive: true })
    await writeFile(join(work.dir, 'scenarios', 'book-seat', 'broken.json'), '{ "name": ')
    const list = ScenarioList.parse(await (await server.api('/api/scenarios')).json())
    expect(list.scenarios.map((s) => s.scenario.name)).toEqual(['approved', 'approved-partial'])
    expect(list.errors).toEqual([
      { file: expect.stringMatching(/book-seat[/\\]broken\.json$/), message: expect.stringMatching(/not valid JSON/) },
    ])
    expect(ScenarioList.parse(await (await server.api('/api/scenarios?toolId=book-seat')).json()).scenarios).toEqual([])
  })

  it('after a hot reload, marks scenarios that no longer fit and shows a readable diff on replay', async () => {
    const source = await readFile(toolFile, 'utf8')
    await writeFile(
      toolFile,
      source
        .replace(
          'inputSchema: z.object({ path: z.string() })',
          'inputSchema: z.object({ path: z.string(), force: z.boolean() })',
        )
        .replace('({ deleted: path })', '({ deleted: `/${path}` })'),
    )
    await expect
      .poll(
        async () =>
          ScenarioList.parse(await (await server.api('/api/scenarios?toolId=delete-file')).json()).scenarios[0]?.unfit,
        { timeout: 15_000 },
      )
      .toEqual([expect.stringMatching(/^input at force: /)])
    await writeFile(toolFile, source.replace('({ deleted: path })', '({ deleted: `/${path}` })'))
    await expect
      .poll(
        async () =>
          ScenarioList.parse(await (await server.api('/api/scenarios?toolId=delete-file')).json()).scenarios[0]?.unfit,
        { timeout: 15_000 },
      )
      .toEqual([])
    const report = ReplayReport.parse(await (await post('/api/scenarios/delete-file/approved/replay')).json())
    expect(report.passed).toBe(false)
    expect(report.diff).toContain('raw.deleted\n    - expected: "a.txt"\n    + actual:   "/a.txt"')
  })

  it('deletes a scenario (404 the second time)', async () => {
    expect((await server.api('/api/scenarios/delete-file/approved-partial', { method: 'DELETE' })).status).toBe(200)
    expect((await server.api('/api/scenarios/delete-file/approved-partial', { method: 'DELETE' })).status).toBe(404)
  })
})
