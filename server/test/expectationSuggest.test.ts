// The suggested expectation of a finished run (POST /api/runs/:id/expectation) over a real server: matchers exactly
// where two runs of the same call differ (from history, or from a rerun asked for), value-kind guesses with one run
// only, and the edited expectation carried into an exported test and a saved scenario.

import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExportResponse, RunPage, ScenarioEntry, SuggestedExpectation } from '../../src/shared/protocol.ts'
import { startTestServer, waitForEvent, type TestServer } from './helpers.ts'
import { tempProject, type TempProject } from './tempProject.ts'

let server: TestServer
let work: TempProject

beforeAll(async () => {
  work = await tempProject(['generated.ts'])
  server = await startTestServer({ paths: [work.tools], scenariosDir: join(work.dir, 'scenarios') })
})
afterAll(async () => {
  await server.stop()
  await work.cleanup()
})

const post = (path: string, json: unknown = {}) => server.api(path, { method: 'POST', json })
/** An owner id that looks generated (a UUID) but comes from the input: the same in every run of the call. */
const OWNER = '0b8f1c52-7d1e-4c2a-9f64-3e5b2a1d9c07'

async function noteRun(text: string): Promise<string> {
  const runId = await server.startRun({ toolId: 'create-note', input: { text, ownerId: OWNER } })
  await waitForEvent(server, runId, (e) => e.type === 'run-finished')
  return runId
}

async function suggest(runId: string, body: unknown = {}): Promise<SuggestedExpectation> {
  const res = await post(`/api/runs/${runId}/expectation`, body)
  expect(res.status).toBe(200)
  return SuggestedExpectation.parse(await res.json())
}

/** The raw view's matchers, as `path:kind:why` (the display, transcript and model views hold the same output here). */
const paths = (s: SuggestedExpectation) =>
  s.matchers
    .filter((m) => m.path[0] === 'raw')
    .map((m) => `${m.path.join('.')}:${m.kind}:${m.why}`)
    .sort()

describe('suggested expectation', () => {
  it('with one run, matches what looks generated, the id from the input included', async () => {
    const runId = await noteRun('alone')
    const s = await suggest(runId)
    expect(s.comparedWith).toBeUndefined()
    expect(s.matchers.map((m) => m.path[0])).toEqual(expect.arrayContaining(['raw', 'display', 'transcript', 'model']))
    expect(s.matchers.find((m) => m.path[0] === 'model')?.path).toEqual(['model', 'value', expect.any(String)])
    expect(paths(s)).toEqual([
      'raw.at:number:looks-generated',
      'raw.createdAt:date:looks-generated',
      'raw.id:string:looks-generated',
      'raw.ownerId:string:looks-generated',
    ])
    expect(s.expect.raw).toMatchObject({ text: 'alone', id: { $any: 'string' }, tags: [{ name: 'draft' }] })
    expect((s.exact.raw as { ownerId: string }).ownerId).toBe(OWNER)
  })

  it('with a second run of the same call in history, matches exactly the values that differ', async () => {
    const first = await noteRun('twice')
    await noteRun('other text')
    const second = await noteRun('twice')
    const s = await suggest(first)
    expect(s.comparedWith).toEqual({ runId: second, how: 'history' })
    // The owner id is the same in both runs: it stays exact though it looks generated.
    expect(paths(s)).toEqual(['raw.at:number:differs', 'raw.createdAt:date:differs', 'raw.id:string:differs'])
    expect(s.expect.raw).toMatchObject({ ownerId: OWNER, text: 'twice' })
    expect(s.unmatchable).toEqual([])
  })

  it('runs the call again when asked, and the rerun shows in history', async () => {
    const runId = await noteRun('rerun me')
    const s = await suggest(runId, { rerun: true })
    expect(s.comparedWith?.how).toBe('rerun')
    expect(paths(s)).toEqual(['raw.at:number:differs', 'raw.createdAt:date:differs', 'raw.id:string:differs'])
    const history = RunPage.parse(await (await server.api('/api/runs?tool=create-note')).json())
    expect(history.runs[0]!.runId).toBe(s.comparedWith!.runId)
    // Asked again, the rerun is the run history holds: no third run.
    expect((await suggest(runId, { rerun: true })).comparedWith).toEqual({
      runId: s.comparedWith!.runId,
      how: 'history',
    })
  })

  it('exports and saves the expectation as edited, and refuses an unfinished run or a bad body', async () => {
    const runId = await noteRun('edited')
    const s = await suggest(runId)
    // The person switched the owner id back to its exact value.
    const edited = { ...s.expect, raw: { ...(s.expect.raw as object), ownerId: OWNER } }
    const exported = ExportResponse.parse(
      await (await post('/api/export', { format: 'vitest', runId, expect: edited })).json(),
    )
    expect(exported.code).toContain(`"ownerId": "${OWNER}"`)
    expect(exported.code).toContain('"id": expect.any(String)')
    // Without an edited expectation, the export takes the suggestion.
    const plain = ExportResponse.parse(await (await post('/api/export', { format: 'vitest', runId })).json())
    expect(plain.code).toContain('"ownerId": expect.any(String)')
    const saved = ScenarioEntry.parse(
      await (await post('/api/scenarios', { runId, name: 'edited', expect: edited })).json(),
    )
    expect(saved.scenario.expect.raw).toMatchObject({ ownerId: OWNER, createdAt: { $any: 'date' } })

    expect((await post('/api/runs/nope/expectation')).status).toBe(404)
    expect((await post(`/api/runs/${runId}/expectation`, { rerun: 'yes' })).status).toBe(400)
    expect(
      (
        await post('/api/export', {
          format: 'vitest',
          scenario: { toolId: 'create-note', name: 'edited' },
          expect: edited,
        })
      ).status,
    ).toBe(400)
  })
})
