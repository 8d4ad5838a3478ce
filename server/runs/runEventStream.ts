// The SSE stream of one run's events, with back-pressure per client: stored events are read from the history store a
// page at a time, only when the client has taken the last page; a live run's new events are pushed while the client
// keeps up, and a client that falls behind goes back to reading pages, so no client makes the server hold a run for it.

import type { RunEvent } from '../../src/shared/protocol.ts'
import { compactViews } from '../../src/shared/passthroughViews.ts'
import { formatSseFrame, SSE_HEADERS } from '../http/sse.ts'

/** One stored event as JSON text (RunStore.eventTextPage), passthrough views compact. */
export interface StoredEventText {
  seq: number
  type: string
  json: string
}

/** Where a run's stream reads from: the history store and the run registry in the app. */
export interface RunEventSource {
  /** Stored events after `afterSeq`, in order, about `maxBytes` of them (at least one when any is left). */
  page(afterSeq: number, maxBytes: number): StoredEventText[]
  /**
   * Follows the run while it is live (events after `afterSeq`); the unsubscribe, or undefined when it is over. `json`,
   * when given, is the event as stored (passthrough views compact): sent as is.
   */
  follow(afterSeq: number, onEvent: (event: RunEvent, json?: string) => void): (() => void) | undefined
}

/** Sizes and times of a run stream. */
export interface RunStreamOptions {
  /** JSON read from the store per page. */
  pageBytes: number
  /** Bytes the stream holds ahead of its client before it stops reading pages (the ReadableStream's high-water mark). */
  highWaterMark: number
  /** Most bytes of live events held for a client that does not read; past it, the client reads from the store again. */
  maxLiveBufferBytes: number
  keepAliveMs: number
}

/**
 * Defaults, measured with 40 stalled or slow readers of a 40 MB run (bench/sseReaders.bench.ts): larger pages read
 * faster but leave more garbage per reader. The live bound is small because a client past it loses nothing: it reads
 * the same events from the store.
 */
export const RUN_STREAM_DEFAULTS: RunStreamOptions = {
  pageBytes: 96 * 1024,
  highWaterMark: 32 * 1024,
  maxLiveBufferBytes: 1024 * 1024,
  keepAliveMs: 15_000,
}

/**
 * A page of stored events as SSE frames, encoded straight into one buffer: joining the frames into one string first
 * would make a string past V8's large-object size, which only a full collection frees.
 */
function encodePage(rows: StoredEventText[]): Uint8Array {
  const parts: string[] = []
  let bytes = 0
  for (const row of rows) {
    // The frame formatSseFrame writes, with the stored JSON as its data line.
    const head = `event: ${row.type}\nid: ${row.seq}\ndata: `
    parts.push(head, row.json, '\n\n')
    bytes += head.length + Buffer.byteLength(row.json) + 2
  }
  const out = new Uint8Array(bytes)
  let at = 0
  for (const part of parts) at += encoder.encodeInto(part, out.subarray(at)).written
  return out
}

const encoder = new TextEncoder()

/**
 * Streams a run's events after `afterSeq` as SSE (`id:` = seq) and closes after `run-finished`, or at once when the
 * run is over and nothing is left to send. Memory held per client: about one page plus the high-water mark while it
 * reads stored events, at most maxLiveBufferBytes while it follows the live run.
 */
export function runEventStream(
  source: RunEventSource,
  afterSeq: number,
  options: Partial<RunStreamOptions> = {},
): Response {
  const o = { ...RUN_STREAM_DEFAULTS, ...options }
  let last = afterSeq
  // `paging`: stored events, read as the client takes them; `live`: new events pushed as they happen.
  let mode: 'paging' | 'live' | 'closed' = 'paging'
  let unsubscribe: (() => void) | undefined
  let timer: ReturnType<typeof setInterval> | undefined
  let controller!: ReadableStreamDefaultController<Uint8Array>
  // Live frames of one tick go out as one chunk.
  let pending = ''

  // A function, not `mode === 'closed'` inline: callbacks change `mode` where TypeScript's narrowing cannot see it.
  const isClosed = () => mode === 'closed'
  const queuedBytes = () => o.highWaterMark - (controller.desiredSize ?? 0)
  const stop = () => {
    mode = 'closed'
    clearInterval(timer)
    unsubscribe?.()
    unsubscribe = undefined
  }
  const send = (text: string) => {
    try {
      controller.enqueue(encoder.encode(text))
    } catch {
      stop() // the client is gone
    }
  }
  const flush = () => {
    if (!pending) return
    const text = pending
    pending = ''
    send(text)
  }
  const close = () => {
    if (mode === 'closed') return
    flush()
    stop()
    try {
      controller.close()
    } catch {
      // already closed by the client
    }
  }

  const onLive = (event: RunEvent, json?: string) => {
    if (mode !== 'live' || event.seq <= last) return
    // Passthrough views go compact, as stored: raw crosses to the client once, and the client expands them.
    const frame = formatSseFrame({
      event: event.type,
      id: event.seq,
      data: event,
      json: json ?? JSON.stringify(compactViews(event)),
    })
    if (queuedBytes() + pending.length + frame.length > o.maxLiveBufferBytes) {
      // The client does not keep up: stop holding events for it; it reads them from the store when it can.
      mode = 'paging'
      if ((controller.desiredSize ?? 0) > 0) queueMicrotask(readPage)
      return
    }
    if (!pending) queueMicrotask(flush)
    pending += frame
    last = event.seq
    if (event.type === 'run-finished') close()
  }

  const goLive = () => {
    mode = 'live'
    // Subscribed once, when first caught up; while the client reads pages later on, live events are skipped.
    if (unsubscribe) return
    const off = source.follow(last, onLive)
    if (!off) return close()
    if (isClosed()) return void off() // a run-finished replayed while subscribing closed it
    unsubscribe = off
  }

  function readPage(): void {
    if (mode !== 'paging') return
    // Live frames not yet flushed come before the page (a pull can run before their microtask).
    flush()
    const rows = source.page(last, o.pageBytes)
    if (rows.length === 0) return goLive()
    const end = rows.findIndex((row) => row.type === 'run-finished')
    const sent = end < 0 ? rows : rows.slice(0, end + 1)
    last = rows.at(-1)!.seq
    try {
      controller.enqueue(encodePage(sent))
    } catch {
      return stop() // the client is gone
    }
    if (end >= 0) close()
  }

  const stream = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
        // A first comment so the headers flush before any event.
        send(': connected\n\n')
        timer = setInterval(() => {
          if (mode === 'live' && !pending && queuedBytes() < o.highWaterMark) send(': keep-alive\n\n')
        }, o.keepAliveMs)
        timer.unref?.()
      },
      // Called whenever the client has taken what was queued (below the high-water mark): the next page, if paging.
      pull: readPage,
      cancel: stop,
    },
    { highWaterMark: o.highWaterMark, size: (chunk) => chunk.byteLength },
  )
  return new Response(stream, { headers: SSE_HEADERS })
}
