// A start never waits: POST /api/runs answers at once, a run without an execution slot is `queued` (its place shown,
// abortable), a queued run nobody watches is dropped, hung tools hold only their own slot, and the cap answers 429.

import { EventEmitter, once } from 'node:events'
import { connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Capacity, RunDetail, RunPage } from '../../src/shared/protocol.ts'
import { finished, startTestServer, waitForEvent, type TestServer } from './helpers.ts'

let server: TestServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

const detail = async (s: TestServer, runId: string) => (await (await s.api(`/api/runs/${runId}`)).json()) as RunDetail
const capacity = async (s: TestServer) => (await (await s.api('/api/capacity')).json()) as Capacity
const post = (s: TestServer, body: unknown) => s.api('/api/runs', { method: 'POST', json: body })

describe('a start never waits for other runs', () => {
  it('30 tools that wait until aborted, then a quick run: every start answers while all 30 still hang, the quick run finishes beside them, aborting frees every slot', async () => {
    // A long run timeout: loading 30 workers takes a while on a busy machine, and no hung run may time out meanwhile.
    server = await startTestServer({ timeoutMs: 600_000 })
    const s = server
    expect((await s.api('/api/tools')).status).toBe(200) // the tools are loaded
    const rssBefore = process.memoryUsage().rss
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(s, { toolId: 'wait-abort', input: {} })))
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(201))
    const hung = await Promise.all(answers.map(async (r) => ((await r.json()) as { runId: string }).runId))
    // Each is watched, as the playground watches the runs it starts (a queued run nobody watches would be dropped).
    const executing = hung.map((runId) => waitForEvent(s, runId, (e) => e.type === 'input-available'))
    // Not one of them has ended: the starts answered without waiting for any run.
    for (const runId of hung) expect(['queued', 'running']).toContain((await detail(s, runId)).status)

    const quick = await s.startRun({ toolId: 'echo', input: { text: 'beside the hung ones' } })
    expect(finished(await s.events(quick)).status).toBe('success')
    for (const runId of hung) expect(['queued', 'running']).toContain((await detail(s, runId)).status)

    // Every hung tool got a worker of its own (slots come from memory, not cores) and is executing.
    await Promise.all(executing)
    expect(await capacity(s)).toMatchObject({ executing: 30, queued: 0, live: 30 })
    const rssHung = process.memoryUsage().rss
    // The documented bound: 64 MB a worker at most (BENCHMARKS.md has the measured figure per worker).
    expect(rssHung - rssBefore).toBeLessThan(30 * 64 * 1024 * 1024)

    for (const runId of hung)
      expect(
        (await s.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'abort', reason: 'done' } })).status,
      ).toBe(200)
    for (const runId of hung) expect(finished(await s.events(runId)).status).toBe('aborted')
    await vi.waitFor(
      async () => expect(await capacity(s)).toMatchObject({ executing: 0, queued: 0, waiting: 0, live: 0 }),
      { timeout: 20_000 },
    )
  }, 240_000)
})

