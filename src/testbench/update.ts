// `--update`: rewrites a scenario's expectation from what the tool does now, keeping the author's choices:
// the views they chose to check, and for partial matches only the keys they named.

import type { Outcome } from './match.ts'
import type { Expectation } from './scenario.ts'
import { isPlainObject } from '../runtime/plainObject.ts'

const VIEW_KEYS = ['raw', 'display', 'transcript', 'model', 'error'] as const

/** The expectation `old` would have to be for `actual` to pass. */
export function updateExpectation(old: Expectation, actual: Outcome): Expectation {
  const next: Record<string, unknown> = { status: actual.status, match: old.match }
  const named = VIEW_KEYS.filter((k) => old[k] !== undefined)
  // A run that now fails should say why, even if the old expectation only checked views.
  if (actual.error !== undefined && !named.includes('error')) named.push('error')
  for (const key of named) {
    if (actual[key] === undefined) continue
    next[key] = old.match === 'partial' && old[key] !== undefined ? prune(old[key], actual[key]) : actual[key]
  }
  return next as Expectation
}

/** `actual` cut down to the shape of `shape`: objects keep only the keys `shape` names (partial matching). */
function prune(shape: unknown, actual: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(actual))
    return actual.map((item, i) => (i < shape.length ? prune(shape[i], item) : item))
  if (isPlainObject(shape) && isPlainObject(actual)) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) if (key in actual) out[key] = prune(shape[key], actual[key])
    return out
  }
  return actual
}
