// The one redaction pass for every file users publish or commit: demo sites, cassettes (named ones and the recordings
// kept in the data folder), run exports, scenarios saved from runs and tests exported from runs. It redacts by key
// anywhere (the rules of src/runtime/secrets.ts: secret keys, and the header and query rules inside `headers` and URLs)
// and by value: every secret of the run (values found under secret keys, in the request or anywhere in the data)
// wherever it appears.

import {
  isSecretEntry,
  isSecretKey,
  isSecretQueryName,
  maskSecrets,
  MIN_SECRET_LENGTH,
  REDACTED,
  redactUrl,
} from '../runtime/index.ts'
import type { Cassette, RunEvent, RunRecord, Scenario } from './protocol.ts'

/** Texts longer than this are not parsed as JSON to be walked (only scrubbed by value): a bound on one string's cost. */
const MAX_JSON_TEXT = 16 * 1024 * 1024
/** Deeper than this the walk stops: a subtree past it is replaced whole (stored data is far shallower: 256 at most). */
const MAX_DEPTH = 300
/** `"key": "value"` pairs in text that is not valid JSON (an editor's half-typed input), bounded so a scan stays linear. */
const LOOSE_PAIR = /"((?:[^"\\\n]|\\.){1,200})"\s*:\s*"((?:[^"\\\n]|\\.){0,10000})"/g

/** `{ "$env": "NAME" }` (a scenario's reference to a secret): it names a variable and holds no secret, so it stays. */
function isEnvRef(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === '$env' && typeof (value as { $env: unknown }).$env === 'string'
}

const NOT_JSON = Symbol('not JSON')

/** True when JSON text nests deeper than `limit` (brackets inside strings ignored): one linear scan, no recursion. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') {
      if (++depth > limit) return true
    } else if (c === '}' || c === ']') depth--
  }
  return false
}

/**
 * The parsed value of a string that looks like a JSON object or array, or NOT_JSON. Text nested too deep to walk is
 * not parsed (it is scrubbed by value as text): walking or writing it back could overflow the stack.
 */
function parseJsonText(text: string): unknown {
  if (text.length > MAX_JSON_TEXT) return NOT_JSON
  const start = text.trimStart()[0]
  if (start !== '{' && start !== '[') return NOT_JSON
  if (nestsDeeperThan(text, MAX_DEPTH / 2)) return NOT_JSON
  try {
    return JSON.parse(text)
  } catch {
    return NOT_JSON
  }
}

function addSecret(found: Set<string>, value: string): void {
  if (value.length >= MIN_SECRET_LENGTH && value !== REDACTED) found.add(value)
}

/** How values are taken: `request` takes every string, `data` only single tokens (see collectSecrets). */
type Harvest = 'request' | 'data'

/**
 * Every string (and number) under a secret key. In `data` mode only strings without whitespace count as secrets:
 * what a run produced under a secret key may be a message about it (`apiKey: { _errors: ['Invalid input: …'] }`), and
 * replacing such a sentence everywhere would blank unrelated errors. A header credential with a scheme
 * (`Bearer sk-…`) gives its token.
 */
function collectUnder(value: unknown, found: Set<string>, depth: number, mode: Harvest, header: boolean): void {
  if (depth > MAX_DEPTH || isEnvRef(value)) return
  if (typeof value === 'string') {
    if (mode === 'request' || !/\s/.test(value)) addSecret(found, value)
    const scheme = header ? /^[A-Za-z][\w.-]*\s+(\S+)$/.exec(value) : null
    if (scheme) addSecret(found, scheme[1]!)
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    addSecret(found, String(value))
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) collectUnder(v, found, depth + 1, mode, header)
  }
}

/** Secret query values of a URL (`?api_key=…`). */
function collectFromUrl(text: string, found: Set<string>): void {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return
  }
  for (const [key, value] of url.searchParams) if (isSecretQueryName(key)) addSecret(found, value)
  if (url.password) addSecret(found, decodeURIComponent(url.password))
}

function collectFrom(
  value: unknown,
  parentKey: string | undefined,
  found: Set<string>,
  depth: number,
  mode: Harvest,
): void {
  if (depth > MAX_DEPTH) return
  if (typeof value === 'string') {
    const parsed = parseJsonText(value)
    if (parsed !== NOT_JSON) return collectFrom(parsed, parentKey, found, depth + 1, mode)
    if (parentKey === 'url') return collectFromUrl(value, found)
    if (value.includes('":'))
      for (const [, key, v] of value.matchAll(LOOSE_PAIR))
        if (isSecretKey(key!)) collectUnder(v, found, depth + 1, mode, false)
    return
  }
  if (value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) collectFrom(item, parentKey, found, depth + 1, mode)
    return
  }
  for (const [key, v] of Object.entries(value)) {
    if (isSecretEntry(parentKey, key)) collectUnder(v, found, depth + 1, mode, parentKey === 'headers')
    else collectFrom(v, key, found, depth + 1, mode)
  }
}

