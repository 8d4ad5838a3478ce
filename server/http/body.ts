// Reads and validates JSON request bodies: a 1 MiB cap (an oversize up to MAX_DRAIN_BYTES past the cap is drained so
// the client reads the 413 and the socket stays usable; past that the 413 goes out at once and the connection closes
// once the rest is dropped; a larger declared one is refused without reading), a nesting-depth limit checked before
// parsing, 400 with a readable reason for non-JSON bodies, 400 with the schema issues for bodies that fail the protocol.

import type { Context, MiddlewareHandler } from 'hono'
import type { z } from 'zod'
import type { ApiError } from '../../src/shared/protocol.ts'
import { apiError, HTTP_STATUS } from './apiError.ts'
import { MAX_JSON_DEPTH, parseJsonBounded } from './jsonDepth.ts'

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024
/** The cap of `POST /api/runs/import`: a run file holds a whole run, up to the per-run limit (50 MiB) plus its cassette. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024
/** How far past its cap an oversized body is drained before its 413; beyond that the 413 goes out at once. */
const MAX_DRAIN_BYTES = 32 * 1024 * 1024
const drainLimitOf = (cap: number) => cap + MAX_DRAIN_BYTES

/** The body cap of a request path: the run import's, else MAX_BODY_BYTES. */
export function bodyCapOf(path: string): number {
  return path === '/api/runs/import' ? MAX_IMPORT_BYTES : MAX_BODY_BYTES
}

const shownBytes = (bytes: number) => `${bytes} bytes (${bytes / (1024 * 1024)} MiB)`

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response }

const tooLargeMessage = (cap: number) => `Request body is larger than ${shownBytes(cap)}.`

function tooLarge(c: Context, closeConnection: boolean, cap: number): Response {
  return apiError(c, 'too-large', tooLargeMessage(cap), {}, closeConnection ? { Connection: 'close' } : {})
}

/** How long, and how many more bytes, the rest of a body past the drain limit is read and discarded after its 413. */
const LINGER_MS = 5_000
const LINGER_BYTES = 64 * 1024 * 1024

/** Reads and drops what is left of a body, for at most `maxBytes` and `maxMs`; then stops reading it. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  maxMs: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<'time-up'>((resolve) => {
    timer = setTimeout(() => resolve('time-up'), maxMs)
    timer.unref?.()
  })
  let read = 0
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired])
      if (next === 'time-up' || next.done) break
      read += next.value.byteLength
      if (read > maxBytes) break
    }
  } catch {
    // the client went away
  } finally {
    clearTimeout(timer)
  }
  await reader.cancel().catch(() => {})
}

/**
 * The 413 of a body past the drain limit, sent at once with `Connection: close`: the connection is closed only once the
 * rest of the body is read and dropped (within LINGER_MS and LINGER_BYTES). Closing it on unread data makes the kernel
 * send a reset, which can reach the client before it has read the 413 (it then sees EPIPE or ECONNRESET instead).
 */
function tooLargeWhileDiscarding(c: Context, cap: number, reader: ReadableStreamDefaultReader<Uint8Array>): Response {
  const answer = new TextEncoder().encode(
    JSON.stringify({ error: tooLargeMessage(cap), code: 'too-large' } satisfies ApiError),
  )
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(answer)
      // The answer's length is declared, so the client has it whole while the response stays open.
      void discardRest(reader, LINGER_BYTES, LINGER_MS).finally(() => {
        try {
          controller.close()
        } catch {
          // the client closed first
        }
      })
    },
  })
  return c.body(body, HTTP_STATUS['too-large'], {
    'Content-Type': 'application/json',
    'Content-Length': String(answer.byteLength),
    Connection: 'close',
  })
}

/**
 * Refuses a request whose declared Content-Length is past the drain limit at once, without reading the body (which
 * may be gigabytes or never come); `Connection: close` ends the socket so no half-read request lingers in a pool.
 * A smaller oversize is drained by readCappedText: answering while the client still uploads closes the socket on
 * unread data, and the reset it sends can reach the client before the 413 does (fetch then sees ECONNRESET).
 */
export function declaredSizeGuard(): MiddlewareHandler {
  return async (c, next) => {
    const cap = bodyCapOf(c.req.path)
    if (Number(c.req.header('content-length') ?? 0) > drainLimitOf(cap)) return tooLarge(c, true, cap)
    await next()
  }
}

/** Reads the raw body as text, enforcing the cap of its path (bodyCapOf). */
export async function readCappedText(c: Context): Promise<{ text: string } | { response: Response }> {
  const cap = bodyCapOf(c.req.path)
  const declared = Number(c.req.header('content-length') ?? NaN)
  const stream = c.req.raw.body
  if (!stream) return { text: '' }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let over = declared > cap
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > cap) over = true
    if (over) {
      // Drain (not keep) the rest: answering before the body is read leaves a half-read socket in the client's pool.
      if (size > drainLimitOf(cap)) return { response: tooLargeWhileDiscarding(c, cap, reader) }
      continue
    }
    chunks.push(value)
  }
  if (over) return { response: tooLarge(c, false, cap) }
  return { text: Buffer.concat(chunks).toString('utf8') }
}

/** Reads a JSON body and validates it. `emptyAs` is used when the body is empty (optional bodies). */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  emptyAs?: unknown,
): Promise<BodyResult<z.infer<S>>> {
  const read = await readCappedText(c)
  if ('response' in read) return { ok: false, response: read.response }
  let value: unknown
  if (read.text.trim() === '') {
    if (emptyAs === undefined)
      return { ok: false, response: apiError(c, 'invalid-body', 'Request body is empty: send a JSON object.') }
    value = emptyAs
  } else {
    const parsed = parseJsonBounded(read.text, MAX_JSON_DEPTH, { refuseProtoKeys: true })
    if (!parsed.ok) {
      const error = `Request body ${parsed.reason === 'syntax' ? 'is not valid JSON' : 'is refused'}: ${parsed.message}`
      return { ok: false, response: apiError(c, 'invalid-body', error) }
    }
    value = parsed.value
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) return { ok: false, response: invalidBody(c, parsed.error.issues) }
  return { ok: true, data: parsed.data }
}

/** The 400 answer of a body that fails its schema: every issue by path, and a readable summary of them. */
export function invalidBody(c: Context, zodIssues: readonly z.core.$ZodIssue[]): Response {
  const issues = zodIssues.map((i) => ({
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: i.message,
  }))
  const summary = issues.map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('; ')
  return apiError(c, 'invalid-body', `Request body does not match the API: ${summary}`, { issues })
}
