// Compares a run's outcome with a scenario's expectation and explains every difference by path,
// so a failing replay reads like a diff rather than a boolean.

import type { Expectation } from './scenario.ts'
import { isPlainObject } from '../runtime/plainObject.ts'
import { REDACTED } from '../runtime/index.ts'
import { isAnyValue, matchesAny } from './anyValue.ts'
import type { OutcomeStatus } from '../runtime/status.ts'

/** One difference between expected and actual. */
export interface Mismatch {
  /** Dotted path from the view, e.g. `display.value.items[2]`. */
  path: string
  expected: unknown
  actual: unknown
}

/** What a replay observed, in the same terms as an expectation. */
export interface Outcome {
  /** How the run ended, or `unfinished` when it wrote no end (src/runtime/status.ts). */
  status: OutcomeStatus
  raw?: unknown
  display?: unknown
  transcript?: unknown
  model?: unknown
  error?: string
}

const VIEW_KEYS = ['raw', 'display', 'transcript', 'model', 'error'] as const

/** Every difference between `expected` and `actual` (empty when they match). */
export function compareOutcome(expected: Expectation, actual: Outcome): Mismatch[] {
  const out: Mismatch[] = []
  if (expected.status !== actual.status) out.push({ path: 'status', expected: expected.status, actual: actual.status })
  const partial = expected.match === 'partial'
  for (const key of VIEW_KEYS) {
    if (expected[key] === undefined) continue
    compareValue(expected[key], actual[key], key, partial, out)
  }
  return out
}

/**
 * Every difference between one expected value (which may hold `$any` matchers) and the actual one, under `path`;
 * `partial` leaves keys the expected object does not name uncompared. Eval files match a model's tool-call arguments with it.
 */
export function compareValues(expected: unknown, actual: unknown, path: string, partial: boolean): Mismatch[] {
  const out: Mismatch[] = []
  compareValue(expected, actual, path, partial, out)
  return out
}

function compareValue(expected: unknown, actual: unknown, path: string, partial: boolean, out: Mismatch[]): void {
  if (Object.is(expected, actual)) return
  // `{ "$any": "date" }` & co. stand for a value that differs on every run (anyValue.ts).
  if (isAnyValue(expected)) {
    if (!matchesAny(expected, actual)) out.push({ path, expected, actual })
    return
  }
  if (
    typeof expected === 'string' &&
    expected.includes(REDACTED) &&
    (typeof actual === 'string' || typeof actual === 'number')
  ) {
    if (matchesRedacted(expected, String(actual))) return
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      out.push({ path, expected, actual })
      return
    }
    expected.forEach((item, i) => compareValue(item, actual[i], `${path}[${i}]`, partial, out))
    return
  }
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) {
      out.push({ path, expected, actual })
      return
    }
    for (const key of Object.keys(expected)) compareValue(expected[key], actual[key], `${path}.${key}`, partial, out)
    if (!partial) {
      for (const key of Object.keys(actual)) {
        if (!(key in expected) && actual[key] !== undefined)
          out.push({ path: `${path}.${key}`, expected: undefined, actual: actual[key] })
      }
    }
    return
  }
  out.push({ path, expected, actual })
}

/**
 * A value the scenario stored redacted (a secret of the run when it was saved) matches whatever stands there now: each
 * `[REDACTED]` is any text, the rest must be equal (pieces found left to right, linear in the text's length).
 */
function matchesRedacted(expected: string, actual: string): boolean {
  const pieces = expected.split(REDACTED)
  const first = pieces[0]!
  const last = pieces.at(-1)!
  if (!actual.startsWith(first) || actual.length < first.length + last.length || !actual.endsWith(last)) return false
  let at = first.length
  const end = actual.length - last.length
  for (const piece of pieces.slice(1, -1)) {
    const found = actual.indexOf(piece, at)
    if (found < 0 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}

/** Human-readable lines for a list of mismatches, one per path. */
export function formatMismatches(mismatches: Mismatch[]): string {
  return mismatches
    .map((m) => `  ${m.path}\n    - expected: ${show(m.expected)}\n    + actual:   ${show(m.actual)}`)
    .join('\n')
}

function show(value: unknown): string {
  if (value === undefined) return '(missing)'
  const text = JSON.stringify(value)
  return text.length > 200 ? `${text.slice(0, 197)}...` : text
}
