// The Response a tool's `fetch` gets under interception is the one the handler chose, as it is: the fetch interceptor
// would build its own (with the request's URL, so never `redirected`, and decompressing again a body `fetch` already
// decoded). So the fetch it installed is wrapped once more: the wrapper makes the Request itself and keeps a slot for
// it, the handler finds the slot through the interceptor's link to that Request (getRawRequest) and leaves its
// response there (and, for a recorded or replayed redirect, the final URL), and the wrapper returns that response,
// marked redirected as undici would mark it. (Not an AsyncLocalStorage: on Node 20 one slows every promise of the thread.)

import { getRawRequest } from '@mswjs/interceptors'

/** What the request handler leaves for the fetch call it answers. */
export interface FetchAnswer {
  /** The response the tool gets (instead of the interceptor's copy). */
  response?: Response
  /** The URL that answered after redirects, when `response` does not say so itself (a recorded or replayed one). */
  url?: string
  /** 1 for the tool's call; one more for each redirect the interceptor follows by calling fetch again. */
  depth: number
}

/** Redirects one fetch follows at most, as undici (the interceptor itself would follow a mocked loop forever). */
const MAX_REDIRECTS = 20

const slots = new WeakMap<Request, FetchAnswer>()
/** Redirects the interceptor is about to follow: the URL it will fetch, and the depth that fetch will have. */
const hops = new Map<string, number>()
const MAX_PENDING_HOPS = 1_000

/** The slot of the fetch call `request` (as the interceptor gives it) belongs to, or undefined (a `node:http` request). */
export function fetchAnswerSlot(request: Request): FetchAnswer | undefined {
  const raw = getRawRequest(request)
  return raw instanceof Request ? slots.get(raw) : undefined
}

/**
 * Notes that the interceptor will follow `response` (a redirect) for the fetch of `slot`: its next fetch, of the
 * redirect's location, counts one redirect more.
 */
export function expectRedirect(slot: FetchAnswer, request: Request, response: Response): void {
  const location = response.headers.get('location')
  if (request.redirect !== 'follow' || location === null || !URL.canParse(location, request.url)) return
  if (hops.size >= MAX_PENDING_HOPS) hops.clear()
  hops.set(new URL(location, request.url).href, slot.depth + 1)
}

/** Statuses the fetch interceptor follows itself (or refuses, or hands over, as the request's `redirect` says). */
export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** Wraps the thread's (intercepted) fetch so that it returns the response its handler chose. Once per thread. */
export function wrapFetch(): void {
  const intercepted = globalThis.fetch
  const fetch: typeof globalThis.fetch = async (input, init) => {
    // What fetch itself does first; an input it refuses is refused the same way (a rejected promise).
    const request = new Request(input, init)
    const depth = hops.get(request.url)
    if (depth !== undefined) hops.delete(request.url)
    const slot: FetchAnswer = { depth: depth ?? 1 }
    if (slot.depth > MAX_REDIRECTS + 1)
      throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') })
    slots.set(request, slot)
    const response = await intercepted(request)
    const chosen = slot.response ?? response
    // A response made here (recorded, replayed, mocked) answers for the request's URL, as the interceptor's says.
    if (chosen !== response && chosen.url === '') addUrl(chosen, response.url)
    if (slot.url !== undefined && !chosen.redirected) addUrl(chosen, slot.url)
    return chosen
  }
  Object.defineProperty(globalThis, 'fetch', { value: fetch, writable: true, enumerable: true, configurable: true })
}

/**
 * What the interceptor is given for a response whose body the tool gets another way (through the slot, or decoded
 * over node:http): the status and headers with no body encoding (fetch decoded the body already; the interceptor would
 * decode it again), and `body` (none for the slot).
 */
export function decodedResponse(response: Response, body: ReadableStream<Uint8Array> | null): Response {
  const headers = new Headers(response.headers)
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding')
    headers.delete('content-length')
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}

/**
 * Adds `url` to the URLs `response` went through, as undici does when it follows a redirect: undici derives `url` (the
 * last) and `redirected` (more than one) from the response's URL list, so the URL is added there when the list can be
 * reached; else both are set as own properties.
 */
function addUrl(response: Response, url: string): void {
  if (!URL.canParse(url)) return
  const state = Object.getOwnPropertySymbols(response).find((symbol) => symbol.description === 'state')
  const urlList = state
    ? (response as unknown as Record<symbol, { urlList?: unknown } | undefined>)[state]?.urlList
    : undefined
  if (Array.isArray(urlList)) {
    urlList.push(new URL(url))
    return
  }
  const redirected = response.url !== ''
  Object.defineProperty(response, 'url', { value: url, enumerable: true, configurable: true })
  if (redirected) Object.defineProperty(response, 'redirected', { value: true, enumerable: true, configurable: true })
}
