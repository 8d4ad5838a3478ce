// Reads and validates JSON request bodies: a 1 MiB cap (the rest is drained so the socket stays usable),
// 400 with a readable reason for non-JSON bodies, 400 with the schema issues for bodies that fail the protocol.

import type { Context } from 'hono'
import type { z } from 'zod'
import { apiError } from './apiError.ts'

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 1024 * 1024
/** Beyond this we stop draining an oversized body and close the connection instead. */
const MAX_DRAIN_BYTES = 32 * 1024 * 1024

export type BodyResult<T> = { ok: true; data: T } | { ok: false; response: Response }

function tooLarge(c: Context, closeConnection: boolean): Response {
  return apiError(c, 'too-large', `Request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`, {}, closeConnection ? { Connection: 'close' } : {})
}

/** Reads the raw body as text, enforcing the cap. */
export async function readCappedText(c: Context): Promise<{ text: string } | { response: Response }> {
  const declared = Number(c.req.header('content-length') ?? NaN)
  const stream = c.req.raw.body
  if (!stream) return { text: '' }
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  let over = declared > MAX_BODY_BYTES
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) over = true
    if (over) {
      // Drain (not keep) the rest: answering before the body is read leaves a half-read socket in the client's pool.
      if (size > MAX_DRAIN_BYTES) {
        await reader.cancel().catch(() => {})
        return { response: tooLarge(c, true) }
      }
      continue
    }
    chunks.push(value)
  }
  if (over) return { response: tooLarge(c, false) }
  return { text: Buffer.concat(chunks).toString('utf8') }
}

/** Reads a JSON body and validates it. `emptyAs` is used when the body is empty (optional bodies). */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, emptyAs?: unknown): Promise<BodyResult<z.infer<S>>> {
  const read = await readCappedText(c)
  if ('response' in read) return { ok: false, response: read.response }
  let value: unknown
  if (read.text.trim() === '') {
    if (emptyAs === undefined) return { ok: false, response: apiError(c, 'invalid-body', 'Request body is empty: send a JSON object.') }
    value = emptyAs
  } else {
    try {
      value = JSON.parse(read.text)
    } catch (err) {
      return { ok: false, response: apiError(c, 'invalid-body', `Request body is not valid JSON: ${(err as Error).message}`) }
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message }))
    const summary = issues.map((i) => `${i.path.length ? i.path.join('.') : '(body)'}: ${i.message}`).join('; ')
    return { ok: false, response: apiError(c, 'invalid-body', `Request body does not match the API: ${summary}`, { issues }) }
  }
  return { ok: true, data: parsed.data }
}
