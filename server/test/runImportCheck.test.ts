// Import of run files whose log contradicts itself, over real HTTP: repeated or decreasing seqs, events after
// run-finished, and a status its run-finished does not confirm are refused with 400 naming the first problem (nothing
// is stored); a consistent file is listed with exactly the events it serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, ImportRunResponse, RunDetail, RunExport, RunPage, type RunEvent } from '../../src/shared/protocol.ts'
import { startTestServer, type TestServer } from './helpers.ts'

let server: TestServer
let file: RunExport
beforeAll(async () => {
  server = await startTestServer()
  const runId = await server.startRun({ toolId: 'echo', input: { text: 'consistent' } })
  await server.events(runId)
  file = RunExport.parse(await (await server.api(`/api/runs/${runId}/export`)).json())
})
afterAll(() => server.stop())

const importFile = (body: unknown) => server.api('/api/runs/import', { method: 'POST', json: body })
const withEvents = (events: RunEvent[], status = file.run.status): RunExport => ({
  ...file,
  run: { ...file.run, status, events },
})
const importedCount = async () =>
  RunPage.parse(await (await server.api('/api/runs?tool=echo&limit=500')).json()).runs.filter((r) => r.imported).length

async function refusal(body: RunExport): Promise<ApiError> {
  const res = await importFile(body)
  expect(res.status).toBe(400)
  const error = ApiError.parse(await res.json())
  expect(error.code).toBe('invalid-body')
  return error
}

describe('run import consistency', () => {
  it('has a file of at least four events to break', () => {
    expect(file.run.events.length).toBeGreaterThanOrEqual(4)
    expect(file.run.events.at(-1)).toMatchObject({ type: 'run-finished', status: 'success' })
  })

  it('refuses a repeated seq, naming the event and the one it repeats', async () => {
    const events = [...file.run.events]
    events.splice(2, 0, { ...events[1]! })
    const error = await refusal(withEvents(events))
    expect(error.error).toContain(`events[2]: seq ${events[1]!.seq} repeats events[1]'s`)
    expect(error.issues).toEqual([expect.objectContaining({ path: ['run', 'events', 2, 'seq'] })])
  })

  it('refuses seqs out of order', async () => {
    const events = file.run.events.map((e, i) => (i === 1 ? { ...e, seq: 40 } : e))
    const error = await refusal(withEvents(events))
    expect(error.error).toContain(`events[2]: seq ${events[2]!.seq} comes after seq 40 (events[1])`)
  })

  it('refuses events after run-finished, even when a second run-finished ends the log', async () => {
    const events = [...file.run.events]
    const end = events.at(-1)!
    const extra = {
      type: 'log',
      seq: end.seq + 1,
      at: end.at,
      level: 'info',
      source: 'console',
      message: 'late',
    } as RunEvent
    const error = await refusal(withEvents([...events, extra, { ...end, seq: end.seq + 2 }]))
    expect(error.error).toContain(
      `events[${events.length}]: a \`log\` event after run-finished (events[${events.length - 1}])`,
    )
  })

  it('refuses a status its run-finished contradicts', async () => {
    const events = file.run.events.map((e) => (e.type === 'run-finished' ? { ...e, status: 'error' as const } : e))
    const error = await refusal(withEvents(events, 'success'))
    expect(error.error).toContain(`status: "success", but its run-finished (events[${events.length - 1}]) says "error"`)
    expect(error.issues).toEqual([expect.objectContaining({ path: ['run', 'status'] })])
  })

  it('stores none of the refused files, and lists a consistent one with the events it serves', async () => {
    const before = await importedCount()
    await refusal(withEvents([...file.run.events, ...file.run.events]))
    expect(await importedCount()).toBe(before)
    const res = await importFile(file)
    expect(res.status).toBe(201)
    const { runId } = ImportRunResponse.parse(await res.json())
    const detail = RunDetail.parse(await (await server.api(`/api/runs/${runId}`)).json())
    const served = await server.events(runId)
    expect(detail.eventCount).toBe(served.length)
    expect(served).toEqual(file.run.events)
    expect(await importedCount()).toBe(before + 1)
  })
})
