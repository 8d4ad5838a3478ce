// runEventStream against a fake store and registry: a client following a live run that stops reading is pushed at
// most maxLiveBufferBytes, then gets the rest from the store when it reads again, every event once and in order.
import { describe, expect, it, vi } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { runEventStream, type RunEventSource, type StoredEventText } from '../runs/runEventStream.ts'

/** A store and a live run: `emit` stores an event, then tells the followers (as the registry does). */
function fakeRun() {
  const rows: StoredEventText[] = []
  const followers = new Set<(e: RunEvent) => void>()
  let live = true
  let pagesRead = 0
  const source: RunEventSource = {
    page(afterSeq, maxBytes) {
      pagesRead++
      const page: StoredEventText[] = []
      let bytes = 0
      for (const row of rows) {
        if (row.seq <= afterSeq) continue
        page.push(row)
        bytes += row.json.length
        if (bytes >= maxBytes) break
      }
      return page
    },
    follow(_afterSeq, onEvent) {
      if (!live) return undefined
      followers.add(onEvent)
      return () => followers.delete(onEvent)
    },
  }
  const emit = (event: RunEvent) => {
    // Stored and pushed copies differ by `message`, so the test sees which path each event took.
    rows.push({ seq: event.seq, type: event.type, json: JSON.stringify({ ...event, message: 'store' }) })
    if (event.type === 'run-finished') live = false
    for (const f of [...followers]) f({ ...event, message: 'live' } as RunEvent)
  }
  return { source, emit, followers, pagesRead: () => pagesRead }
}

const log = (seq: number): RunEvent => ({ type: 'log', seq, at: seq, level: 'info', source: 'console', message: '' })

/** Reads frames until the stream closes: each event's seq and which path (`live` or `store`) delivered it. */
async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
): Promise<Array<{ seq: number; via: string; bytes: number }>> {
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  return text
    .split('\n\n')
    .filter((frame) => frame.includes('data: '))
    .map((frame) => {
      const data = JSON.parse(frame.slice(frame.indexOf('data: ') + 6)) as { seq: number; message?: string }
      return { seq: data.seq, via: data.message ?? 'store', bytes: frame.length + 2 }
    })
}

describe('runEventStream', () => {
  it('pushes a live client that stops reading at most maxLiveBufferBytes, then serves the rest from the store', async () => {
    const run = fakeRun()
    run.emit({
      type: 'run-started',
      seq: 0,
      at: 0,
      toolId: 't',
      toolCallId: 'c',
      caller: 'agent',
      background: false,
      stepping: false,
    })
    const options = { highWaterMark: 1024, pageBytes: 4096, maxLiveBufferBytes: 16 * 1024 }
    const reader = runEventStream(run.source, -1, options).body!.getReader()
    // The stored event is paged out, then the stream follows the live run.
    await vi.waitFor(() => expect(run.followers.size).toBe(1))

    // 500 events of ~1 KB while the client reads nothing: far more than the live buffer.
    for (let seq = 1; seq <= 500; seq++) run.emit({ ...log(seq), data: 'x'.repeat(1000) } as RunEvent)
    run.emit({ type: 'run-finished', seq: 501, at: 501, status: 'success', durationMs: 501 })
    const pagesBefore = run.pagesRead()

    const frames = await readAll(reader)
    expect(frames.map((f) => f.seq)).toEqual(Array.from({ length: 502 }, (_, i) => i))
    const pushed = frames.filter((f) => f.via === 'live')
    expect(pushed.length).toBeGreaterThan(0)
    expect(pushed.reduce((n, f) => n + f.bytes, 0)).toBeLessThanOrEqual(options.maxLiveBufferBytes)
    // What the client missed came from the store once it read again, a page at a time.
    expect(frames.at(-1)!.via).toBe('store')
    expect(run.pagesRead() - pagesBefore).toBeGreaterThan(10)
    // Done with it: the stream left the run.
    expect(run.followers.size).toBe(0)
  })

  it('closes at once when the run is over and nothing is left after Last-Event-ID', async () => {
    const run = fakeRun()
    run.emit({ type: 'run-finished', seq: 0, at: 0, status: 'success', durationMs: 0 })
    expect(await readAll(runEventStream(run.source, 0).body!.getReader())).toEqual([])
  })
})
