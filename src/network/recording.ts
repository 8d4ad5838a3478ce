// Response bodies kept in a cassette, and given back on replay. Recording copies the body as it passes on to the tool
// (a stream reaches the tool chunk by chunk, as without Toolscope), up to the recording's byte limit, with the chunk
// sizes of streamed bodies; replay hands the tool a stream of the same bytes in the same chunks. A body not kept whole
// says why (BodyCut), and its replay fails clearly rather than handing the tool a shorter body as if it were whole.

import type { BodyCut, CassetteExchange, HttpBody } from '../shared/protocol.ts'
import { MAX_RECORDED_CHUNKS } from '../shared/protocol.ts'

/** What a cassette keeps of one response body. */
export interface RecordedBody {
  body?: HttpBody
  chunks?: number[]
  bodyCut?: BodyCut
}

/** Statuses whose response must not have a body (the Response constructor refuses one). */
export const NULL_BODY = new Set([101, 103, 204, 205, 304])

const TEXTUAL = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript|graphql|[\w.+-]*\+(json|xml)))/i

/** True for a body that arrives over time: an event stream, or one sent without a length (chunked). */
export function isStreamed(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').startsWith('text/event-stream') || !headers.has('content-length')
}

/** A cassette body: text when it is textual and valid UTF-8 (so it re-encodes to the same bytes), else base64. */
export function encodeBody(bytes: Uint8Array, contentType: string, size: number, truncated: boolean): HttpBody {
  const mark = truncated ? { truncated: true } : {}
  if (!contentType || TEXTUAL.test(contentType)) {
    try {
      // fatal and ignoreBOM: a replay must encode the text back to exactly these bytes.
      return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), bytes: size, ...mark }
    } catch {
      // Not UTF-8 (or cut inside a character): kept as base64.
    }
  }
  return { base64: Buffer.from(bytes).toString('base64'), bytes: size, ...mark }
}

/** The bytes a cassette body holds. */
export function bodyBytes(body: HttpBody | undefined): Uint8Array {
  if (body?.base64 !== undefined) return Buffer.from(body.base64, 'base64')
  return new TextEncoder().encode(body?.text ?? '')
}

/** A response body being recorded: `finish` ends the recording now (the run ended) with what passed so far. */
export interface BodyRecorder {
  response: Response
  finish(): void
}

/** How much of a body a recording keeps: `keepBytes` (what is left of the run's limit), `limitBytes` (that limit). */
export interface KeepLimit {
  keepBytes: number
  limitBytes: number
}

/**
 * Wraps `response` so its body goes on to the tool unchanged while a copy is kept: at most `keepBytes`, with chunk
 * sizes when the body is streamed. `done` is called once, when the body ends, fails, is cancelled, or `finish()` is
 * called (whichever comes first), with what the cassette keeps. The copy is taken as the body is read (by the tool or
 * the event preview): nothing is read ahead, so a stream the tool stops reading is not drained.
 */
export function recordBody(
  response: Response,
  { keepBytes, limitBytes }: KeepLimit,
  done: (recorded: RecordedBody) => void,
): BodyRecorder {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers }
  if (!response.body || NULL_BODY.has(response.status)) {
    done({})
    return { response, finish: () => {} }
  }
  const type = response.headers.get('content-type') ?? ''
  const streamed = isStreamed(response.headers)
  const reader = response.body.getReader()
  const kept: Uint8Array[] = []
  const chunks: number[] = []
  let keptBytes = 0
  let seen = 0
  let over = false
  let finished = false
  const settle = (end: 'complete' | 'unread' | 'error', error?: string) => {
    if (finished) return
    finished = true
    if (seen === 0 && end === 'complete') return done({})
    const cut: BodyCut | undefined = over
      ? { reason: 'limit', limitBytes, ...(end === 'complete' ? { originalBytes: seen } : {}) }
      : end === 'complete'
        ? undefined
        : { reason: end, ...(error !== undefined ? { error } : {}) }
    done({
      body: encodeBody(Buffer.concat(kept), type, seen, cut !== undefined),
      ...(streamed && chunks.length > 0 ? { chunks } : {}),
      ...(cut ? { bodyCut: cut } : {}),
    })
  }
  const keep = (value: Uint8Array) => {
    seen += value.length
    if (over) return
    const room = keepBytes - keptBytes
    const part = value.length > room ? value.subarray(0, room) : value
    if (value.length > room) over = true
    if (part.length === 0) return
    // A copy: the tool owns the chunk it is given and may transfer or reuse its buffer.
    kept.push(part.slice())
    keptBytes += part.length
    if (chunks.length < MAX_RECORDED_CHUNKS) chunks.push(part.length)
    else chunks[chunks.length - 1]! += part.length
  }
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let result: ReadableStreamReadResult<Uint8Array>
        try {
          result = await reader.read()
        } catch (err) {
          settle('error', describe(err))
          controller.error(err)
          return
        }
        if (result.done) {
          settle('complete')
          controller.close()
          return
        }
        keep(result.value)
        controller.enqueue(result.value)
      },
      cancel(reason) {
        settle('unread')
        return reader.cancel(reason)
      },
    },
    // Nothing read ahead: the copy holds what the tool (or the event preview) actually read.
    { highWaterMark: 0 },
  )
  return { response: new Response(body, init), finish: () => settle('unread') }
}

