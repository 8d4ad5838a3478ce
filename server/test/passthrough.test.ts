// A passthrough view crosses each boundary once: the worker → main message and every SSE frame (live and replayed)
// carry a display or transcript view equal to raw as `{ passthrough: true }`, and every reader (the host's first hop,
// the client's frame parser and reducer, the run export) sees the full views exactly as before.

import { serialize } from 'node:v8'
import { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { RunExport, type RunEvent } from '../../src/shared/protocol.ts'
import { RunEventFrame } from '../../src/shared/passthroughViews.ts'
import { applyRunEvents, initialRunState } from '../../src/shared/runState.ts'
import { ToolHost } from '../toolHost/host.ts'
import { FIXTURES, readSse, startTestServer, type Frame, type TestServer } from './helpers.ts'

/** A value no fixture produces by itself, long enough that a copy of it is easy to see in what was sent. */
const marker = (name: string) => `passthrough-marker-${name}-${'m'.repeat(4096)}`
/** How many times `marker` appears in `text` (latin-1, as V8 serialises one-byte strings). */
const copies = (text: string, m: string) => text.split(m).length - 1
/** A passthrough view in full, as every reader has always seen it. */
const full = (raw: unknown) => ({ value: raw, passthrough: true })
/** The output event's views of `delete-file` / `echo` in full: raw, display, transcript and the default model view. */
const fullViews = (raw: unknown) => ({
  raw,
  display: full(raw),
  transcript: full(raw),
  model: { type: 'json', value: raw },
})

describe('worker → main thread', () => {
  let host: ToolHost | undefined
  afterEach(async () => {
    vi.restoreAllMocks()
    await host?.close()
  })

  it('an output event carries raw once: display and transcript travel as { passthrough: true }, and the host expands them', async () => {
    const text = marker('worker')
    // What crosses the boundary: the messages the tool-host worker posts, as the main thread receives them.
    const crossed: unknown[] = []
    const emit = Worker.prototype.emit
    vi.spyOn(Worker.prototype, 'emit').mockImplementation(function (
      this: Worker,
      name: string | symbol,
      ...args: unknown[]
    ) {
      if (name === 'message') crossed.push(args[0])
      return emit.call(this, name, ...args)
    })
    const received: RunEvent[] = []
    host = new ToolHost({
      paths: [FIXTURES],
      watch: false,
      log: () => {},
      spareWorkers: 0,
      sink: { onEvent: (_runId, e) => void received.push(e), onRunLost: () => {} },
    })
    await host.ready
    await host.start('w1', { toolId: 'echo', input: { text } }, 10_000)
    await vi.waitFor(() => expect(received.some((e) => e.type === 'run-finished')).toBe(true), { timeout: 10_000 })

    const message = crossed.find(
      (m) => (m as { type?: string; event?: { type?: string } }).event?.type === 'output',
    ) as { event: { views: Record<string, unknown> } }
    expect(message.event.views.display).toStrictEqual({ passthrough: true })
    expect(message.event.views.transcript).toStrictEqual({ passthrough: true })
    // output, views.raw and views.model: three copies where the full views made five.
    expect(copies(serialize(message).toString('latin1'), text)).toBe(3)
    // The first main-thread hop expands them: the sink sees the full views, as before.
    const output = received.find((e) => e.type === 'output')!
    expect(output.views).toStrictEqual(fullViews({ text, length: text.length }))
  })
})

describe('SSE frames', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  /** Every frame of a run's stream (from `lastEventId` on), read until the server closes it. */
  async function frames(runId: string, lastEventId?: number): Promise<Frame[]> {
    const res = await server.api(`/api/runs/${runId}/events`, {
      headers: lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) },
    })
    const out: Frame[] = []
    for await (const f of readSse(res)) out.push(f)
    return out
  }
  /** The events a client makes of the frames: RunEventFrame, what the browser's frame parser (decodeRunFrame) applies. */
  const decode = (fs: Frame[]): RunEvent[] => fs.map((f) => RunEventFrame.parse(JSON.parse(f.data)))
  const outputOf = (events: RunEvent[]) => events.find((e) => e.type === 'output')!

  it('a live output frame carries raw once; the client expands it to the same events and state as the export', async () => {
    const path = marker('live')
    const runId = await server.startRun({ toolId: 'delete-file', input: { path } })
    // Follow the run live: the output comes after the approval, while this stream is open.
    const res = await server.api(`/api/runs/${runId}/events`)
    const live: Frame[] = []
    for await (const f of readSse(res)) {
      live.push(f)
      if (f.event === 'approval-requested')
        expect(
          (await server.api(`/api/runs/${runId}/control`, { method: 'POST', json: { type: 'approve' } })).status,
        ).toBe(200)
    }
    const outputFrame = live.find((f) => f.event === 'output')!
    expect(copies(outputFrame.data, path)).toBe(3)
    expect(JSON.parse(outputFrame.data).views.display).toStrictEqual({ passthrough: true })

    const events = decode(live)
    expect(outputOf(events).views).toStrictEqual(fullViews({ deleted: path }))
    const state = applyRunEvents(initialRunState, events)
    expect(state.views.output).toStrictEqual(fullViews({ deleted: path }))
    // The export is read from the store, views in full: the same state as the live frames give.
    const exported = RunExport.parse(await (await server.api(`/api/runs/${runId}/export`)).json())
    expect(state).toEqual(applyRunEvents(initialRunState, exported.run.events))
  })

  it('history replay sends the stored frames compact and they expand to full views; the export file holds them in full', async () => {
    const text = marker('replay')
    const runId = await server.startRun({ toolId: 'echo', input: { text } })
    const all = await frames(runId)
    expect(all.at(-1)?.event).toBe('run-finished')
    const outputFrame = all.find((f) => f.event === 'output')!
    expect(copies(outputFrame.data, text)).toBe(3)
    const expected = fullViews({ text, length: text.length })
    expect(outputOf(decode(all)).views).toStrictEqual(expected)
    // A reconnect with Last-Event-ID replays from the store the same way.
    const rest = await frames(runId, Number(outputFrame.id) - 1)
    expect(rest[0].data).toBe(outputFrame.data)
    expect(outputOf(decode(rest)).views).toStrictEqual(expected)
    // The test helper (every server test's reader) expands them too.
    expect(outputOf(await server.events(runId)).views).toStrictEqual(expected)

    const exportText = await (await server.api(`/api/runs/${runId}/export`)).text()
    expect(copies(exportText, text)).toBeGreaterThanOrEqual(5)
    expect(outputOf(RunExport.parse(JSON.parse(exportText)).run.events).views).toStrictEqual(expected)
    // Imported back, the run is stored like a live one: its replay carries raw once too, and expands to the same views.
    const imported = await server.api('/api/runs/import', {
      method: 'POST',
      body: exportText,
      headers: { 'content-type': 'application/json' },
    })
    expect(imported.status).toBe(201)
    const importedFrames = await frames(((await imported.json()) as { runId: string }).runId)
    expect(copies(importedFrames.find((f) => f.event === 'output')!.data, text)).toBe(3)
    expect(outputOf(decode(importedFrames)).views).toStrictEqual(expected)
  })
})