describe('queued runs', () => {
  it('a run without a slot is queued at once with its place in the queue, and an abort ends it before any of its code runs', async () => {
    server = await startTestServer({ maxWorkers: 1 })
    const s = server
    const busy = await s.startRun({ toolId: 'wait-abort', input: {} })
    await waitForEvent(s, busy, (e) => e.type === 'input-available')
    const first = await s.startRun({ toolId: 'echo', input: { text: 'first' } })
    const second = await s.startRun({ toolId: 'echo', input: { text: 'second' } })
    expect(await detail(s, first)).toMatchObject({ status: 'queued', queuePosition: 0 })
    expect(await detail(s, second)).toMatchObject({ status: 'queued', queuePosition: 1 })
    expect(
      (await (await s.api('/api/runs?status=queued')).json()).runs.map((r: { runId: string }) => r.runId).sort(),
    ).toEqual([first, second].sort())
    // Only an abort applies to a queued run.
    const approve = await s.api(`/api/runs/${first}/control`, { method: 'POST', json: { type: 'approve' } })
    expect(approve.status).toBe(409)
    expect(await approve.json()).toMatchObject({ code: 'invalid-state', state: 'queued' })

    expect(
      (await s.api(`/api/runs/${first}/control`, { method: 'POST', json: { type: 'abort', reason: 'not now' } }))
        .status,
    ).toBe(200)
    const aborted = await s.events(first)
    expect(aborted.map((e) => e.type)).toEqual(['aborted', 'run-finished'])
    expect(aborted[0]).toMatchObject({ reason: 'not now' })
    expect(finished(aborted).status).toBe('aborted')
    expect(await detail(s, second)).toMatchObject({ status: 'queued', queuePosition: 0 })

    await s.api(`/api/runs/${busy}/control`, { method: 'POST', json: { type: 'abort' } })
    const events = await s.events(second)
    expect(events[0]?.type).toBe('run-started')
    expect(finished(events).status).toBe('success')
  }, 60_000)

  it('a queued run nobody watches is dropped after the grace period; a watched one is kept and runs', async () => {
    server = await startTestServer({ maxWorkers: 1, unwatchedQueueGraceMs: 300 })
    const s = server
    const busy = await s.startRun({ toolId: 'wait-abort', input: {} })
    await waitForEvent(s, busy, (e) => e.type === 'input-available')
    const abandoned = await s.startRun({ toolId: 'echo', input: { text: 'nobody reads me' } })
    const watched = await s.startRun({ toolId: 'echo', input: { text: 'someone reads me' } })
    // A reader follows the watched run's stream for as long as it takes.
    const watching = s.events(watched)
    // The list is read, not the run itself (reading a run's detail counts as watching it).
    const listed = async () =>
      ((await (await s.api('/api/runs?status=aborted')).json()) as RunPage).runs.map((r) => r.runId)
    await vi.waitFor(async () => expect(await listed()).toContain(abandoned), { timeout: 10_000 })
    const dropped = await s.events(abandoned)
    expect(dropped.map((e) => e.type)).toEqual(['aborted', 'run-finished'])
    expect(dropped[0]).toMatchObject({ reason: expect.stringContaining('Nobody watched') })
    await s.api(`/api/runs/${busy}/control`, { method: 'POST', json: { type: 'abort' } })
    expect(finished(await watching).status).toBe('success')
  }, 60_000)

  it('a queued run whose stream request waits on its socket while the event loop is held up past the grace is kept', async () => {
    const graceMs = 200
    server = await startTestServer({ maxWorkers: 1, unwatchedQueueGraceMs: graceMs })
    const s = server
    const busy = await s.startRun({ toolId: 'wait-abort', input: {} })
    await waitForEvent(s, busy, (e) => e.type === 'input-available')
    // One connection the server has accepted and answered on (keep-alive), so the next request on it is only a read.
    const socket = connect(Number(new URL(s.origin).port), '127.0.0.1')
    const replies = new EventEmitter()
    let received = ''
    socket.on('data', (chunk) => {
      received += String(chunk)
      replies.emit('data')
    })
    const until = async (text: string) => {
      while (!received.includes(text)) await once(replies, 'data')
    }
    const auth = `Authorization: Bearer ${s.token}\r\nHost: ${new URL(s.origin).host}\r\n`
    socket.write(`GET /api/capacity HTTP/1.1\r\n${auth}\r\n`)
    await until('"live"')
    const runId = await s.startRun({ toolId: 'echo', input: { text: 'read while the server was held up' } })
    socket.write(`GET /api/runs/${runId}/events HTTP/1.1\r\n${auth}\r\n`)
    // The thread is held (a loaded machine) well past the grace, counted from the start: the request sits unread.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, graceMs + 300)
    await until(': connected')
    await s.api(`/api/runs/${busy}/control`, { method: 'POST', json: { type: 'abort' } })
    await until('event: run-finished')
    socket.destroy()
    expect(finished(await s.events(runId)).status).toBe('success')
  }, 60_000)

  it('queued runs count toward the live-run cap: past it a start answers 429 at once', async () => {
    server = await startTestServer({ maxWorkers: 1, maxLiveRuns: 2 })
    const s = server
    const busy = await s.startRun({ toolId: 'wait-abort', input: {} })
    const queued = await s.startRun({ toolId: 'echo', input: { text: 'queued' } })
    const third = await post(s, { toolId: 'echo', input: { text: 'third' } })
    expect(third.status).toBe(429)
    expect(await third.json()).toMatchObject({ code: 'too-many-runs', error: expect.stringContaining('limit is 2') })
    await s.api(`/api/runs/${busy}/control`, { method: 'POST', json: { type: 'abort' } })
    expect(finished(await s.events(queued)).status).toBe('success')
  }, 60_000)
})
