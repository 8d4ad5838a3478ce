// Map-like request context handed to tools (Mastra's RequestContext surface), plus the secret handling around it:
// secret-looking keys are redacted in messages, and their values are scrubbed from everything a run reports.

import type { RequestContextLike } from './types.ts'

/** Mastra's list of key fragments that mark a value as secret (matched case-insensitively, anywhere in the key). */
const SECRET_KEY_FRAGMENTS = ['password', 'secret', 'token', 'apikey', 'api_key', 'auth', 'credential']
export const REDACTED = '[REDACTED]'

/** True when a request-context key looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase()
  return SECRET_KEY_FRAGMENTS.some((fragment) => lower.includes(fragment))
}

/** Map-like request context, built from a Map, an iterable of entries or a plain object. */
export class RequestContext<T extends Record<string, unknown> = Record<string, unknown>> implements RequestContextLike<T> {
  readonly #map: Map<string, unknown>
  /** Bumped on every change so that cached secret lists know when to recompute. */
  version = 0

  constructor(init?: Map<string, unknown> | Iterable<readonly [string, unknown]> | Record<string, unknown> | RequestContextLike<any>) {
    if (init === undefined || init === null) this.#map = new Map()
    else if (init instanceof Map) this.#map = new Map(init)
    else if (typeof (init as Iterable<unknown>)[Symbol.iterator] === 'function') this.#map = new Map(init as Iterable<[string, unknown]>)
    else if (typeof (init as RequestContextLike).entries === 'function') this.#map = new Map((init as RequestContextLike).entries())
    else this.#map = new Map(Object.entries(init as Record<string, unknown>))
  }

  get<K extends keyof T & string>(key: K): T[K] | undefined {
    return this.#map.get(key) as T[K] | undefined
  }
  set<K extends keyof T & string>(key: K, value: T[K]): void {
    this.#map.set(key, value)
    this.version++
  }
  has(key: string): boolean {
    return this.#map.has(key)
  }
  delete(key: string): boolean {
    this.version++
    return this.#map.delete(key)
  }
  clear(): void {
    this.#map.clear()
    this.version++
  }
  entries(): MapIterator<[string, unknown]> {
    return this.#map.entries()
  }
  keys(): MapIterator<string> {
    return this.#map.keys()
  }
  values(): MapIterator<unknown> {
    return this.#map.values()
  }
  forEach(fn: (value: unknown, key: string) => void): void {
    this.#map.forEach((value, key) => fn(value, key))
  }
  [Symbol.iterator](): MapIterator<[string, unknown]> {
    return this.#map.entries()
  }
  get size(): number {
    return this.#map.size
  }
  /** All values as a plain object (Mastra's `.all`). */
  get all(): Record<string, unknown> {
    return Object.fromEntries(this.#map)
  }
  toJSON(): Record<string, unknown> {
    return this.all
  }
}

/** Accepts whatever a caller passes as request context and returns a RequestContext (the same one if it already is). */
export function toRequestContext(value: unknown): RequestContext {
  if (value instanceof RequestContext) return value
  if (value === undefined || value === null) return new RequestContext()
  return new RequestContext(value as Record<string, unknown>)
}

/** Plain object of a Map-like or plain request context, for validation against `requestContextSchema`. */
export function requestContextValues(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (value instanceof Map) return Object.fromEntries(value)
  if (typeof (value as RequestContextLike).entries === 'function') return Object.fromEntries((value as RequestContextLike).entries())
  return { ...(value as Record<string, unknown>) }
}

/** Copy with every secret-looking key (at any depth) replaced by `[REDACTED]`: what messages may show. */
export function redactSecretKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(redactSecretKeys)
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : redactSecretKeys(v)
  return out
}

function collectStrings(value: unknown, into: Set<string>, seen: WeakSet<object>): void {
  if (typeof value === 'string') {
    if (value.length > 0) into.add(value)
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    into.add(String(value))
  } else if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value)
    for (const v of value instanceof Map ? value.values() : Object.values(value)) collectStrings(v, into, seen)
  }
}

/** Every string (or number) stored under a secret-looking key of the context, at any depth. */
export function collectSecretValues(values: Record<string, unknown>): string[] {
  const found = new Set<string>()
  const seen = new WeakSet<object>()
  const walk = (obj: unknown): void => {
    if (obj === null || typeof obj !== 'object' || seen.has(obj)) return
    seen.add(obj)
    for (const [key, v] of Object.entries(obj)) {
      if (isSecretKey(key)) collectStrings(v, found, new WeakSet())
      else walk(v)
    }
  }
  walk(values)
  // Longest first so that a secret containing another one is replaced whole.
  return [...found].sort((a, b) => b.length - a.length)
}

/** Secrets this short would shred ordinary text if replaced as substrings: they are only replaced as whole strings. */
const MIN_SUBSTRING_SECRET = 4

/** Replaces secret values inside one string. */
export function scrubString(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length < MIN_SUBSTRING_SECRET) {
      if (out === secret) return REDACTED
    } else if (out.includes(secret)) {
      out = out.split(secret).join(REDACTED)
    }
  }
  return out
}

/**
 * Deep copy-on-write scrub: strings containing a secret are replaced; plain objects, arrays and Errors are walked;
 * untouched branches are returned as is. Object keys are scrubbed too (a secret may be used as a key).
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[], seen: Map<object, unknown> = new Map()): T {
  if (secrets.length === 0) return value
  if (typeof value === 'string') return scrubString(value, secrets) as T
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return seen.get(value) as T
  if (Array.isArray(value)) {
    seen.set(value, value)
    let copy: unknown[] | undefined
    value.forEach((item, i) => {
      const next = scrubSecrets(item, secrets, seen)
      if (next !== item) (copy ??= value.slice())[i] = next
    })
    if (copy) seen.set(value, copy)
    return (copy ?? value) as T
  }
  if (value instanceof Error) {
    const message = scrubString(value.message, secrets)
    return (message === value.message ? value : { name: value.name, message }) as T
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  seen.set(value, value)
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const nextKey = scrubString(key, secrets)
    const next = scrubSecrets(item, secrets, seen)
    if (next !== item || nextKey !== key) {
      copy ??= { ...(value as Record<string, unknown>) }
      if (nextKey !== key) delete copy[key]
      copy[nextKey] = next
    }
  }
  if (copy) seen.set(value, copy)
  return (copy ?? value) as T
}

/**
 * Same-length mask of every secret occurrence (`*` per character). Used on streamed input text: chunks are cut at fixed
 * offsets, so a secret split over two deltas would escape a per-event scrub.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= MIN_SUBSTRING_SECRET && out.includes(secret)) out = out.split(secret).join('*'.repeat(secret.length))
  }
  return out
}
