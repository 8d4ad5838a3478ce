// Server-Sent Events over a web ReadableStream: frame formatting, a first comment so headers flush,
// keep-alive comments, and a clean close when either side stops.

/** One SSE frame. `data` is serialised as JSON on one line. */
export interface SseFrame {
  event?: string
  id?: string | number
  data: unknown
  /** `data` already serialised as one line of JSON (stored events): written as is. */
  json?: string
}

/** Formats a frame: `event:`, `id:`, `data:` lines separated by `\n`, ended by a blank line. */
export function formatSseFrame(frame: SseFrame): string {
  let out = ''
  if (frame.event) out += `event: ${frame.event}\n`
  if (frame.id !== undefined) out += `id: ${frame.id}\n`
  // JSON.stringify never emits raw newlines, so one data line is enough.
  out += `data: ${frame.json ?? JSON.stringify(frame.data)}\n\n`
  return out
}

/** Headers of every SSE answer. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
}

/** Handle given to the producer of a stream. */
export interface SseSink {
  send(frame: SseFrame): void
  close(): void
  readonly closed: boolean
}

/**
 * Builds an SSE Response. `start` gets a sink and returns a cleanup function, called once when the client goes away
 * or the producer closes the stream.
 */
export function sseResponse(start: (sink: SseSink) => (() => void) | void, keepAliveMs = 15_000): Response {
  const encoder = new TextEncoder()
  let cleanup: (() => void) | void
  let timer: ReturnType<typeof setInterval> | undefined
  let closed = false
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | undefined
  // Frames written in one tick go out as one chunk: a replay of 10,000 stored events is one enqueue, not 10,000.
  let pending = ''
  const flush = () => {
    if (!pending || !controllerRef) return
    const text = pending
    pending = ''
    try {
      controllerRef.enqueue(encoder.encode(text))
    } catch {
      if (!closed) finish()
    }
  }

  const finish = () => {
    if (closed) return
    closed = true
    flush()
    if (timer) clearInterval(timer)
    try {
      cleanup?.()
    } finally {
      try {
        controllerRef?.close()
      } catch {
        // already closed by the client
      }
    }
  }

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller
      const write = (text: string) => {
        if (closed) return
        if (!pending) queueMicrotask(flush)
        pending += text
      }
      write(': connected\n\n')
      timer = setInterval(() => write(': keep-alive\n\n'), keepAliveMs)
      timer.unref?.()
      const sink: SseSink = {
        send: (frame) => write(formatSseFrame(frame)),
        close: finish,
        get closed() {
          return closed
        },
      }
      cleanup = start(sink)
      if (closed) cleanup?.()
    },
    cancel() {
      finish()
    },
  })

  return new Response(stream, { headers: SSE_HEADERS })
}

/** Reads the replay cursor: `Last-Event-ID` header, or `lastEventId` query parameter (fetch readers that reconnect). */
export function lastEventIdOf(req: Request): number {
  const raw = req.headers.get('last-event-id') ?? new URL(req.url).searchParams.get('lastEventId')
  if (raw === null || raw.trim() === '') return -1
  const n = Number(raw)
  return Number.isInteger(n) && n >= -1 ? n : -1
}
