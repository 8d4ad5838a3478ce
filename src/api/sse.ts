// Fetch-based SSE readers for run events and catalog events. They reconnect after a lost connection,
// sending Last-Event-ID so the server replays what was missed, and report connection state to a listener
// (the offline banner). Frames are decoded one by one: a frame that fails the protocol is reported, not retried.

import { CatalogEvent, type RunEvent } from '../shared/protocol.ts'
import { ApiRequestError, type ApiClient } from './client.ts'
import { createSseParser, type SseFrame } from './sseParser.ts'
import { reportUnauthorized, setConnection } from './connection.ts'
import { decodeRunFrame, type FrameProblem } from './runFrames.ts'

/** Delay before the n-th reconnect in a row without a good frame; from the third on, at most one per second. */
export const RETRY_MS = [250, 500, 1000, 2000, 4000]

/** What one network read of a run stream produced: the new events that parsed, and the frames that did not. */
export interface RunChunk {
  events: RunEvent[]
  problems: FrameProblem[]
}

/** Waits `ms`, or less when `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        resolve()
      },
      { once: true },
    )
  })
}

/** The SSE frames of a response, one batch per network read, until it ends or `signal` aborts. */
export async function* frames(res: Response, signal?: AbortSignal): AsyncGenerator<SseFrame[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const parser = createSseParser()
  const stop = () => reader.cancel().catch(() => {})
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      yield parser.push(value)
    }
  } finally {
    signal?.removeEventListener('abort', stop)
    stop()
  }
}

/**
 * Streams a run's events (one chunk per network read), after `afterSeq` (from the first event by default), until
 * `run-finished`. The server
 * streams finished runs from its history store too, so a 404 means the run is unknown (a race right after a restart):
 * it is retried only while `GET /api/runs/:id` knows the run.
 */
export async function* streamRunEvents(
  api: ApiClient,
  runId: string,
  signal?: AbortSignal,
  afterSeq = -1,
): AsyncGenerator<RunChunk> {
  try {
    yield* follow(api, runId, signal, afterSeq)
  } finally {
    setConnection('run', true) // not trying any more: never leave the offline banner up
  }
}

async function* follow(
  api: ApiClient,
  runId: string,
  signal: AbortSignal | undefined,
  afterSeq: number,
): AsyncGenerator<RunChunk> {
  let lastSeq = afterSeq
  let failures = 0 // reconnects in a row without a good frame
  const path = `/api/runs/${encodeURIComponent(runId)}/events`
  while (!signal?.aborted) {
    try {
      const res = await api.openStream(path, { signal, lastEventId: lastSeq >= 0 ? String(lastSeq) : undefined })
      setConnection('run', true)
      for await (const batch of frames(res, signal)) {
        const chunk: RunChunk = { events: [], problems: [] }
        for (const frame of batch) {
          const decoded = decodeRunFrame(frame)
          if (!decoded.ok) {
            chunk.problems.push(decoded.problem)
            // Skip past it on reconnect: the server would send the same bad frame again.
            const seq = Number(frame.id)
            if (Number.isInteger(seq) && seq > lastSeq) lastSeq = seq
            continue
          }
          if (decoded.event.seq <= lastSeq) continue
          lastSeq = decoded.event.seq
          chunk.events.push(decoded.event)
          failures = 0
        }
        if (chunk.events.length > 0 || chunk.problems.length > 0) yield chunk
        if (chunk.events.some((e) => e.type === 'run-finished')) return
      }
    } catch (err) {
      if (signal?.aborted) return
      if (err instanceof ApiRequestError && err.status === 401) reportUnauthorized(Boolean(api.token))
      if (err instanceof ApiRequestError && err.status === 404) {
        // Throws its own 404 when the run is really unknown; otherwise reconnect below.
        await api.run(runId, signal)
      } else if (err instanceof ApiRequestError && err.status < 500) throw err
    }
    if (signal?.aborted) return
    setConnection('run', false)
    await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], signal)
  }
}

/** Follows `/api/catalog/events` for the life of the page, calling `onEvent` for each change notice. */
export async function followCatalog(
  api: ApiClient,
  onEvent: (e: CatalogEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let failures = 0
  while (!signal.aborted) {
    try {
      const res = await api.openStream('/api/catalog/events', { signal })
      setConnection('catalog', true)
      for await (const batch of frames(res, signal)) {
        for (const f of batch) {
          const parsed = CatalogEvent.safeParse(safeParse(f.data))
          if (!parsed.success) continue
          failures = 0
          onEvent(parsed.data)
        }
      }
    } catch (err) {
      // A refused token is not a lost connection: say so once and stop (no reconnect loop for a 401).
      if (err instanceof ApiRequestError && err.status === 401) {
        reportUnauthorized(Boolean(api.token))
        return
      }
      // anything else: fall through to reconnect
    }
    if (signal.aborted) return
    setConnection('catalog', false)
    await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], signal)
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
