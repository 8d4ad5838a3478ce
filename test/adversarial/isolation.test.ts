// Isolation: a tool that blocks its thread, exits or exhausts the heap ends only its own run. Bystanders (a run
// waiting for approval, a run streaming chunks) carry on, and a run started meanwhile completes at once.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finished, waitForEvent, type TestServer } from '../../server/test/helpers.ts'
import { chunksSeen, contiguous, startAdversarialServer, statusOf } from './helpers.ts'

// Each test loads several workers (bystanders, the misbehaving run, the run started meanwhile): a minute, not the default
// 20 s, on a busy 2-core machine running the rest of the suite beside it.
describe('a misbehaving run ends only itself', { timeout: 60_000 }, () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startAdversarialServer()
  })
  afterAll(() => server.stop())

  /** Starts the two bystanders: one waiting for approval, one streaming (3,000 chunks of 20 ms: a minute, far longer than a test). */
  async function bystanders(): Promise<{ waiting: string; streaming: string }> {
    const waiting = await server.startRun({ toolId: 'delete-file', input: { path: 'bystander' } })
    await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
    const streaming = await server.startRun({ toolId: 'slow-stream', input: { count: 3000 } })
    await chunksSeen(server, streaming, 1)
    return { waiting, streaming }
  }

  /** Both bystanders are intact: the stream keeps flowing, the waiting run can still be approved. */
  async function expectBystandersIntact({ waiting, streaming }: { waiting: string; streaming: string }): Promise<void> {
    const record = (await (await server.api(`/api/runs/${streaming}`)).json()) as { status: string; eventCount: number }
    expect(record.status).toBe('running')
    // New chunks keep arriving after the misbehaving run ended.
    await waitForEvent(server, streaming, (e) => e.type === 'writer-chunk' && e.seq >= record.eventCount + 3)
    expect(
      (await server.api(`/api/runs/${streaming}/control`, { method: 'POST', json: { type: 'abort' } })).status,
    ).toBe(200)
    const streamed = await server.events(streaming)
    expect(contiguous(streamed)).toBe(true)
    expect(finished(streamed).status).toBe('aborted')
    expect(await statusOf(server, waiting)).toBe('awaiting-approval')
    expect(
      (await server.api(`/api/runs/${waiting}/control`, { method: 'POST', json: { type: 'approve' } })).status,
    ).toBe(200)
    expect(finished(await server.events(waiting)).status).toBe('success')
  }

  it('a synchronous endless loop: a run started meanwhile succeeds at once, the kill names only the looping run', async () => {
    const others = await bystanders()
    const spin = await server.startRun({ toolId: 'spin', input: {} })
    await waitForEvent(server, spin, (e) => e.type === 'input-available')
    const echo = await server.events(await server.startRun({ toolId: 'echo', input: { text: 'meanwhile' } }))
    expect(finished(echo).status).toBe('success')
    // The echo run finished while the spinning run still holds its own thread.
    expect(await statusOf(server, spin)).toBe('running')
    expect(
      (await server.api(`/api/runs/${spin}/control`, { method: 'POST', json: { type: 'abort', reason: 'stop' } }))
        .status,
    ).toBe(200)
    expect(finished(await server.events(spin)).status).toBe('aborted')
    await expectBystandersIntact(others)
  })

  it('process.exit ends only its run', async () => {
    const others = await bystanders()
    const events = await server.events(await server.startRun({ toolId: 'exit-process', input: {} }))
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringMatching(/exited with code 3/),
    })
    await expectBystandersIntact(others)
  })

  it('heap exhaustion ends only its run, with an error', async () => {
    const others = await bystanders()
    const events = await server.events(await server.startRun({ toolId: 'oom', input: {} }))
    expect(finished(events).status).toBe('error')
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringMatching(/tool host stopped/i),
    })
    await expectBystandersIntact(others)
  })

  it('aborting an innocent run never terminates the blocking run (nor the reverse)', async () => {
    const spin = await server.startRun({ toolId: 'spin', input: {} })
    await waitForEvent(server, spin, (e) => e.type === 'input-available')
    const waiting = await server.startRun({ toolId: 'delete-file', input: { path: 'innocent' } })
    await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
    // Aborting the innocent run first must not terminate the spinning one's thread (nor the reverse).
    expect((await server.api(`/api/runs/${waiting}/control`, { method: 'POST', json: { type: 'abort' } })).status).toBe(
      200,
    )
    expect(finished(await server.events(waiting)).status).toBe('aborted')
    expect(await statusOf(server, spin)).toBe('running')
    expect((await server.api(`/api/runs/${spin}/control`, { method: 'POST', json: { type: 'abort' } })).status).toBe(
      200,
    )
    expect(finished(await server.events(spin)).status).toBe('aborted')
  })
})

describe('blame', () => {
  it('a timed-out blocking run is killed by name; a run waiting meanwhile is untouched', async () => {
    const server = await startAdversarialServer({ timeoutMs: 800 })
    try {
      const waiting = await server.startRun({ toolId: 'delete-file', input: { path: 'innocent' } })
      await waitForEvent(server, waiting, (e) => e.type === 'approval-requested')
      const spin = await server.startRun({ toolId: 'spin', input: {} })
      const events = await server.events(spin)
      const message = (events.find((e) => e.type === 'error') as { message: string }).message
      expect(message).toContain(spin)
      expect(message).toContain('"spin"')
      expect(message).not.toContain(waiting)
      expect(await statusOf(server, waiting)).toBe('awaiting-approval')
    } finally {
      await server.stop()
    }
  })
})

describe('a poisoned worker or an unprintable throw fails the run at once', () => {
  let server: TestServer
  beforeAll(async () => {
    // A long timeout: a failure here must come from detection, never from the clock.
    server = await startAdversarialServer({ timeoutMs: 60_000 })
  })
  afterAll(() => server.stop())

  for (const [toolId, what] of [
    ['poison-stringify', /JSON\.stringify/],
    ['poison-tojson', /Object\.prototype\.toJSON/],
  ] as const) {
    it(`${toolId}: the culprit's run ends naming what it broke, later runs of every tool work`, async () => {
      const events = await server.events(await server.startRun({ toolId, input: {} }))
      expect(finished(events).status).toBe('error')
      expect(events.find((e) => e.type === 'error')).toMatchObject({ message: expect.stringMatching(what) })
      for (const id of ['echo', 'upper']) {
        expect(
          finished(await server.events(await server.startRun({ toolId: id, input: { text: 'after' } }))).status,
        ).toBe('success')
      }
    })
  }

  it('an event that does not match the protocol ends its run with an error saying so', async () => {
    const events = await server.events(await server.startRun({ toolId: 'off-protocol', input: {} }))
    expect(finished(events).status).toBe('error')
    expect(events.find((e) => e.type === 'error')).toMatchObject({
      message: expect.stringMatching(/does not match the protocol.*level/),
    })
  })

  it('a thrown non-Error whose message and toString throw fails with a readable error', async () => {
    const events = await server.events(await server.startRun({ toolId: 'unprintable-throw', input: {} }))
    expect(finished(events).status).toBe('error')
    const error = events.find((e) => e.type === 'error')
    expect(error).toMatchObject({ message: expect.stringMatching(/cannot be described/) })
    expect(error).not.toMatchObject({ message: expect.stringMatching(/timed out/i) })
  })
})
