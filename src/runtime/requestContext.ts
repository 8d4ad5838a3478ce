// Map-like request context handed to tools (Mastra's RequestContext surface). Which of its keys hold secrets, and how
// they are redacted and scrubbed, is secrets.ts.

import { isPlainObject } from './plainObject.ts'
import { REDACTED } from './secrets.ts'
import type { RequestContextLike } from './types.ts'

/**
 * Marks a schema-transformed view of a request context with the context it was made from (Mastra's global symbol, so
 * views made by either library are recognised by both and a forwarded view is never validated twice).
 */
export const REQUEST_CONTEXT_INPUT_SOURCE: unique symbol = Symbol.for('mastra.core.request-context.input-source') as any

/** Cap on what toJSON()'s serializability probe may walk, as in Mastra (a value past it is left out). */
const SERIALIZATION_PROBE_BUDGET = 1e6

/** True when toJSON() may include the value: no functions, symbols, cycles or runaway expansions. */
function isSerializable(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'function' || typeof value === 'symbol') return false
  if (typeof value !== 'object' && typeof value !== 'bigint') return true
  let budget = SERIALIZATION_PROBE_BUDGET
  try {
    JSON.stringify(value, (_key, probed) => {
      if (--budget < 0) throw new RangeError('request context value expands past the serialization probe budget')
      return probed
    })
    return true
  } catch {
    return false
  }
}

type ContextInit = Map<string, unknown> | Iterable<readonly [string, unknown]> | Record<string, unknown>

/**
 * Mastra 1.x's RequestContext, member for member (`get/set/has/delete/clear`, the `*Raw` variants, `keys/values/entries`,
 * `forEach`, `size()` as a method, `all`, `toJSON`, `isSerializable`, `serializeForSpan`, the public `registry` Map),
 * and nothing more: not iterable, as Mastra's is not (Vitest compares two iterables by class, so a tool's
 * TransformedRequestContext would no longer equal the caller's context). Built from a Map, entries or a plain object.
 */
export class RequestContext<T extends Record<string, unknown> = Record<string, unknown>>
  implements RequestContextLike<T>
{
  /**
   * The values (Mastra's public Map). Like Mastra's, it is the only own enumerable property: a test comparing the context
   * a tool got with the caller's (`expect.objectContaining({ requestContext })`) sees the same shape with either class.
   */
  registry: Map<string, unknown>
  #version = 0

  constructor(init?: ContextInit | RequestContextLike<any> | null) {
    if (init === undefined || init === null) this.registry = new Map()
    else if (typeof init === 'object' && typeof (init as Iterable<unknown>)[Symbol.iterator] !== 'function') {
      const entries =
        typeof (init as RequestContextLike).entries === 'function'
          ? (init as RequestContextLike).entries()
          : Object.entries(init)
      this.registry = new Map(entries)
    } else this.registry = new Map(init as Iterable<[string, unknown]>)
  }

  /** Bumped on every change made through the methods, so that cached secret lists know when to recompute. */
  get version(): number {
    return this.#version
  }

  get<K extends keyof T & string>(key: K): T[K] | undefined {
    return this.registry.get(key) as T[K] | undefined
  }
  getRaw(key: string): unknown {
    return this.registry.get(key)
  }
  set<K extends keyof T & string>(key: K, value: T[K]): void {
    this.registry.set(key, value)
    this.#version++
  }
  setRaw(key: string, value: unknown): void {
    this.registry.set(key, value)
    this.#version++
  }
  has(key: string): boolean {
    return this.registry.has(key)
  }
  hasRaw(key: string): boolean {
    return this.registry.has(key)
  }
  delete(key: string): boolean {
    this.#version++
    return this.registry.delete(key)
  }
  deleteRaw(key: string): boolean {
    this.#version++
    return this.registry.delete(key)
  }
  clear(): void {
    this.registry.clear()
    this.#version++
  }
  keys(): MapIterator<string> {
    return this.registry.keys()
  }
  values(): MapIterator<unknown> {
    return this.registry.values()
  }
  entries(): MapIterator<[string, unknown]> {
    return this.registry.entries()
  }
  size(): number {
    return this.registry.size
  }
  forEach(fn: (value: unknown, key: string, map: Map<string, unknown>) => void): void {
    this.registry.forEach(fn)
  }
  /** The serializable values only (functions, symbols and cyclic values are left out), as Mastra does. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const [key, value] of this.registry) if (isSerializable(value)) out[key] = value
    return out
  }
  isSerializable(value: unknown): boolean {
    return isSerializable(value)
  }
  /** Values safe to attach to a tracing span: primitives, plain objects and arrays; anything else as `[type]`. */
  serializeForSpan(): Record<string, unknown> {
    const out: Record<string, unknown> = {}
    for (const [key, value] of this.registry) {
      if (key === 'mastra__authToken') out[key] = REDACTED
      else if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value))
        out[key] = value
      else if (Array.isArray(value) || isPlainObject(value)) out[key] = value
      else out[key] = `[${typeof value}]`
    }
    return out
  }
  /** All values as a plain object. */
  get all(): Record<string, unknown> {
    return Object.fromEntries(this.registry)
  }
}

