// Fetch-based SSE readers for run events and catalog events. They reconnect after a lost connection,
// sending Last-Event-ID so the server replays what was missed, and report connection state to a listener
// (the offline banner). Every frame is parsed with the protocol schemas.

import { CatalogEvent, RunEvent } from '../shared/protocol.ts'
import { ApiRequestError, type ApiClient } from './client.ts'
import { createSseParser } from './sseParser.ts'
import { setConnection } from './connection.ts'

const RETRY_MS = [250, 500, 1000, 2000, 4000]

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => { clearTimeout(t); resolve() }, { once: true })
  })
}

async function* frames(res: Response, signal?: AbortSignal) {
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
 * Streams a run's events in batches (one batch per network read), from the first event, until
 * `run-finished`. The server streams finished runs from its history store too, so a 404 means the run is unknown
 * (a race right after a restart): it is retried only while `GET /api/runs/:id` knows the run.
 */
export async function* streamRunEvents(api: ApiClient, runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent[]> {
  try {
    yield* follow(api, runId, signal)
  } finally {
    setConnection('run', true) // not trying any more: never leave the offline banner up
  }
}

async function* follow(api: ApiClient, runId: string, signal?: AbortSignal): AsyncGenerator<RunEvent[]> {
  let lastSeq = -1
  let attempt = 0
  const path = `/api/runs/${encodeURIComponent(runId)}/events`
  while (!signal?.aborted) {
    try {
      const res = await api.openStream(path, { signal, lastEventId: lastSeq >= 0 ? String(lastSeq) : undefined })
      setConnection('run', true)
      attempt = 0
      for await (const batch of frames(res, signal)) {
        const events = batch.flatMap((f) => (f.data ? [RunEvent.parse(JSON.parse(f.data))] : [])).filter((e) => e.seq > lastSeq)
        if (events.length === 0) continue
        lastSeq = events[events.length - 1].seq
        yield events
        if (events.some((e) => e.type === 'run-finished')) return
      }
    } catch (err) {
      if (signal?.aborted) return
      if (err instanceof ApiRequestError && err.status === 404) {
        // Throws its own 404 when the run is really unknown; otherwise reconnect below.
        await api.run(runId, signal)
      } else if (err instanceof ApiRequestError && err.status < 500) throw err
    }
    if (signal?.aborted) return
    setConnection('run', false)
    await pause(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)], signal)
  }
}

/** Follows `/api/catalog/events` for the life of the page, calling `onEvent` for each change notice. */
export async function followCatalog(api: ApiClient, onEvent: (e: CatalogEvent) => void, signal: AbortSignal): Promise<void> {
  let attempt = 0
  while (!signal.aborted) {
    try {
      const res = await api.openStream('/api/catalog/events', { signal })
      setConnection('catalog', true)
      attempt = 0
      for await (const batch of frames(res, signal)) {
        for (const f of batch) {
          const parsed = CatalogEvent.safeParse(safeParse(f.data))
          if (parsed.success) onEvent(parsed.data)
        }
      }
    } catch {
      // fall through to reconnect
    }
    if (signal.aborted) return
    setConnection('catalog', false)
    await pause(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)], signal)
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
