// One owner per live run: the tool host says how a run that left it without a `run-finished` ended (aborted by request,
// or an error: a timeout is not an abort) and the run object ends it so, without guessing; each event is cut once,
// where it is made (the worker's by the worker, the run object's own ends by the run object).

import { afterEach, describe, expect, it, vi } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { expandViews } from '../../src/shared/passthroughViews.ts'
import { RunStore } from '../history/runStore.ts'
import { boundedForPost } from '../runs/limits.ts'
import { RunRegistry } from '../runs/runs.ts'
import { ToolHost, type RunLossStatus } from '../toolHost/host.ts'
import { fakeRunHost } from './fakeHost.ts'
import { FIXTURES } from './helpers.ts'

function newHost() {
  const events = new Map<string, RunEvent[]>()
  const lost = new Map<string, { message: string; end: RunLossStatus }>()
  const host = new ToolHost({
    paths: [FIXTURES],
    watch: false,
    log: () => {},
    spareWorkers: 1,
    sink: {
      onEvent: (runId, e) => void events.set(runId, [...(events.get(runId) ?? []), e]),
      onRunLost: (runId, message, end) => void lost.set(runId, { message, end }),
    },
  })
  const started = (runId: string) =>
    vi.waitFor(() => expect(events.get(runId)?.some((e) => e.type === 'input-available')).toBe(true), {
      timeout: 20_000,
    })
  return { host, lost, started }
}

let host: ToolHost | undefined
afterEach(() => host?.close())

describe('the tool host reports how a run it lost ended', () => {
  it('an abort of a parked run is reported as aborted by request, with its reason', async () => {
    const made = newHost()
    host = made.host
    await host.ready
    await host.start('parked', { toolId: 'delete-file', input: { path: '/var' } }, 5_000)
    await vi.waitFor(() => expect(host!.stats().parked).toBe(1), { timeout: 20_000 })
    expect(await host.control('parked', { type: 'abort', reason: 'changed my mind' })).toBeUndefined()
    expect(made.lost.get('parked')).toEqual({ message: 'changed my mind', end: Status.aborted })
  })

  // Two worker loads while a tool spins: longer than the suite's default on a busy machine.
  it('a tool that ignores an abort is terminated as aborted; one terminated for its timeout ends in error, aborted or not', {
    timeout: 60_000,
  }, async () => {
    const made = newHost()
    host = made.host
    await host.ready
    const ends: Array<[string, RunLossStatus, string]> = [
      ['ignores', Status.aborted, 'it did not stop after abort'],
      ['overruns', Status.error, 'it timed out'],
    ]
    for (const [runId, end, reason] of ends) {
      await host.start(runId, { toolId: 'spin', input: {} }, 60_000)
      await made.started(runId)
      // The tool blocks its thread: the abort is asked for but never answered.
      void host.control(runId, { type: 'abort', reason: 'stop it' }, 60_000)
      host.terminateRunWorker(runId, reason, end)
      await vi.waitFor(() => expect(made.lost.has(runId)).toBe(true), { timeout: 20_000 })
    }
    expect(made.lost.get('ignores')).toEqual({ message: 'stop it', end: Status.aborted })
    expect(made.lost.get('overruns')).toEqual({
      message: expect.stringMatching(/^The tool host stopped: it timed out\./),
      end: Status.error,
    })
  })
})

describe('the run object', () => {
  function registry(limits?: { payloadBytes: number }) {
    const store = new RunStore()
    const runs = new RunRegistry({ host: fakeRunHost(), store, timeoutMs: 60_000, log: () => {}, limits })
    const started: RunEvent = {
      type: 'run-started',
      seq: 0,
      at: 0,
      toolId: 'x',
      toolCallId: 'c',
      caller: 'agent',
      background: false,
      stepping: false,
    }
    return { runs, store, started }
  }

  it('ends a lost run as the host says, even after an abort was asked for: it never infers the end', async () => {
    const { runs, store, started } = registry()
    const [errored, aborted] = [
      await runs.start({ toolId: 'x', input: {} }),
      await runs.start({ toolId: 'x', input: {} }),
    ]
    for (const runId of [errored, aborted]) {
      runs.onEvent(runId, started)
      expect(await runs.control(runId, { type: 'abort', reason: 'stop it' })).toEqual({ ok: true })
    }
    runs.onRunLost(errored, 'The tool host stopped: it timed out.', Status.error)
    runs.onRunLost(aborted, 'stop it', Status.aborted)
    expect(
      runs
        .get(errored)
        ?.events.slice(1)
        .map((e) => [e.type, 'status' in e ? e.status : undefined]),
    ).toEqual([
      ['error', undefined],
      ['run-finished', Status.error],
    ])
    expect(runs.get(aborted)?.events.slice(1)).toMatchObject([
      { type: 'aborted', reason: 'stop it' },
      { type: 'run-finished', status: Status.aborted },
    ])
    store.close()
  })

  it('cuts each event once, where it is made: a worker event is stored as the worker cut it, its own ends it cuts itself', async () => {
    const { runs, store, started } = registry({ payloadBytes: 1_000 })
    const runId = await runs.start({ toolId: 'x', input: {} })
    runs.onEvent(runId, started)
    // What the worker edge hands over: cut in the worker, with the limit the worker was given (here larger), expanded.
    const chunk = expandViews(
      boundedForPost({ type: 'writer-chunk', seq: 1, at: 1, chunk: 'x'.repeat(3_000) } as RunEvent, 2_000),
    )
    expect(chunk.truncated).toBeDefined()
    expect(runs.onEvent(runId, chunk)).toBe(Status.running)
    runs.onRunLost(runId, `The tool host stopped: ${'y'.repeat(5_000)}`, Status.error)
    const [stored, error] = runs.get(runId)!.events.slice(1)
    expect(stored).toEqual(chunk)
    expect(error).toMatchObject({ type: 'error', truncated: { fields: expect.arrayContaining(['message']) } })
    expect((error as Extract<RunEvent, { type: 'error' }>).message.length).toBeLessThanOrEqual(1_000)
    store.close()
  })
})
