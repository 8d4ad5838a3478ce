// Which values of a run's result a test should match by kind rather than by value. Given a second run of the same
// call, exactly the values that differ between the two (a generated id, a timestamp); given one run only, the values
// that look generated (anyValue.ts). The expectation of a saved scenario or an exported test starts from these, and a
// person can switch each one back to its exact value before saving or exporting.

import type { Expectation } from './scenario.ts'
import type { Outcome } from './match.ts'
import { isPlainObject } from '../runtime/plainObject.ts'
import { generatedKind, isAnyValue, type AnyKind } from './anyValue.ts'

/** Where a value sits in an expectation: the view (`raw`, `display`, `transcript`, `model`), then keys and indexes. */
export type ValuePath = (string | number)[]

/** A value to match by kind, and why it was chosen. */
export interface SuggestedMatcher {
  path: ValuePath
  kind: AnyKind
  /** `differs`: it changed between two runs of the same call; `looks-generated`: one run only, it looks like an id or a time. */
  why: 'differs' | 'looks-generated'
}

/** The values to match by kind, and the ones that differ between runs with no matcher that fits them (a flag, a length). */
export interface VaryingValues {
  matchers: SuggestedMatcher[]
  unmatchable: ValuePath[]
}

/** The views a matcher can stand in (the error message is compared as text). */
const VIEWS = ['raw', 'display', 'transcript', 'model'] as const
/** Nesting walked at most; deeper values are compared as they are. */
const MAX_DEPTH = 64
/** Matchers and unmatchable values reported at most (a result of thousands of generated ids is matched by its first ones). */
export const MAX_VARYING = 200

/** The values that differ between two outcomes of the same call, each with the matcher that accepts both, if any. */
export function varyingValues(first: Outcome, second: Outcome): VaryingValues {
  const found: VaryingValues = { matchers: [], unmatchable: [] }
  const visit = (a: unknown, b: unknown, path: ValuePath, depth: number): void => {
    if (Object.is(a, b) || full(found)) return
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length && depth < MAX_DEPTH) {
      a.forEach((item, i) => visit(item, b[i], [...path, i], depth + 1))
      return
    }
    if (isPlainObject(a) && isPlainObject(b) && depth < MAX_DEPTH && sameKeys(a, b)) {
      for (const key of Object.keys(a)) visit(a[key], b[key], [...path, key], depth + 1)
      return
    }
    const kind = commonKind(a, b)
    if (kind) found.matchers.push({ path, kind, why: 'differs' })
    else found.unmatchable.push(path)
  }
  for (const view of VIEWS) {
    const [a, b] = [first[view], second[view]]
    if (view === 'model') {
      // The model view keeps its shape ({ type, value }): only a JSON value is looked into; a text that differs is reported.
      if (!isPlainObject(a) || !isPlainObject(b) || Object.is(a, b)) continue
      if (a.type === b.type && isJsonModel(a)) visit(a.value, b.value, ['model', 'value'], 1)
      else if (!isDeepEqual(a, b)) found.unmatchable.push(['model'])
      continue
    }
    visit(a, b, [view], 0)
  }
  return found
}

/** With one run only: the values that look generated (a UUID or ULID, an ISO date-time, epoch milliseconds). */
export function generatedValues(outcome: Outcome): VaryingValues {
  const found: VaryingValues = { matchers: [], unmatchable: [] }
  const visit = (value: unknown, path: ValuePath, depth: number): void => {
    if (full(found)) return
    const kind = generatedKind(value)
    if (kind) found.matchers.push({ path, kind, why: 'looks-generated' })
    else if (depth >= MAX_DEPTH) return
    else if (Array.isArray(value)) value.forEach((v, i) => visit(v, [...path, i], depth + 1))
    else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) visit(v, [...path, k], depth + 1)
  }
  for (const view of VIEWS) {
    const value = outcome[view]
    if (view === 'model') {
      if (isPlainObject(value) && isJsonModel(value)) visit(value.value, ['model', 'value'], 1)
      continue
    }
    visit(value, [view], 0)
  }
  return found
}

/** `expect` with a matcher at each path that still holds a value there (paths into views it no longer checks are skipped). */
export function withMatchers(
  expect: Expectation,
  matchers: readonly Pick<SuggestedMatcher, 'path' | 'kind'>[],
): Expectation {
  let out = expect as Record<string, unknown>
  for (const m of matchers)
    if (valueAt(out, m.path).found) out = setAt(out, m.path, { $any: m.kind }) as Record<string, unknown>
  return out as Expectation
}

/** The value at `path` in `root`, and whether there is one. */
export function valueAt(root: unknown, path: ValuePath): { found: boolean; value?: unknown } {
  let at = root
  for (const key of path) {
    if (
      typeof key === 'number' ? !Array.isArray(at) || key >= at.length : !isPlainObject(at) || !Object.hasOwn(at, key)
    )
      return { found: false }
    at = (at as Record<string | number, unknown>)[key]
  }
  return { found: true, value: at }
}

/** A copy of `root` with `value` at `path` (which must exist: see valueAt). */
export function setAt(root: unknown, path: ValuePath, value: unknown): unknown {
  if (path.length === 0) return value
  const [key, ...rest] = path
  if (Array.isArray(root)) return root.map((item, i) => (i === key ? setAt(item, rest, value) : item))
  const obj = root as Record<string, unknown>
  return { ...obj, [key]: setAt(obj[key as string], rest, value) }
}

/** Whether the value at `path` is a matcher now. */
export function isMatchedAt(root: unknown, path: ValuePath): boolean {
  const at = valueAt(root, path)
  return at.found && isAnyValue(at.value)
}

/** A path as people read it: `raw.items[0].id`, `display["first name"]`. */
export function pathText(path: ValuePath): string {
  return path
    .map((key, i) =>
      typeof key === 'number'
        ? `[${key}]`
        : /^[A-Za-z_$][\w$]*$/.test(key)
          ? `${i ? '.' : ''}${key}`
          : `[${JSON.stringify(key)}]`,
    )
    .join('')
}

function full(found: VaryingValues): boolean {
  return found.matchers.length + found.unmatchable.length >= MAX_VARYING
}

function sameKeys(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k))
}

/** The kind both values have when a matcher of that kind accepts both (a date before a string: it says more). */
function commonKind(a: unknown, b: unknown): AnyKind | undefined {
  if (typeof a === 'string' && typeof b === 'string')
    return generatedKind(a) === 'date' && generatedKind(b) === 'date' ? 'date' : 'string'
  if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b)) return 'number'
  return undefined
}

function isJsonModel(model: Record<string, unknown>): boolean {
  return model.type === 'json' || model.type === 'error-json'
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