/**
 * The exchange cut to take at most `room` bytes of JSON (how runs.ts measures a recording): its response body is
 * shortened and marked cut at `limitBytes` (the run's recording limit) until it fits, or dropped. Unchanged when it fits.
 */
export function fitExchange(exchange: CassetteExchange, room: number, limitBytes: number): CassetteExchange {
  let size = JSON.stringify(exchange).length
  const r = exchange.response
  if (size <= room || !r?.body) return exchange
  const type = Object.entries(r.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  const original =
    r.bodyCut === undefined
      ? { originalBytes: r.body.bytes }
      : r.bodyCut.originalBytes !== undefined
        ? { originalBytes: r.bodyCut.originalBytes }
        : {}
  let bytes = bodyBytes(r.body)
  let out = exchange
  for (let attempt = 0; attempt < 4 && size > room && bytes.length > 0; attempt++) {
    const bodySize = JSON.stringify(out.response!.body).length
    const target = Math.floor((bytes.length * Math.max(0, room - (size - bodySize) - 256)) / Math.max(1, bodySize))
    bytes = bytes.subarray(0, Math.min(target, bytes.length - 1))
    const { chunks: _chunks, bodyCut: _cut, ...rest } = r
    out = {
      ...exchange,
      response: {
        ...rest,
        body: encodeBody(bytes, type, r.body.bytes, true),
        ...(r.chunks ? { chunks: trimChunks(r.chunks, bytes.length) } : {}),
        bodyCut: { reason: 'limit', limitBytes, ...original },
      },
    }
    size = JSON.stringify(out).length
  }
  return out
}

/** Chunk sizes covering only the first `length` bytes. */
function trimChunks(chunks: number[], length: number): number[] {
  const out: number[] = []
  let left = length
  for (const size of chunks) {
    if (left <= 0) break
    out.push(Math.min(size, left))
    left -= size
  }
  return out
}

/** An error as a network failure reports it: the message, and its cause's when there is one. */
function describe(err: unknown): string {
  const error = err as { message?: unknown; cause?: { message?: unknown } }
  const message = typeof error?.message === 'string' ? error.message : String(err)
  return typeof error?.cause?.message === 'string' ? `${message}: ${error.cause.message}` : message
}

/** Why a recorded response cannot be replayed at all (its body was cut at the limit), or undefined when it can. */
export function unreplayable(exchange: CassetteExchange, index: number): string | undefined {
  const r = exchange.response
  const cut = r?.bodyCut
  // A cassette of an older Toolscope marks a body cut at its 1 MiB limit with `truncated` alone.
  if (!r?.body || !(cut?.reason === 'limit' || (cut === undefined && r.body.truncated))) return undefined
  const kept = bodyBytes(r.body).length
  const original = cut ? cut.originalBytes : r.body.bytes > kept ? r.body.bytes : undefined
  const size = original !== undefined ? `the body was ${original} bytes` : `the body was longer`
  const limit =
    cut?.limitBytes !== undefined ? ` (the recording limit was ${cut.limitBytes} bytes: --run-limit-mb)` : ''
  return (
    `Exchange #${index} of the cassette (${exchange.request.method} ${exchange.request.url}) cannot be replayed: ` +
    `its response body was cut when recorded, ${size} and ${kept} were kept${limit}. Record it again with a larger limit.`
  )
}

/**
 * The response a recorded exchange holds (one unreplayable() accepted), its body a stream of the recorded chunks.
 * Past the end of a body cut by `error`, the stream fails as the network did; past one cut by `unread` it fails with
 * `pastCut`'s message (the recording does not know what came next), and `pastCut` is told.
 */
export function recordedResponse(
  exchange: CassetteExchange,
  index: number,
  pastCut: (message: string) => void,
): Response {
  const r = exchange.response!
  const bytes = bodyBytes(r.body)
  const headers = new Headers(r.headers)
  // The body is recorded decoded, as fetch gives it (which keeps the encoding header, as here); the transfer framing
  // is not replayed, and a length that does not describe the decoded body would mislead node:http.
  headers.delete('transfer-encoding')
  if (headers.has('content-encoding') || headers.get('content-length') !== String(bytes.length))
    headers.delete('content-length')
  const init = { status: r.status, ...(r.statusText ? { statusText: r.statusText } : {}), headers }
  if (NULL_BODY.has(r.status) || (!r.body && !r.bodyCut)) return new Response(null, init)
  const sizes = r.chunks && r.chunks.reduce((a, b) => a + b, 0) === bytes.length ? r.chunks : [bytes.length]
  let next = 0
  let at = 0
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        while (next < sizes.length && sizes[next] === 0) next++
        if (next < sizes.length) {
          const size = sizes[next++]!
          controller.enqueue(bytes.slice(at, at + size))
          at += size
          return
        }
        const cut = r.bodyCut
        if (cut?.reason === 'error')
          return controller.error(
            new TypeError('terminated', { cause: new Error(cut.error ?? 'the connection failed') }),
          )
        if (cut?.reason === 'unread') {
          const message =
            `Exchange #${index} of the cassette (${exchange.request.method} ${exchange.request.url}) was recorded while the tool read ` +
            `${bytes.length} bytes of its response body and then stopped: what came next is not in the cassette. Record it again.`
          pastCut(message)
          return controller.error(new TypeError('terminated', { cause: new Error(message) }))
        }
        controller.close()
      },
    },
    { highWaterMark: 0 },
  )
  return new Response(body, init)
}
