// Matchers a scenario expectation can hold in place of a value that differs on every run (a generated id, a
// timestamp): `{ "$any": "string" | "date" | "number" }`. Replay compares with them (match.ts), exported tests render
// them as `expect.any(String)` & co. (codeLiteral.ts), and varying.ts chooses where a saved run or an exported test puts them.

import { isPlainObject } from '../runtime/plainObject.ts'

/** What a matcher accepts: any string, an ISO 8601 date-time string, or any finite number. */
export type AnyKind = 'string' | 'date' | 'number'
/** A matcher standing for any value of its kind. */
export interface AnyValue {
  $any: AnyKind
}

const KINDS: readonly AnyKind[] = ['string', 'date', 'number']
/** An ISO 8601 date-time, as `Date.prototype.toISOString()` and most APIs write one. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/
/** Epoch milliseconds from 2000-01-01 to 2100-01-01: a timestamp, not a count. */
const EPOCH_MS = { min: 946_684_800_000, max: 4_102_444_800_000 }

/** Whether `value` is a matcher (`{ "$any": kind }` and nothing else). */
export function isAnyValue(value: unknown): value is AnyValue {
  if (!isPlainObject(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === '$any' && KINDS.includes(value.$any as AnyKind)
}

/** Whether `actual` is a value the matcher accepts. */
export function matchesAny(matcher: AnyValue, actual: unknown): boolean {
  switch (matcher.$any) {
    case 'string':
      return typeof actual === 'string'
    case 'date':
      return typeof actual === 'string' && ISO_DATE_TIME.test(actual) && !Number.isNaN(Date.parse(actual))
    case 'number':
      return typeof actual === 'number' && Number.isFinite(actual)
  }
}

/** The Vitest / Playwright `expect` matcher of a matcher, as source code. */
export function anyValueCode(matcher: AnyValue): string {
  switch (matcher.$any) {
    case 'string':
      return 'expect.any(String)'
    case 'date':
      return String.raw`expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)`
    case 'number':
      return 'expect.any(Number)'
  }
}

/** The matcher for a value that looks generated (a UUID or ULID, an ISO date-time, epoch milliseconds), if any. */
export function generatedKind(value: unknown): AnyKind | undefined {
  if (typeof value === 'string') {
    if (UUID.test(value) || ULID.test(value)) return 'string'
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return 'date'
  }
  if (typeof value === 'number' && Number.isInteger(value) && value >= EPOCH_MS.min && value <= EPOCH_MS.max)
    return 'number'
  return undefined
}
