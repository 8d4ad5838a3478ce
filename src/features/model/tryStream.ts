// Follows a conversation's event stream (GET /api/try/:id/events, SSE frames named "try" carrying a TryEvent) as a
// React Query streamed query whose data is the folded TryView, as runQuery does for runs. A lost connection is
// reconnected with Last-Event-ID (the server replays what was missed, and the fold ignores seqs it has); a refusal
// (404: the server no longer knows the conversation) ends it with that error.
import { experimental_streamedQuery as streamedQuery, queryOptions } from '@tanstack/react-query'
import { TryEvent } from '../../shared/protocol.ts'
import { ApiRequestError, type ApiClient } from '../../api/client.ts'
import { keys } from '../../api/queries.ts'
import type { SseFrame } from '../../api/sseParser.ts'
import { frames, pause, RETRY_MS } from '../../api/sse.ts'
import { foldTryEvents, initialTryView, type TryView } from './tryEvents.ts'

/** The TryEvents of a batch of frames (frames that fail the protocol are skipped: the fold shows what did parse). */
export function decodeTryFrames(batch: readonly SseFrame[]): TryEvent[] {
  const events: TryEvent[] = []
  for (const frame of batch) {
    if (frame.event !== 'try' && frame.event !== 'message') continue
    try {
      const parsed = TryEvent.safeParse(JSON.parse(frame.data))
      if (parsed.success) events.push(parsed.data)
    } catch {
      // not JSON: skipped
    }
  }
  return events
}

/** A conversation's events, one batch per network read, after `afterSeq`, until `finished`. */
export async function* streamTryEvents(
  api: ApiClient,
  tryId: string,
  signal?: AbortSignal,
  afterSeq = -1,
): AsyncGenerator<TryEvent[]> {
  let lastSeq = afterSeq
  let failures = 0
  const path = `/api/try/${encodeURIComponent(tryId)}/events`
  while (!signal?.aborted) {
    try {
      const res = await api.openStream(path, { signal, lastEventId: lastSeq >= 0 ? String(lastSeq) : undefined })
      for await (const batch of frames(res, signal)) {
        const events = decodeTryFrames(batch).filter((e) => e.seq > lastSeq)
        if (!events.length) continue
        lastSeq = events[events.length - 1].seq
        failures = 0
        yield events
        if (events.some((e) => e.type === 'finished')) return
      }
    } catch (err) {
      if (signal?.aborted) return
      if (err instanceof ApiRequestError && err.status < 500) throw err
    }
    if (signal?.aborted) return
    await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], signal)
  }
}

/** A conversation as a query: its folded view, growing as the stream brings events. */
export const tryQuery = (api: ApiClient, tryId: string) =>
  queryOptions({
    queryKey: keys.trySession(tryId),
    queryFn: streamedQuery<TryEvent[], TryView, ReturnType<typeof keys.trySession>>({
      streamFn: ({ signal, client, queryKey }) =>
        streamTryEvents(api, tryId, signal, client.getQueryData<TryView>(queryKey)?.lastSeq ?? -1),
      reducer: foldTryEvents,
      initialValue: initialTryView,
      refetchMode: 'append',
    }),
    staleTime: Infinity,
    // Coming back to a conversation that has not finished follows it again from the last event it holds.
    refetchOnMount: (query) =>
      query.state.fetchStatus !== 'fetching' && query.state.data != null && query.state.data.end === undefined
        ? 'always'
        : false,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
