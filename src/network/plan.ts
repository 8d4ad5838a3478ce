// How a run's requests are answered without real traffic: from a cassette (replay) or by mock rules (mock). Pure
// functions over plain data, used by the worker's interception (intercept.ts) and tested on their own.
//
// The replay matching rule: a request matches a recorded exchange with the same method, the same URL (as recorded:
// secrets already redacted on both sides) and the same normalised body (JSON compared as data, key order ignored;
// other text as is); a `[REDACTED]` recorded where a secret was matches whatever is there now. Repeats are answered
// in recorded order: the nth request of a kind gets the nth recorded exchange of that kind, and once they are used
// up the last one answers again.

import type { Cassette, CassetteExchange, HttpBody, MockRule, Mocks } from '../shared/protocol.ts'
import { NULL_BODY } from './recording.ts'
import { REDACTED } from '../runtime/index.ts'

/** A request as the matching sees it (URL and headers already redacted). */
export interface SeenRequest {
  method: string
  url: string
  body?: HttpBody
}

/** A body's text for matching: JSON with sorted keys when it parses, the text (or base64) otherwise, '' for none. */
export function normaliseBody(body: HttpBody | undefined): string {
  if (!body) return ''
  if (body.base64 !== undefined) return `base64:${body.base64}`
  const text = body.text ?? ''
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)))
  } catch {
    return text
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  )
}

/** The identity of a request under the replay rule. */
export function requestKey(request: SeenRequest): string {
  return `${request.method.toUpperCase()} ${request.url}\n${normaliseBody(request.body)}`
}

/** `[REDACTED]` as a recorded URL may hold it (percent-encoded in a query value). */
const REDACTED_IN_URL = encodeURIComponent(REDACTED)

/**
 * True when a recorded request key matches a request's. Cassettes are redacted before they are written
 * (src/shared/redact.ts): a `[REDACTED]` in a recorded key stood for a secret, so it matches any text there. Matched
 * without a regular expression: the literal pieces are found left to right, each at its first place (always right for
 * wildcard-only patterns), so the work stays linear in the key's length.
 */