/** True for a Map-like request context object (Toolscope's, Mastra's or any other with the same surface). */
export function isRequestContextLike(value: unknown): value is RequestContextLike {
  return (
    value !== null &&
    typeof value === 'object' &&
    !(value instanceof Map) &&
    typeof (value as RequestContextLike).get === 'function' &&
    typeof (value as RequestContextLike).set === 'function'
  )
}

/**
 * The request context a tool is given: a caller's RequestContext (Toolscope's or Mastra's) as is, so that what the tool
 * sets is visible to the caller; a Map or plain object (accepted for convenience) becomes a new RequestContext.
 */
export function toRequestContext(value: unknown): RequestContextLike {
  if (isRequestContextLike(value)) return value
  if (value === undefined || value === null) return new RequestContext()
  return new RequestContext(value as ContextInit)
}

/** The context schema validation reads: a transformed view's source (followed to the end), else the context itself. */
export function requestContextInputSource(context: unknown): unknown {
  let current = context
  const seen = new Set<unknown>()
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current)
    const source = (current as Record<PropertyKey, unknown>)[REQUEST_CONTEXT_INPUT_SOURCE]
    if (!source) return current
    current = source
  }
  return current
}

/** Plain values of a request context, for validation against `requestContextSchema`. */
export function requestContextValues(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (value instanceof Map) return Object.fromEntries(value)
  const all = (value as { all?: unknown }).all
  if (all && typeof all === 'object') return all as Record<string, unknown>
  if (typeof (value as RequestContextLike).entries === 'function')
    return Object.fromEntries((value as RequestContextLike).entries())
  return { ...(value as Record<string, unknown>) }
}

/**
 * What a tool with a `requestContextSchema` reads: the schema's parsed values (coercions, defaults, transforms) over the
 * caller's context. Writes go through to the caller's context in schema-input form (checked against the schema, or
 * encoded back with a Zod codec), as Mastra's TransformedRequestContext does.
 */
export class TransformedRequestContext extends RequestContext {
  readonly #source: RequestContextLike
  readonly #acceptsInput: (values: Record<string, unknown>) => boolean
  readonly #encode: ((values: Record<string, unknown>) => Record<string, unknown> | undefined) | undefined

  constructor(
    source: RequestContextLike,
    parsed: unknown,
    acceptsInput: (values: Record<string, unknown>) => boolean,
    encode?: (values: Record<string, unknown>) => Record<string, unknown> | undefined,
  ) {
    super(Object.entries({ ...requestContextValues(source), ...(parsed && typeof parsed === 'object' ? parsed : {}) }))
    this.#source = source
    this.#acceptsInput = acceptsInput
    this.#encode = encode
    Object.defineProperty(this, REQUEST_CONTEXT_INPUT_SOURCE, { value: source })
  }

  #sourceValue(key: string, value: unknown): unknown {
    if (this.#acceptsInput({ ...requestContextValues(this.#source), [key]: value })) return value
    const encoded = this.#encode?.({ ...this.all, [key]: value })
    if (encoded && Object.prototype.hasOwnProperty.call(encoded, key)) return encoded[key]
    throw new Error(
      `Unable to persist request context key "${key}": the value is not valid schema input and cannot be encoded from the schema output.`,
    )
  }
  #sourceCall(method: 'setRaw' | 'deleteRaw', key: string, value?: unknown): void {
    const source = this.#source as RequestContextLike & Record<string, unknown>
    if (method === 'setRaw') (source.setRaw ?? source.set).call(source, key, value)
    else (source.deleteRaw ?? source.delete).call(source, key)
  }
  override set(key: string, value: unknown): void {
    this.#sourceCall('setRaw', key, this.#sourceValue(key, value))
    super.set(key, value)
  }
  override setRaw(key: string, value: unknown): void {
    this.#sourceCall('setRaw', key, this.#sourceValue(key, value))
    super.setRaw(key, value)
  }
  override delete(key: string): boolean {
    this.#sourceCall('deleteRaw', key)
    return super.delete(key)
  }
  override deleteRaw(key: string): boolean {
    this.#sourceCall('deleteRaw', key)
    return super.deleteRaw(key)
  }
  override clear(): void {
    super.clear()
    this.#source.clear()
  }
}
