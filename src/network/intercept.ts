// A run's outbound HTTP, reported as events and answered as its network mode says. The thread's `fetch` and
// `node:http`/`https` go through @mswjs/interceptors, installed once per thread at its first use and routed to the run
// executing (a tool-host worker hosts one run at a time; an exported test routes its own); with no run routed,
// requests pass through untouched. Each request becomes `http-request`, then `http-response` or `http-error` (linked
// by id), with secret headers and query values redacted (the rules of src/runtime/secrets.ts) and bodies cut at
// NETWORK_BODY_BYTES. In `live` and `record` the request is made here with the `fetch` captured before interception
// (the interceptors have no event for a request that fails on the network, and this way failures and timings are seen
// exactly); in `replay` and `mock` no real traffic leaves (see plan.ts). Recording and
// replaying bodies (whole up to the run's limit, streams chunk by chunk) is recording.ts; fetch's answers fetchAnswer.ts.

import { syncBuiltinESMExports } from 'node:module'
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import {
  redactHeaders as redactHeaderRecord,
  redactUrl as redactUrlText,
  type HttpBody,
  type NetworkEvent,
} from '../runtime/index.ts'
import type { Cassette, CassetteExchange, Mocks, NetworkMode } from '../shared/protocol.ts'
import { mockAnswer, mockResponse, replay, type SeenRequest } from './plan.ts'
import {
  fitExchange,
  recordBody,
  recordedResponse,
  unreplayable,
  type BodyRecorder,
  type RecordedBody,
} from './recording.ts'
import { decodedResponse, expectRedirect, fetchAnswerSlot, REDIRECT_STATUSES, wrapFetch } from './fetchAnswer.ts'

/** Bytes of a request or response body kept in its event; the rest is cut (the tool still gets all of it). */
export const NETWORK_BODY_BYTES = 64 * 1024
/** Bytes of a request body kept for replay matching (requests are compared on this much, recorded and replayed alike). */
export const CASSETTE_BODY_BYTES = 1024 * 1024
/** Bytes a recording keeps at most by default (all exchanges of a run together): the default per-run limit, 50 MiB. */
export const RECORDING_BYTES = 50 * 1024 * 1024

/** More header and query parameter names to redact, beside the built-in ones (a project's `network.redact`). */
export interface RedactionList {
  headers?: string[]
  query?: string[]
}

const extra = { headers: new Set<string>(), query: new Set<string>() }

/** Adds names to redact in this thread from now on (case-insensitive); the built-in list stays. */
export function redactAlso(list: RedactionList): void {
  for (const name of list.headers ?? []) extra.headers.add(name.toLowerCase())
  for (const name of list.query ?? []) extra.query.add(name.toLowerCase())
}

/** Headers as a plain record, secret ones (the runtime's header rule, and this thread's extra names) redacted. */
export function redactHeaders(headers: Headers): Record<string, string> {
  return redactHeaderRecord(headers, extra.headers)
}

/** The URL with its credentials (user name and password) and secret query values (the runtime's rule, and extras) redacted. */
export function redactUrl(url: string): string {
  return redactUrlText(url, { username: true, query: extra.query })
}

const TEXTUAL = /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript|graphql|[\w.+-]*\+(json|xml)))/i

