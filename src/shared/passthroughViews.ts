// Passthrough views carried once: a display or transcript view equal to raw travels as `{ passthrough: true }`
// (protocol's PassthroughRef) on the worker → main message, in the history store and on the SSE stream, and every
// reader expands it here, on the server and in the browser alike, to exactly the event it would have seen in full.

import { z } from 'zod'
import { PassthroughRef, RunEvent } from './protocol.ts'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const TARGETS = ['display', 'transcript'] as const

/** A full passthrough view (`{ value, passthrough: true }`, nothing else): the only shape compacted, so expanding gives it back. */
function isFullPassthrough(view: unknown): view is Obj {
  if (!isObj(view) || view.passthrough !== true || !('value' in view)) return false
  for (const key in view) if (key !== 'value' && key !== 'passthrough') return false
  return true
}

/** The event with its passthrough views' values dropped (raw is carried once); the same object when there are none. */
export function compactViews<E>(event: E): E {
  const views = (event as Obj | null)?.views
  if (!isObj(views)) return event
  let v: Obj | undefined
  for (const target of TARGETS) {
    if (!isFullPassthrough(views[target])) continue
    v ??= { ...views }
    v[target] = { passthrough: true }
  }
  return v ? ({ ...(event as Obj), views: v } as E) : event
}

/**
 * Inverse of compactViews: each `{ passthrough: true }` view gets raw as its value again (the same reference, no copy).
 * The same object when there is nothing to expand, so it is safe on events that are already full.
 */
export function expandViews<E>(event: E): E {
  const views = (event as Obj | null)?.views
  // Raw undefined: the full view has no value either (JSON drops it), so the compact form already is the full one.
  if (!isObj(views) || views.raw === undefined) return event
  let v: Obj | undefined
  for (const target of TARGETS) {
    if (!PassthroughRef.safeParse(views[target]).success) continue
    v ??= { ...views }
    v[target] = { value: views.raw, passthrough: true }
  }
  return v ? ({ ...(event as Obj), views: v } as E) : event
}

/** A run event as read from a worker message, a stored row or an SSE frame: compact views expanded, then validated. */
export const RunEventFrame = z.preprocess((value) => expandViews(value), RunEvent)