export function recordedKeyMatches(recorded: string, key: string): boolean {
  if (recorded === key) return true
  // Most recorded keys hold no placeholder: one search, and replay's scan over a cassette stays as cheap as before.
  if (!recorded.includes('REDACTED')) return false
  const pieces = recorded.split(REDACTED_IN_URL).join(REDACTED).split(REDACTED)
  if (pieces.length === 1) return false
  const first = pieces[0]!
  const last = pieces[pieces.length - 1]!
  if (first.length + last.length > key.length || !key.startsWith(first) || !key.endsWith(last)) return false
  const end = key.length - last.length
  let at = first.length
  for (const piece of pieces.slice(1, -1)) {
    const found = key.indexOf(piece, at)
    if (found < 0 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}

/** What replay found for a request: the exchange to answer with (and its index), or a miss with the closest one. */
export type ReplayAnswer = { index: number; exchange: CassetteExchange } | { miss: string }

/**
 * Answers `request` from `cassette`. `used` counts, per request key, how many requests of that kind the run already
 * made (updated here).
 */
export function replay(cassette: Cassette, used: Map<string, number>, request: SeenRequest): ReplayAnswer {
  const key = requestKey(request)
  const candidates: number[] = []
  cassette.exchanges.forEach((e, i) => {
    if (recordedKeyMatches(requestKey(e.request), key)) candidates.push(i)
  })
  if (candidates.length === 0) return { miss: missMessage(cassette, request) }
  const nth = used.get(key) ?? 0
  used.set(key, nth + 1)
  const index = candidates[Math.min(nth, candidates.length - 1)]
  return { index, exchange: cassette.exchanges[index] }
}

/** "No recorded response for … ; closest recorded: … (differs in …)". */
function missMessage(cassette: Cassette, request: SeenRequest): string {
  const what = `${request.method.toUpperCase()} ${request.url}`
  if (cassette.exchanges.length === 0)
    return `No recorded response for ${what}: the cassette has no exchanges. Record one with the network mode "record".`
  let best = cassette.exchanges[0]
  let bestScore = -Infinity
  for (const e of cassette.exchanges) {
    const score = similarity(request, e.request)
    if (score > bestScore) [best, bestScore] = [e, score]
  }
  const differs = differences(request, best.request)
  return `No recorded response for ${what}. Closest recorded: ${best.request.method.toUpperCase()} ${best.request.url} (differs in ${differs.join(', ')}). Record again with the network mode "record" if the tool's requests changed.`
}

/** Higher is closer: the same method counts most, then the shared URL prefix, then an equal body. */
function similarity(a: SeenRequest, b: SeenRequest): number {
  let prefix = 0
  while (prefix < a.url.length && prefix < b.url.length && a.url[prefix] === b.url[prefix]) prefix++
  const sameMethod = a.method.toUpperCase() === b.method.toUpperCase() ? 10_000 : 0
  const sameBody = normaliseBody(a.body) === normaliseBody(b.body) ? 1 : 0
  return sameMethod + prefix * 2 - Math.abs(a.url.length - b.url.length) / 1000 + sameBody
}

/** The parts that differ between a request and a recorded one: method, path, query parameters by name, body. */
function differences(a: SeenRequest, b: SeenRequest): string[] {
  const out: string[] = []
  if (a.method.toUpperCase() !== b.method.toUpperCase()) out.push('method')
  let ua: URL | undefined
  let ub: URL | undefined
  try {
    ua = new URL(a.url)
    ub = new URL(b.url)
  } catch {
    if (a.url !== b.url) out.push('URL')
  }
  if (ua && ub) {
    if (ua.origin !== ub.origin) out.push('origin')
    if (ua.pathname !== ub.pathname) out.push('path')
    const names = new Set([...ua.searchParams.keys(), ...ub.searchParams.keys()])
    for (const name of names)
      if (ua.searchParams.getAll(name).join('&') !== ub.searchParams.getAll(name).join('&')) out.push(`query ${name}`)
  }
  if (normaliseBody(a.body) !== normaliseBody(b.body)) out.push('body')
  return out.length > 0 ? out : ['nothing visible: the recorded answers of this request are used up']
}

/**
 * A URL pattern of a mock rule: `*` matches any run of characters; everything else literally. Matched without a
 * regular expression, which could backtrack for a very long time (`a*a*…a*b` against a long URL): the literal pieces
 * between the stars are found left to right, each at its first place after the previous one (the first piece at the
 * start, the last at the end). Taking the first place is never wrong for `*`-only patterns, so the work is a handful
 * of `indexOf` calls, bounded by the URL's length times the pattern's (both capped: MOCK_URL_MAX_CHARS).
 */
export function urlMatches(pattern: string, url: string): boolean {
  const pieces = pattern.split('*')
  if (pieces.length === 1) return pattern === url
  const first = pieces[0]!
  const last = pieces[pieces.length - 1]!
  if (first.length + last.length > url.length || !url.startsWith(first) || !url.endsWith(last)) return false
  const end = url.length - last.length
  let at = first.length
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue
    const found = url.indexOf(piece, at)
    if (found < 0 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}

/** True when `actual` holds everything in `expected` (objects by key, arrays item by item, the rest equal). */
function contains(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => contains(actual[i], e))
    )
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false
  return Object.entries(expected).every(([k, v]) => contains((actual as Record<string, unknown>)[k], v))
}

function bodyMatches(expected: unknown, body: HttpBody | undefined): boolean {
  if (expected === undefined) return true
  const text = body?.text ?? ''
  if (typeof expected === 'string') return text === expected
  try {
    return contains(JSON.parse(text), expected)
  } catch {
    return false
  }
}

/** True when the rule applies to the request (its `times`, if any, not checked here). */
export function ruleMatches(rule: MockRule, request: SeenRequest): boolean {
  if (rule.method && rule.method.toUpperCase() !== request.method.toUpperCase()) return false
  return urlMatches(rule.url, request.url) && bodyMatches(rule.body, request.body)
}

/** The first rule that matches and has answers left (`hits` counts answers per rule, updated here), or undefined. */
export function mockAnswer(
  mocks: Mocks,
  hits: number[],
  request: SeenRequest,
): { index: number; rule: MockRule } | undefined {
  for (const [index, rule] of mocks.rules.entries()) {
    if (rule.times !== undefined && (hits[index] ?? 0) >= rule.times) continue
    if (!ruleMatches(rule, request)) continue
    hits[index] = (hits[index] ?? 0) + 1
    return { index, rule }
  }
  return undefined
}

/** The response a mock rule describes (its JSON body serialised, a content type set when none was given). */
export function mockResponse(rule: MockRule): Response {
  const r = rule.response!
  const headers = new Headers(r.headers)
  let body: string | null = null
  if (r.json !== undefined) {
    body = JSON.stringify(r.json)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  } else if (r.text !== undefined) {
    body = r.text
    if (!headers.has('content-type')) headers.set('content-type', 'text/plain; charset=utf-8')
  }
  return new Response(NULL_BODY.has(r.status) ? null : body, { status: r.status, headers })
}
