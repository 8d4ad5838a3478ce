// A run's outbound HTTP, reported as events. While a run executes, the worker's `fetch` and `node:http`/`https`
// requests go through @mswjs/interceptors; each becomes `http-request`, then `http-response` or `http-error` (linked
// by id), with secret headers and query values redacted and bodies cut at NETWORK_BODY_BYTES. The request itself is
// made here with the `fetch` captured before interception: the interceptors have no event for a request that fails
// on the network, and this way failures and timings are seen exactly.

import { syncBuiltinESMExports } from 'node:module'
import { BatchInterceptor } from '@mswjs/interceptors'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { isSecretKey, REDACTED, type HttpBody, type NetworkEvent } from '../../src/runtime/index.ts'

/** Bytes of a request or response body kept in its event; the rest is cut (the tool still gets all of it). */
export const NETWORK_BODY_BYTES = 64 * 1024

/** Headers that carry credentials whatever their value looks like (beside any name `isSecretKey` recognises). */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-auth-token', 'x-csrf-token'])

/** True when a header's value must never reach an event. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase()
  return SECRET_HEADERS.has(lower) || isSecretKey(lower) || lower.includes('session')
}

/** Headers as a plain record, secret ones replaced by REDACTED. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    out[name] = isSecretHeader(name) ? REDACTED : value
  })
  return out
}

/** The URL with credentials in it and secret-looking query values replaced by REDACTED. */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  if (parsed.username) parsed.username = REDACTED
  if (parsed.password) parsed.password = REDACTED
  for (const key of new Set(parsed.searchParams.keys())) {
    if (isSecretKey(key) || key.toLowerCase() === 'key' || key.toLowerCase() === 'sig') parsed.searchParams.set(key, REDACTED)
  }
  return parsed.href
}

const TEXTUAL = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript|graphql|[\w.+-]*\+(json|xml)))/i

/** Reads at most `limit` bytes of a copy of the body (the rest is left to the tool); `complete` when it all fit. */
async function readBounded(message: Request | Response, limit: number): Promise<{ bytes: Uint8Array; complete: boolean }> {
  const reader = message.clone().body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.length
    if (size > limit) {
      void reader.cancel().catch(() => {})
      return { bytes: Buffer.concat(chunks).subarray(0, limit), complete: false }
    }
  }
  return { bytes: Buffer.concat(chunks), complete: true }
}

/**
 * A body for an event: text when its content type is textual (or absent and it decodes as UTF-8), else base64; at
 * most NETWORK_BODY_BYTES of it. An event stream is not read (it may never end): its event has no body.
 */
export async function bodyOf(message: Request | Response): Promise<HttpBody | undefined> {
  const type = message.headers.get('content-type') ?? ''
  if (!message.body || type.startsWith('text/event-stream')) return undefined
  const { bytes, complete } = await readBounded(message, NETWORK_BODY_BYTES)
  if (complete && bytes.length === 0) return undefined
  const declared = Number(message.headers.get('content-length'))
  const size = complete ? bytes.length : Number.isFinite(declared) && declared > bytes.length ? declared : bytes.length
  const truncated = complete ? {} : { truncated: true }
  if (TEXTUAL.test(type) || !type) {
    try {
      // A cut body may end inside a character: decode leniently then.
      return { text: new TextDecoder('utf-8', { fatal: !type && complete }).decode(bytes), bytes: size, ...truncated }
    } catch {
      // Not UTF-8 and no content type said it was text: binary.
    }
  }
  return { base64: Buffer.from(bytes).toString('base64'), bytes: size, ...truncated }
}

/** What a run's interception reports to (the run's `network()`). */
export type NetworkSink = (event: NetworkEvent) => void

const realFetch = globalThis.fetch
let requestCount = 0

/**
 * Intercepts the worker's HTTP until the returned function is called, reporting each exchange to `sink`. Meant to
 * cover exactly one run (a worker hosts one run at a time). Errors reach the tool as they would without interception.
 */
export function interceptNetwork(sink: NetworkSink): () => void {
  const interceptor = new BatchInterceptor({ name: 'toolscope-network', interceptors: [new ClientRequestInterceptor(), new FetchInterceptor()] })
  interceptor.on('request', async ({ request, controller }) => {
    const requestId = `http-${++requestCount}`
    const started = performance.now()
    sink({ type: 'http-request', requestId, method: request.method, url: redactUrl(request.url), headers: redactHeaders(request.headers), ...withBody(await bodyOf(request)) })
    let response: Response
    try {
      response = await realFetch(request)
    } catch (err) {
      const error = err as Error & { cause?: { message?: string } }
      sink({ type: 'http-error', requestId, message: error.cause?.message ? `${error.message}: ${error.cause.message}` : String(error.message ?? err), durationMs: performance.now() - started })
      return controller.errorWith(err)
    }
    const body = await bodyOf(response).catch(() => undefined)
    sink({
      type: 'http-response',
      requestId,
      statusCode: response.status,
      ...(response.statusText ? { statusText: response.statusText } : {}),
      headers: redactHeaders(response.headers),
      ...withBody(body),
      durationMs: performance.now() - started,
    })
    controller.respondWith(response)
  })
  interceptor.apply()
  // `import { request } from 'node:http'` binds the ESM export, which follows the patched module only once synced.
  syncBuiltinESMExports()
  return () => {
    interceptor.dispose()
    syncBuiltinESMExports()
  }
}

const withBody = (body: HttpBody | undefined) => (body ? { body } : {})
