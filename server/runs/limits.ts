// Size limits of run events: payloads over the per-view limit are cut to a preview and the event says so
// (`truncated: { originalBytes, fields }`); views equal to raw travel and are stored once (`passthrough` without value).
// Each event is cut once, where it is made: the tool-host worker cuts the runtime's events before postMessage (no more
// than the limit ever crosses the thread), the run object (liveRun.ts) the ends it writes itself. Never throws, never
// walks without bound.

import { compactViews } from '../../src/shared/passthroughViews.ts'

/** Size limits of runs, in bytes. */
export interface RunLimits {
  /** Largest JSON size of one payload (one view, an input, an output, a chunk…); larger ones are cut. Default 1 MiB. */
  payloadBytes: number
  /** Largest total size of one run's stored events; a run that writes more is ended with an error. Default 50 MiB. */
  runBytes: number
}

export const DEFAULT_LIMITS: RunLimits = { payloadBytes: 1024 * 1024, runBytes: 50 * 1024 * 1024 }

/** Event fields that are structure, never payload: left alone. */
const STRUCTURE = new Set([
  'type',
  'seq',
  'at',
  'truncated',
  'views',
  'toolId',
  'toolCallId',
  'caller',
  'background',
  'stepping',
  'status',
  'durationMs',
  'level',
  'source',
  'spanId',
  'parentSpanId',
  'startedAt',
  'hook',
  'next',
  'attempt',
  'approved',
  'request',
  'result',
])
/** Payload fields whose schema wants an object: when too big they are dropped instead of replaced by a preview. */
const OBJECT_ONLY = new Set(['resumeSchema', 'attributes', 'validationErrors'])
/** Walking stops after this many nodes: a size past it is reported as a lower bound. */
const MAX_NODES = 200_000

/** Approximate JSON size of a value (string lengths in UTF-16 units), stopping early once past `stopAt`. */
export function measure(value: unknown, stopAt = Infinity): number {
  let total = 0
  let nodes = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && total <= stopAt && nodes++ < MAX_NODES) {
    const v = stack.pop()
    if (typeof v === 'string') total += v.length + 2
    else if (typeof v === 'number' || typeof v === 'boolean') total += String(v).length
    else if (v === null || v === undefined) total += 4
    else if (Array.isArray(v)) {
      total += 2 + v.length
      for (const item of v) stack.push(item)
    } else if (typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        total += k.length + 4
        stack.push(item)
      }
      total += 2
    }
  }
  return total
}

/**
 * Marks where a preview was cut. ASCII on purpose: one "…" (U+2026) would make V8 store the whole megabyte preview with
 * two bytes a character, doubling what every copy of a cut view costs in the worker, the main thread and the store.
 */
const CUT = '...'

/** A readable preview of a too-large value: the start of its text (JSON for non-strings), at most `maxChars` long. */
export function preview(value: unknown, maxChars: number): string {
  const keep = Math.max(0, maxChars - 64)
  if (typeof value === 'string') return `${value.slice(0, keep)}${CUT} [truncated]`
  let text: string
  try {
    // Bounded in practice: the value was measured first, and the worker's values are plain JSON.
    text =
      JSON.stringify(value, (_k, v: unknown) =>
        typeof v === 'string' && v.length > keep ? `${v.slice(0, keep)}${CUT}` : v,
      ) ?? ''
  } catch {
    text = '[value could not be serialised]'
  }
  return text.length > keep ? `${text.slice(0, keep)}${CUT} [truncated]` : `${text} [truncated]`
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Returns the event with every payload over `payloadBytes` cut to a preview and `truncated` set, or the same object
 * when nothing was over. Never throws: an event that cannot be read is returned as is (the protocol check reports it).
 */
export function boundEvent<E>(event: E, payloadBytes: number): E {
  if (!isObj(event)) return event
  try {
    let out: Obj | undefined
    let original = 0
    const fields: string[] = []
    const cut = (path: string, value: unknown): unknown => {
      const size = measure(value, payloadBytes)
      if (size <= payloadBytes) return value
      original = Math.max(original, measure(value))
      fields.push(path)
      return preview(value, payloadBytes)
    }
    for (const [key, value] of Object.entries(event)) {
      if (STRUCTURE.has(key) || value === undefined) continue
      const next = cut(key, value)
      if (next === value) continue
      out ??= { ...event }
      out[key] = OBJECT_ONLY.has(key) ? undefined : next
    }
    const views = event.views
    if (isObj(views)) {
      const v: Obj = { ...views }
      let changed = false
      const raw = cut('views.raw', v.raw)
      if (raw !== v.raw) [v.raw, changed] = [raw, true]
      for (const target of ['display', 'transcript'] as const) {
        const view = v[target]
        if (!isObj(view) || !('value' in view)) continue
        // A passthrough view is raw itself: it follows raw and is not counted twice.
        const value =
          view.passthrough === true ? (raw !== views.raw ? raw : view.value) : cut(`views.${target}`, view.value)
        if (value !== view.value) [v[target], changed] = [{ ...view, value }, true]
      }
      const model = v.model
      if (isObj(model) && 'value' in model) {
        const value = cut('views.model', model.value)
        if (value !== model.value) {
          const type = model.type === 'error-text' || model.type === 'error-json' ? 'error-text' : 'text'
          ;[v.model, changed] = [{ type, value }, true]
        }
      }
      if (changed) {
        out ??= { ...event }
        out.views = v
      }
    }
    if (!out) return event
    out.truncated = { originalBytes: original, fields }
    return out as E
  } catch {
    return event
  }
}

/** What the worker posts for one event: payloads cut to `payloadBytes` (default 1 MiB), raw carried once. */
export function boundedForPost<E>(event: E, payloadBytes = DEFAULT_LIMITS.payloadBytes): E {
  return compactViews(boundEvent(event, payloadBytes))
}

/** A byte count for messages: `50 MiB`, `1.5 MiB`, `200000 bytes`. */
export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) ? 1 : 0)} MiB` : `${n} bytes`
}