function harvest(sources: unknown[], mode: Harvest): string[] {
  const found = new Set<string>()
  for (const source of sources) collectFrom(source, undefined, found, 0, mode)
  return [...found].sort((a, b) => b.length - a.length)
}

/**
 * The secrets found in data (events, cassettes, files): every single-token string under a secret key at any depth
 * (inside JSON text too, such as a body, and in text that is not quite JSON), header credentials and secret URL query
 * values. Values shorter than MIN_SECRET_LENGTH are left out. Longest first, so a secret that contains another is
 * replaced whole.
 */
export function collectSecrets(...sources: unknown[]): string[] {
  return harvest(sources, 'data')
}

/** Merges secret lists (deduplicated, longest first). */
export function mergeSecrets(...lists: ReadonlyArray<readonly string[] | undefined>): string[] {
  const all = new Set<string>()
  for (const list of lists) for (const s of list ?? []) addSecret(all, s)
  return [...all].sort((a, b) => b.length - a.length)
}

/** One alternation per secret list (made once per list): a single scan of each string, however many secrets. */
const patterns = new WeakMap<readonly string[], RegExp | null>()

function patternOf(secrets: readonly string[]): RegExp | null {
  let pattern = patterns.get(secrets)
  if (pattern === undefined) {
    // Longest first (the lists are sorted so): at one place the longest secret wins, so one holding another goes whole.
    pattern =
      secrets.length === 0
        ? null
        : new RegExp(secrets.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
    patterns.set(secrets, pattern)
  }
  return pattern
}

/** Every occurrence of a secret in `text` replaced by `[REDACTED]` (`secrets` longest first). */
export function scrubText(text: string, secrets: readonly string[]): string {
  const pattern = patternOf(secrets)
  return pattern ? text.replace(pattern, REDACTED) : text
}

/** Under a secret key: strings and numbers become `[REDACTED]` at any depth; shapes, booleans, nulls and env refs stay. */
function redactUnder(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (depth > MAX_DEPTH) return REDACTED
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return REDACTED
  if (value === null || typeof value !== 'object' || isEnvRef(value)) return value
  if (Array.isArray(value)) return value.map((v) => redactUnder(v, secrets, depth + 1))
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [scrubText(k, secrets), redactUnder(v, secrets, depth + 1)]),
  )
}

function redactString(text: string, secrets: readonly string[], parentKey: string | undefined, depth: number): string {
  const parsed = parseJsonText(text)
  if (parsed !== NOT_JSON) {
    // JSON text (an editor's inputText, a request body): redacted as data and written back, indented if it was.
    const before = JSON.stringify(parsed)
    const redacted = redactIn(parsed, secrets, parentKey, depth + 1)
    if (JSON.stringify(redacted) === before) return scrubText(text, secrets)
    return JSON.stringify(redacted, null, text.includes('\n') ? 2 : undefined)
  }
  return scrubText(parentKey === 'url' ? redactUrl(text) : text, secrets)
}

