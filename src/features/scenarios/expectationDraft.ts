// The "Save as scenario" expectation as editable JSON text. The text is the single source of truth: the status,
// match and view toggles rewrite it, and what is saved is exactly what the editor shows (checked by the protocol schema).
import { Expectation, SCENARIO_NAME, type SuggestedExpectation } from '../../shared/protocol.ts'
import { Status } from '../../runtime/status.ts'
import type { Outcome } from '../../testbench/match.ts'
import { expectationFromOutcome } from '../../testbench/replay.ts'
import { isMatchedAt, pathText, setAt, valueAt, type ValuePath } from '../../testbench/varying.ts'
import type { AnyKind } from '../../testbench/anyValue.ts'

/** Parts of an expectation that can be switched on and off. */
export const EXPECTATION_VIEWS = ['raw', 'display', 'transcript', 'model', 'error'] as const
/** One switchable part of an expectation. */
export type ExpectationView = (typeof EXPECTATION_VIEWS)[number]

/** Readable names of the switchable parts (the Compare panels' headings). */
export const VIEW_LABELS: Record<ExpectationView, string> = {
  raw: 'Raw',
  display: 'Display',
  transcript: 'Transcript',
  model: 'Model',
  error: 'Error message',
}

const KEY_ORDER = ['status', 'match', ...EXPECTATION_VIEWS]

/** What the editor's text says, as far as the toggles are concerned (undefined when it is not a JSON object). */
export interface DraftSummary {
  status?: unknown
  match: 'exact' | 'partial'
  views: Set<string>
}

/** A parsed draft, or the reason it cannot be saved. */
export type DraftResult = { ok: true; value: Expectation } | { ok: false; reason: string }

/** Pretty JSON of the exact expectation the run produced (what the editor starts with). */
export function draftFromOutcome(outcome: Outcome): string {
  return stringify(expectationFromOutcome(outcome) as Record<string, unknown>)
}

/** Pretty JSON of an expectation (a suggestion from the server, matchers included). */
export function draftFromExpectation(expect: Expectation): string {
  return stringify(expect as Record<string, unknown>)
}

/**
 * The suggested matchers grouped by where they sit inside a view: the same `id` in the raw, display, transcript and
 * model views is one line to switch, not four.
 */
export interface MatcherGroup {
  /** Where in the views, e.g. `items[0].id` (empty for a view's whole value). */
  label: string
  kind: AnyKind
  why: SuggestedExpectation['matchers'][number]['why']
  paths: ValuePath[]
}

export function matcherGroups(matchers: SuggestedExpectation['matchers']): MatcherGroup[] {
  const groups = new Map<string, MatcherGroup>()
  for (const m of matchers) {
    // The model view's JSON sits under `value`: `model.value.id` is the same `id` as `raw.id`.
    const inner = m.path[0] === 'model' ? m.path.slice(2) : m.path.slice(1)
    const label = pathText(inner)
    const key = `${label}\u0000${m.kind}`
    const group = groups.get(key)
    if (group) group.paths.push(m.path)
    else groups.set(key, { label, kind: m.kind, why: m.why, paths: [m.path] })
  }
  return [...groups.values()]
}

/** How a group stands in the draft: every path it still holds is a matcher, or not; or the draft checks none of them. */
export type GroupState = 'matched' | 'exact' | 'unchecked'

/** The group's state in `text` (undefined while the text is not a JSON object). */
export function groupState(text: string, group: MatcherGroup): GroupState | undefined {
  const obj = parseObject(text)
  if (!obj) return undefined
  const present = group.paths.filter((p) => valueAt(obj, p).found)
  if (!present.length) return 'unchecked'
  return present.every((p) => isMatchedAt(obj, p)) ? 'matched' : 'exact'
}

/** Puts a matcher of `kind` at each path (on) or the run's exact value back (off); paths the draft no longer holds are skipped. */
export function withMatcherPaths(
  text: string,
  paths: ValuePath[],
  kind: AnyKind,
  on: boolean,
  exact: Expectation,
): string {
  let obj: unknown = parseObject(text)
  if (!obj) return text
  for (const path of paths) {
    if (!valueAt(obj, path).found) continue
    const original = valueAt(exact, path)
    if (!on && !original.found) continue
    obj = setAt(obj, path, on ? { $any: kind } : original.value)
  }
  return stringify(obj as Record<string, unknown>)
}

/** The draft with each view it checks taken from a new suggestion (after a rerun); status, match and the choice of views are kept. */
export function withSuggestedViews(text: string, suggestion: Expectation): string {
  const obj = parseObject(text)
  if (!obj) return text
  for (const view of EXPECTATION_VIEWS)
    if (obj[view] !== undefined && suggestion[view] !== undefined) obj[view] = suggestion[view]
  return stringify(obj)
}

/** The views an outcome has values for: only those can be checked. */
export function availableViews(outcome: Outcome): ExpectationView[] {
  return EXPECTATION_VIEWS.filter((v) => outcome[v] !== undefined)
}

/** The draft as an Expectation, or why not (invalid JSON, or the schema's first problems with their paths). */
export function parseExpectationDraft(text: string): DraftResult {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    return { ok: false, reason: `Invalid JSON: ${(err as Error).message}` }
  }
  const parsed = Expectation.safeParse(json)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
  return { ok: false, reason: issues.join('; ') }
}

/** What the toggles should show for this text; undefined while the text is not a JSON object. */
export function summarizeDraft(text: string): DraftSummary | undefined {
  const obj = parseObject(text)
  if (!obj) return undefined
  return {
    status: obj.status,
    match: obj.match === 'partial' ? 'partial' : 'exact',
    views: new Set(EXPECTATION_VIEWS.filter((v) => obj[v] !== undefined)),
  }
}

/** Adds a view (with the run's value) to the draft or removes it; an unparsable text is left as it is. */
export function withView(text: string, view: ExpectationView, on: boolean, outcome: Outcome): string {
  const obj = parseObject(text)
  if (!obj) return text
  if (on) obj[view] = outcome[view]
  else delete obj[view]
  return stringify(obj)
}

/** Sets `status` or `match` in the draft; an unparsable text is left as it is. */
export function withField(text: string, key: 'status' | 'match', value: string): string {
  const obj = parseObject(text)
  if (!obj) return text
  obj[key] = value
  return stringify(obj)
}

/** Why a scenario name cannot be used (it becomes a file name), or undefined when it can. */
export function scenarioNameProblem(name: string): string | undefined {
  if (!name) return 'Give the scenario a name.'
  if (!SCENARIO_NAME.test(name))
    return 'Use 1–100 letters, digits, ".", "-" or "_", not starting with "." and without "..".'
  return undefined
}

/** A name suggested for a new scenario: the expected status, which is often what distinguishes a tool's scenarios. */
export function suggestName(outcome: Outcome): string {
  return outcome.status === Status.success ? 'works' : outcome.status
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** Stable key order (status, match, then the views), so toggling never shuffles the editor's text. */
function stringify(obj: Record<string, unknown>): string {
  const rank = (k: string) => (KEY_ORDER.includes(k) ? KEY_ORDER.indexOf(k) : KEY_ORDER.length)
  const ordered = Object.fromEntries(Object.entries(obj).sort(([a], [b]) => rank(a) - rank(b)))
  return JSON.stringify(ordered, null, 2)
}
