// Rerun from here over real HTTP: a declined approval rerun as approved succeeds while the original stays as it was,
// a suspension rerun with other resume data (or an elicitation with another answer) gives another output, the rerun
// records where it came from, and points that cannot be rerun are refused with the field at fault.
import { createServer } from 'node:http'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, RunDetail, StartRunResponse } from '../../src/shared/protocol.ts'
import { finished, startTestServer, tempDir, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

const detail = (runId: string) => detailOn(server, runId)
const rerun = (runId: string, body: unknown) => server.api(`/api/runs/${runId}/rerun`, { method: 'POST', json: body })

async function declinedRun(path: string): Promise<{ runId: string; askedAt: number }> {
  const runId = await server.startRun({ toolId: 'delete-file', input: { path }, requestContext: { user: 'ann' } })
  const seen = await waitForEvent(server, runId, (e) => e.type === 'approval-requested')
  await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'decline', reason: 'not today' } })
  expect(finished(await server.events(runId)).status).toBe('declined')
  return { runId, askedAt: seen.at(-1)!.seq }
}

describe('rerun from here', () => {
  it('reruns a declined approval as approved: the new run succeeds, links back, and the original is unchanged', async () => {
    const { runId, askedAt } = await declinedRun('/tmp/rerun-me')
    const before = { events: await server.events(runId), detail: await detail(runId) }
    const res = await rerun(runId, { atEvent: askedAt, control: { type: 'approve' } })
    expect(res.status).toBe(201)
    const { runId: again } = StartRunResponse.parse(await res.json())
    const events = await server.events(again)
    expect(finished(events).status).toBe('success')
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { deleted: '/tmp/rerun-me' } })
    expect(events.filter((e) => e.type === 'approval-resolved')).toMatchObject([{ approved: true }])
    expect(await detail(again)).toMatchObject({
      rerunOf: { runId, atEvent: askedAt },
      request: { input: { path: '/tmp/rerun-me' }, requestContext: { user: 'ann' } },
    })
    expect(await server.events(runId)).toEqual(before.events)
    expect(await detail(runId)).toEqual(before.detail)
  })

  it('reruns a suspension with other resume data, and the earlier answers before a later point as they were', async () => {
    const runId = await server.startRun({ toolId: 'book-seat', input: { flight: 'LX1' } })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'suspended')
    await server.api(`/api/runs/${runId}/control`, {
      method: 'POST',
      json: { type: 'resume', resumeData: { seat: '1A' } },
    })
    expect((await server.events(runId)).find((e) => e.type === 'output')).toMatchObject({ output: { seat: '1A' } })
    const { runId: again } = StartRunResponse.parse(
      await (
        await rerun(runId, { atEvent: seen.at(-1)!.seq, control: { type: 'resume', resumeData: { seat: '2C' } } })
      ).json(),
    )
    const events = await server.events(again)
    expect(finished(events).status).toBe('success')
    expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { flight: 'LX1', seat: '2C' } })
  })

  it('reruns an elicitation with another answer', async () => {
    const runId = await server.startRun({ toolId: 'ask-name', input: {}, caller: 'mcp' })
    const seen = await waitForEvent(server, runId, (e) => e.type === 'elicitation-requested')
    await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'respond', action: 'decline' } })
    expect((await server.events(runId)).find((e) => e.type === 'output')).toMatchObject({
      output: { greeting: 'no name (decline)' },
    })
    const body = { atEvent: seen.at(-1)!.seq, control: { type: 'respond', action: 'accept', content: { name: 'Ann' } } }
    const { runId: again } = StartRunResponse.parse(await (await rerun(runId, body)).json())
    expect((await server.events(again)).find((e) => e.type === 'output')).toMatchObject({
      output: { greeting: 'hello Ann' },
    })
  })

  it('refuses what cannot be rerun: a point that asks nothing, an answer of another kind, a live run, an unknown run', async () => {
    const { runId, askedAt } = await declinedRun('/tmp/refused')
    const notAPoint = await rerun(runId, { atEvent: 0, control: { type: 'approve' } })
    expect(notAPoint.status).toBe(400)
    expect(ApiError.parse(await notAPoint.json()).issues?.[0].path).toEqual(['atEvent'])
    const wrongKind = await rerun(runId, { atEvent: askedAt, control: { type: 'resume', resumeData: {} } })
    expect(wrongKind.status).toBe(400)
    expect(ApiError.parse(await wrongKind.json()).issues?.[0].path).toEqual(['control', 'type'])
    const badBody = await rerun(runId, { atEvent: -1, control: { type: 'approve' } })
    expect(ApiError.parse(await badBody.json()).issues?.[0].path).toEqual(['atEvent'])

    const live = await server.startRun({ toolId: 'delete-file', input: { path: '/tmp/live' } })
    const asked = await waitForEvent(server, live, (e) => e.type === 'approval-requested')
    const refused = await rerun(live, { atEvent: asked.at(-1)!.seq, control: { type: 'approve' } })
    expect(refused.status).toBe(409)
    expect(ApiError.parse(await refused.json()).code).toBe('invalid-state')
    await server.api(`/api/runs/${live}/control`, { method: 'POST', json: { type: 'abort' } })
    expect((await rerun('nope', { atEvent: 1, control: { type: 'approve' } })).status).toBe(404)
  })
})

describe('rerun of a recorded run', () => {
  it('is answered from its recording, offline, and leaves the named cassette alone', async () => {
    let hits = 0
    const api = createServer((_req, res) => res.end(JSON.stringify({ n: ++hits })))
    api.listen(0, '127.0.0.1')
    await once(api, 'listening')
    const url = `http://127.0.0.1:${(api.address() as { port: number }).port}/count`
    const project = await tempDir()
    const recorder = await startTestServer({ scenariosDir: join(project.dir, 'toolscope', 'scenarios') })
    try {
      const runId = await recorder.startRun({
        toolId: 'fetch-suspend',
        input: { url },
        network: 'record',
        cassette: 'keep-me',
      })
      const seen = await waitForEvent(recorder, runId, (e) => e.type === 'suspended')
      await recorder.api(`/api/runs/${runId}/control`, {
        method: 'POST',
        json: { type: 'resume', resumeData: { go: true } },
      })
      expect(finished(await recorder.events(runId)).status).toBe('success')
      const cassette = join(project.dir, 'toolscope', 'cassettes', 'fetch-suspend', 'keep-me.json')
      const saved = await readFile(cassette, 'utf8')
      api.close()

      const res = await recorder.api(`/api/runs/${runId}/rerun`, {
        method: 'POST',
        json: { atEvent: seen.at(-1)!.seq, control: { type: 'resume', resumeData: { go: false } } },
      })
      const { runId: again } = StartRunResponse.parse(await res.json())
      const events = await recorder.events(again)
      expect(finished(events).status).toBe('success')
      expect(events.find((e) => e.type === 'output')).toMatchObject({ output: { second: { n: 2 } } })
      expect(hits).toBe(2)
      expect((await detailOn(recorder, again)).request.network).toBe('replay')
      expect(await readFile(cassette, 'utf8')).toBe(saved)
    } finally {
      api.close()
      await recorder.stop()
      await project.cleanup()
    }
  })
})

async function detailOn(on: TestServer, runId: string) {
  return RunDetail.parse(await (await on.api(`/api/runs/${runId}`)).json())
}