function redactIn(value: unknown, secrets: readonly string[], parentKey: string | undefined, depth: number): unknown {
  if (depth > MAX_DEPTH) return REDACTED
  if (typeof value === 'string') return redactString(value, secrets, parentKey, depth)
  if (value === null || typeof value !== 'object' || isEnvRef(value)) return value
  if (Array.isArray(value)) return value.map((v) => redactIn(v, secrets, parentKey, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue
    out[scrubText(key, secrets)] = isSecretEntry(parentKey, key)
      ? redactUnder(v, secrets, depth + 1)
      : redactIn(v, secrets, key, depth + 1)
  }
  return out
}

/**
 * The pass itself: a redacted copy of `value`. By key: anything under a secret key becomes `[REDACTED]` (inside JSON
 * text too, which is parsed, redacted and written back). By value: every secret in `secrets` and every one found in
 * `value` itself (see collectSecrets) is replaced wherever it appears, inside longer strings and object keys too.
 */
export function redactForFile<T>(value: T, secrets: readonly string[] = []): T {
  return redactIn(value, mergeSecrets(secrets, collectSecrets(value)), undefined, 0) as T
}

/**
 * Masks secrets split across streamed input deltas: the deltas are joined, each secret in the whole text is replaced
 * by asterisks of its length, and the text is cut back at the same places (the views of a delta are the delta).
 */
function maskInputDeltas(events: RunEvent[], secrets: readonly string[]): RunEvent[] {
  const deltas = events.filter((e): e is Extract<RunEvent, { type: 'input-delta' }> => e.type === 'input-delta')
  if (deltas.length === 0 || secrets.length === 0) return events
  const masked = maskSecrets(deltas.map((e) => e.inputTextDelta).join(''), secrets)
  let offset = 0
  const replaced = new Map<RunEvent, RunEvent>()
  for (const e of deltas) {
    const text = masked.slice(offset, offset + e.inputTextDelta.length)
    offset += e.inputTextDelta.length
    const view = (v: { value?: unknown }) => (v.value === e.inputTextDelta ? { ...v, value: text } : v)
    replaced.set(e, {
      ...e,
      inputTextDelta: text,
      views: {
        ...e.views,
        raw: e.views.raw === e.inputTextDelta ? text : e.views.raw,
        display: view(e.views.display),
        transcript: view(e.views.transcript),
      },
    })
  }
  return events.map((e) => replaced.get(e) ?? e)
}

/**
 * A run record as a file may hold it, and the run's secrets: those given (the raw request's, known only while the run
 * is live), those of its request as stored and those found anywhere in its events (a hand-edited import may carry a
 * secret its request does not). Streamed input deltas are masked first, so a secret split over two is caught too.
 */
export function redactRun<T extends RunRecord>(
  record: T,
  secrets: readonly string[] = [],
): { record: T; secrets: string[] } {
  const all = mergeSecrets(secrets, recordSecrets(record))
  return { record: redactForFile({ ...record, events: maskInputDeltas(record.events, all) }, all), secrets: all }
}

/** A cassette as a file may hold it: exchanges (URLs, headers, bodies) redacted by key and by the run's secrets. */
export function redactCassette(cassette: Cassette, secrets: readonly string[] = []): Cassette {
  return redactForFile(cassette, secrets)
}

/** A scenario as a file may hold it (environment references stay as they are). */
export function redactScenario(scenario: Scenario, secrets: readonly string[] = []): Scenario {
  return redactForFile(scenario, secrets)
}

/**
 * The secrets of a run's request (request context, input, inputText): every value under a secret key, whitespace or
 * not (a passphrase is a secret too). For a live run this is called on the raw request, and kept in memory only.
 */
export function requestSecrets(request: { requestContext?: unknown; input?: unknown; inputText?: string }): string[] {
  return harvest(
    [{ requestContext: request.requestContext, input: request.input, inputText: request.inputText }],
    'request',
  )
}

/** The secrets a stored run names: its request's, and those found in its events (see collectSecrets). */
export function recordSecrets(record: Pick<RunRecord, 'request' | 'events'>): string[] {
  return mergeSecrets(requestSecrets(record.request), collectSecrets(record.events))
}
