// The run stream against a fake ApiClient: a frame that fails the protocol is reported by name and field, the
// valid frames around it still arrive, nothing reconnects; lost connections back off to one attempt per second;
// passthrough views sent compact arrive expanded.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiClient } from './client.ts'
import { getConnection } from './connection.ts'
import { streamRunEvents, type RunChunk } from './sse.ts'
import { applyRunEvents, initialRunState } from '../shared/runState.ts'

const frame = (seq: number, data: object | string) =>
  `event: ${typeof data === 'string' ? 'output' : (data as { type: string }).type}\nid: ${seq}\ndata: ${typeof data === 'string' ? data : JSON.stringify({ seq, at: 1, ...data })}\n\n`
const started = {
  type: 'run-started',
  toolId: 't',
  toolCallId: 'c',
  caller: 'direct',
  background: false,
  stepping: false,
}
const log = (message: string) => ({ type: 'log', level: 'info', message, source: 'runtime' })
const finished = { type: 'run-finished', status: 'success', durationMs: 1 }

/** A body that sends `chunks` and then either ends or stays open until the reader cancels. */
function body(chunks: string[], end = true): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch))
        if (end) c.close()
      },
    }),
  )
}

/** Fake client: each openStream call takes the next scripted response (or throws the scripted error). */
function fakeApi(script: Array<() => Response>) {
  const calls: Array<string | undefined> = []
  const api = {
    openStream: vi.fn(async (_path: string, init: { lastEventId?: string }) => {
      calls.push(init.lastEventId)
      const next = script.shift()
      if (!next) throw new TypeError('fetch failed')
      return next()
    }),
  } as unknown as ApiClient
  return { api, calls }
}

async function collect(it: AsyncGenerator<RunChunk>, max = 100): Promise<RunChunk[]> {
  const out: RunChunk[] = []
  for await (const c of it) {
    out.push(c)
    if (out.length >= max) break
  }
  return out
}

afterEach(() => vi.useRealTimers())

describe('streamRunEvents', () => {
  it('yields the valid events of a batch around a frame that fails the protocol, names the event and field, and does not reconnect', async () => {
    const bad = { type: 'output', output: 1 } // no views
    const { api, calls } = fakeApi([
      () => body([frame(0, started) + frame(1, bad) + frame(2, log('after')) + frame(3, finished)]),
    ])
    const chunks = await collect(streamRunEvents(api, 'r1'))
    expect(chunks.flatMap((c) => c.events.map((e) => e.seq))).toEqual([0, 2, 3])
    expect(chunks.flatMap((c) => c.problems)).toEqual([
      { eventType: 'output', id: '1', field: 'views', message: expect.any(String) },
    ])
    expect(calls).toEqual([undefined])
    expect(getConnection()).toBe(true)
  })

  it('expands passthrough views sent compact ({ passthrough: true }): the events and reducer state equal those of full frames', async () => {
    const raw = { text: 'once' }
    const views = (view: object) => ({ raw, display: view, transcript: view, model: { type: 'json', value: raw } })
    const output = (view: object) => ({ type: 'output', output: raw, views: views(view) })
    const read = async (view: object) => {
      const { api } = fakeApi([() => body([frame(0, started) + frame(1, output(view)) + frame(2, finished)])])
      return (await collect(streamRunEvents(api, 'r1'))).flatMap((c) => c.events)
    }
    const compact = await read({ passthrough: true })
    const full = await read({ value: raw, passthrough: true })
    expect(compact).toStrictEqual(full)
    expect(compact[1]).toMatchObject({
      views: { display: { value: raw, passthrough: true }, transcript: { value: raw, passthrough: true } },
    })
    expect(applyRunEvents(initialRunState, compact)).toStrictEqual(applyRunEvents(initialRunState, full))
  })

  it('reports a frame whose data is not JSON', async () => {
    const { api } = fakeApi([() => body([frame(0, started) + frame(1, '{oops') + frame(2, finished)])])
    const problems = (await collect(streamRunEvents(api, 'r1'))).flatMap((c) => c.problems)
    expect(problems).toEqual([{ eventType: 'output', id: '1', field: '(data)', message: 'data is not JSON' }])
  })

  it('resumes after the bad frame when the connection drops, so it is not fetched again', async () => {
    vi.useFakeTimers()
    const { api, calls } = fakeApi([
      () => body([frame(0, started) + frame(1, { type: 'output' })]),
      () => body([frame(2, finished)]),
    ])
    const done = collect(streamRunEvents(api, 'r1'))
    await vi.advanceTimersByTimeAsync(300)
    const chunks = await done
    expect(calls).toEqual([undefined, '1'])
    expect(chunks.flatMap((c) => c.events.map((e) => e.seq))).toEqual([0, 2])
  })

  it('backs off when connections open but carry no good frame: at most one attempt per second from the third', async () => {
    vi.useFakeTimers()
    // The server accepts every connection and closes it at once, as a crashing proxy would.
    const { api, calls } = fakeApi(Array.from({ length: 50 }, () => () => body([': hi\n\n'])))
    const ctl = new AbortController()
    const done = collect(streamRunEvents(api, 'r1', ctl.signal))
    await vi.advanceTimersByTimeAsync(10_000)
    ctl.abort()
    await done
    // 0 → 250 → 750 → 1750 → 3750 → 7750 ms: six attempts in ten seconds, not forty.
    expect(calls.length).toBe(6)
  })

  it('resets the backoff after a good frame', async () => {
    vi.useFakeTimers()
    const drop = () => body([': hi\n\n'])
    const { api, calls } = fakeApi([
      drop,
      drop,
      drop,
      () => body([frame(0, started)]),
      drop,
      () => body([frame(1, finished)]),
    ])
    const done = collect(streamRunEvents(api, 'r1'))
    // Attempts at 0, 250, 750, 1750 (good frame), then 2000 (backoff reset to 250 ms), 2500.
    await vi.advanceTimersByTimeAsync(1999)
    expect(calls.length).toBe(4)
    await vi.advanceTimersByTimeAsync(600)
    await done
    expect(calls).toEqual([undefined, undefined, undefined, undefined, '0', '0'])
  })
})