/** Reads at most `limit` bytes of a copy of the body (the rest is left to the tool); `complete` when it all fit. */
async function readBounded(
  message: Request | Response,
  limit: number,
): Promise<{ bytes: Uint8Array; complete: boolean }> {
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
export async function bodyOf(message: Request | Response, limit = NETWORK_BODY_BYTES): Promise<HttpBody | undefined> {
  const type = message.headers.get('content-type') ?? ''
  if (!message.body || type.startsWith('text/event-stream')) return undefined
  const { bytes, complete } = await readBounded(message, limit)
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

/** Where a run's replay and mock answers stand; a host that moves a run elsewhere carries it, so it goes on from there. */
export interface NetworkProgress {
  /** Requests made so far per replay key (see plan.ts). */
  used: Record<string, number>
  /** Answers given so far per mock rule. */
  hits: number[]
}

/** How one run's requests are handled. */
export interface NetworkRoute {
  mode: NetworkMode
  cassette?: Cassette
  mocks?: Mocks
  progress: NetworkProgress
  /** Every exchange event of the run. */
  sink: NetworkSink
  /**
   * `record`: each exchange once its response body has ended (or at the latest when the route stops), the run's
   * exchanges together at most `recordingBytes` of JSON: a body past that is cut and says so (`bodyCut`).
   */
  recorded?(exchange: CassetteExchange): void
  /** Most bytes of JSON the run's recorded exchanges take together (the per-run limit; default RECORDING_BYTES). */
  recordingBytes?: number
  /** `replay` and `mock`: the progress changed (an answer was given). */
  advanced?(progress: NetworkProgress): void
  /** Ends the run with an error (a request the cassette or the mocks cannot answer). */
  fail(message: string): void
}

const realFetch = globalThis.fetch
// A mock's delay keeps real time, also when the run's clock is fake (fakeClock.ts waits for requests in flight).
const realSetTimeout = globalThis.setTimeout
let requestCount = 0
let inFlight = 0

/** Requests of the routed run waiting for their answer (a fake clock does not fire timers meanwhile). */
export function requestsInFlight(): number {
  return inFlight
}
let route: NetworkRoute | undefined
let installed = false

/** A routed run's recording: JSON bytes used so far, and the bodies still being recorded (ended when the route stops). */
interface Recording {
  used: number
  pending: Set<BodyRecorder>
}
const recordings = new WeakMap<NetworkRoute, Recording>()

/** How a request came: `fetch` (follows redirects, decodes bodies: see fetchAnswer.ts) or `node:http` (does neither). */
type Via = 'fetch' | 'http'

/** Installs the interceptors once (the first run of the worker): later runs only change the route. */
function install(): void {
  if (installed) return
  installed = true
  const listen =
    (via: Via) =>
    async ({ request, controller }: { request: Request; controller: Controller }) => {
      const current = route
      if (!current) return // no run: the request goes out untouched, unseen
      inFlight++
      try {
        await handle(current, request, controller, via)
      } finally {
        inFlight--
      }
    }
  const http = new ClientRequestInterceptor()
  const fetchInterceptor = new FetchInterceptor()
  http.on('request', listen('http'))
  fetchInterceptor.on('request', listen('fetch'))
  http.apply()
  fetchInterceptor.apply()
  wrapFetch()
  // `import { request } from 'node:http'` binds the ESM export, which follows the patched module only once synced.
  syncBuiltinESMExports()
}

/**
 * Routes the worker's HTTP to `next` until the returned function is called. Meant to cover exactly one run (a worker
 * hosts one run at a time). Errors reach the tool as they would without interception.
 */
export function routeNetwork(next: NetworkRoute): () => void {
  install()
  route = next
  const recording: Recording = { used: 0, pending: new Set() }
  recordings.set(next, recording)
  return () => {
    if (route === next) route = undefined
    // Bodies the tool did not read to their end are recorded as far as it read them (said so: `bodyCut` unread).
    for (const body of [...recording.pending]) body.finish()
  }
}

type Controller = { respondWith(response: Response): void; errorWith(reason?: unknown): void }

async function handle(run: NetworkRoute, request: Request, controller: Controller, via: Via): Promise<void> {
  const requestId = `http-${++requestCount}`
  const started = performance.now()
  const keepWhole = run.mode === 'record' || run.mode === 'replay' || run.mode === 'mock'
  const body = keepWhole ? await bodyOf(request, CASSETTE_BODY_BYTES) : await bodyOf(request)
  const seen: SeenRequest = { method: request.method, url: redactUrl(request.url), ...withBody(body) }
  const headers = redactHeaders(request.headers)
  run.sink({
    type: 'http-request',
    requestId,
    method: seen.method,
    url: seen.url,
    headers,
    ...withBody(body && cut(body)),
  })
  const elapsed = () => performance.now() - started
  // A fetch call gets the response chosen here as it is, not the interceptor's copy (fetchAnswer.ts).
  const fetchAnswer = via === 'fetch' ? fetchAnswerSlot(request) : undefined
  // `shown`: the event's body when it is known without reading the response (a replay's comes from the cassette).
  const answer = async (
    response: Response,
    answeredBy?: { source: 'cassette' | 'mock'; index: number },
    shown?: HttpBody | null,
  ) => {
    const preview = shown !== undefined ? (shown ?? undefined) : await bodyOf(response).catch(() => undefined)
    run.sink({
      type: 'http-response',
      requestId,
      statusCode: response.status,
      ...(response.statusText ? { statusText: response.statusText } : {}),
      headers: redactHeaders(response.headers),
      ...withBody(preview),
      durationMs: elapsed(),
      ...(answeredBy ? { answeredBy } : {}),
    })
    // A redirect the interceptor follows (or hands over, or refuses) as the request's `redirect` says; any other
    // response reaches a fetch as it is. node:http gets the body as fetch decoded it, so without its encoding.
    if (!fetchAnswer || REDIRECT_STATUSES.has(response.status)) {
      if (fetchAnswer) expectRedirect(fetchAnswer, request, response)
      return controller.respondWith(decodedResponse(response, response.body))
    }
    fetchAnswer.response = response
    controller.respondWith(decodedResponse(response, null))
  }
  const refuse = (message: string, answeredBy?: { source: 'cassette' | 'mock'; index: number }) => {
    run.sink({ type: 'http-error', requestId, message, durationMs: elapsed(), ...(answeredBy ? { answeredBy } : {}) })
    controller.errorWith(new TypeError('fetch failed', { cause: new Error(message) }))
  }

  if (run.mode === 'replay') {
    const used = new Map(Object.entries(run.progress.used))
    const found = run.cassette
      ? replay(run.cassette, used, seen)
      : {
          miss: `No cassette for this run: ${seen.method} ${seen.url} cannot be answered. Record one with the network mode "record".`,
        }
    run.progress = { ...run.progress, used: Object.fromEntries(used) }
    run.advanced?.(run.progress)
    if ('miss' in found) {
      refuse(found.miss)
      return run.fail(found.miss)
    }
    const answeredBy = { source: 'cassette' as const, index: found.index }
    if (found.exchange.error !== undefined) return refuse(found.exchange.error, answeredBy)
    // A body cut at the recording limit is not handed over shortened: the request fails and so does the run.
    const problem = unreplayable(found.exchange, found.index)
    if (problem) {
      refuse(problem, answeredBy)
      return run.fail(problem)
    }
    const recorded = found.exchange.response!
    if (fetchAnswer && recorded.url) fetchAnswer.url = recorded.url
    const eventStream = Object.entries(recorded.headers).some(
      ([name, value]) => name.toLowerCase() === 'content-type' && value.startsWith('text/event-stream'),
    )
    const shown = recorded.body && !eventStream ? cut(recorded.body) : null
    return answer(
      recordedResponse(found.exchange, found.index, (message) => run.fail(message)),
      answeredBy,
      shown,
    )
  }
  if (run.mode === 'mock') {
    const hits = [...run.progress.hits]
    const found = run.mocks ? mockAnswer(run.mocks, hits, seen) : undefined
    run.progress = { ...run.progress, hits }
    if (found) {
      run.advanced?.(run.progress)
      if (found.rule.delayMs) await new Promise((resolve) => realSetTimeout(resolve, found.rule.delayMs))
      const answeredBy = { source: 'mock' as const, index: found.index }
      if (found.rule.error !== undefined) return refuse(found.rule.error, answeredBy)
      return answer(mockResponse(found.rule), answeredBy)
    }
    if (run.mocks?.unmatched !== 'passthrough') {
      const ruleCount = run.mocks?.rules.length ?? 0
      const message = `No mock rule matches ${seen.method} ${seen.url} (${ruleCount} rule${ruleCount === 1 ? '' : 's'}; unmatched requests fail). Add a rule, or set "unmatched": "passthrough".`
      refuse(message)
      return run.fail(message)
    }
  }

  const recorded = { method: seen.method, url: seen.url, headers, ...withBody(body) }
  let response: Response
  try {
    // node:http never follows a redirect (the tool gets the 3xx); fetch follows as its request says.
    response = await realFetch(via === 'http' ? new Request(request, { redirect: 'manual' }) : request)
  } catch (err) {
    const error = err as Error & { cause?: { message?: string } }
    const message = error.cause?.message ? `${error.message}: ${error.cause.message}` : String(error.message ?? err)
    run.sink({ type: 'http-error', requestId, message, durationMs: elapsed() })
    if (run.mode === 'record') keep(run, { request: recorded, error: message, durationMs: elapsed() })
    return controller.errorWith(err)
  }
  if (fetchAnswer && response.redirected) fetchAnswer.url = response.url
  if (run.mode === 'record') response = recordResponse(run, response, recorded, elapsed())
  await answer(response)
}

/**
 * Records `response` (network mode `record`): returns the response to give the tool, whose body is copied as the tool
 * reads it; the exchange is recorded when the body ends, or when the route stops (bodyCut `unread`).
 */
function recordResponse(
  run: NetworkRoute,
  response: Response,
  request: CassetteExchange['request'],
  durationMs: number,
): Response {
  const recording = recordings.get(run)!
  const limit = run.recordingBytes ?? RECORDING_BYTES
  const head: CassetteExchange = {
    request,
    response: {
      status: response.status,
      ...(response.statusText ? { statusText: response.statusText } : {}),
      headers: redactHeaders(response.headers),
      ...(response.redirected ? { url: redactUrl(response.url) } : {}),
    },
    durationMs,
  }
  const room = Math.max(0, limit - recording.used - JSON.stringify(head).length)
  // `done` may come at once (a response without a body), before recordBody() returns.
  const entry: { recorder?: BodyRecorder; ended?: boolean } = {}
  const done = (kept: RecordedBody) => {
    entry.ended = true
    if (entry.recorder) recording.pending.delete(entry.recorder)
    keep(run, { ...head, response: { ...head.response!, ...kept } })
  }
  const recorder = (entry.recorder = recordBody(response, { keepBytes: room, limitBytes: limit }, done))
  if (!entry.ended) recording.pending.add(recorder)
  return recorder.response
}

/** Hands a recorded exchange on, cut to what is left of the run's recording limit (see fitExchange). */
function keep(run: NetworkRoute, exchange: CassetteExchange): void {
  const recording = recordings.get(run)
  if (!recording) return
  const fitted = fitExchange(
    exchange,
    (run.recordingBytes ?? RECORDING_BYTES) - recording.used,
    run.recordingBytes ?? RECORDING_BYTES,
  )
  recording.used += JSON.stringify(fitted).length
  run.recorded?.(fitted)
}

/** A body as an event shows it: at most NETWORK_BODY_BYTES (a body read for a cassette may be longer). */
function cut(body: HttpBody): HttpBody {
  if (body.text !== undefined && body.text.length > NETWORK_BODY_BYTES)
    return { text: body.text.slice(0, NETWORK_BODY_BYTES), bytes: body.bytes, truncated: true }
  if (body.base64 !== undefined && body.base64.length > Math.ceil(NETWORK_BODY_BYTES / 3) * 4) {
    return { base64: body.base64.slice(0, Math.ceil(NETWORK_BODY_BYTES / 3) * 4), bytes: body.bytes, truncated: true }
  }
  return body
}

const withBody = (body: HttpBody | undefined) => (body ? { body } : {})
