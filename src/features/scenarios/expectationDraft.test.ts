// Unit tests of the "Save as scenario" expectation draft: toggles rewrite the JSON text, and what is saved is
// exactly the text (checked by the protocol's Expectation schema, with the reason when it cannot be).
import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../testbench/match.ts'
import type { Expectation, SuggestedExpectation } from '../../shared/protocol.ts'
import {
  availableViews,
  draftFromExpectation,
  draftFromOutcome,
  groupState,
  matcherGroups,
  parseExpectationDraft,
  scenarioNameProblem,
  summarizeDraft,
  withField,
  withMatcherPaths,
  withSuggestedViews,
  withView,
} from './expectationDraft.ts'

const outcome: Outcome = {
  status: 'success',
  raw: { t: 21 },
  display: { text: '21°' },
  transcript: { t: 21 },
  model: { type: 'text', value: '21 degrees' },
}

describe('expectation draft', () => {
  it('starts as the exact expectation of the run, every view present', () => {
    const text = draftFromOutcome(outcome)
    expect(JSON.parse(text)).toEqual({ ...outcome, match: 'exact' })
    expect(summarizeDraft(text)).toEqual({
      status: 'success',
      match: 'exact',
      views: new Set(['raw', 'display', 'transcript', 'model']),
    })
    expect(availableViews(outcome)).toEqual(['raw', 'display', 'transcript', 'model'])
    expect(availableViews({ status: 'error', error: 'boom' })).toEqual(['error'])
  })

  it('toggles views and fields in place, keeping a stable key order', () => {
    let text = draftFromOutcome(outcome)
    text = withView(text, 'display', false, outcome)
    text = withView(text, 'transcript', false, outcome)
    text = withField(text, 'match', 'partial')
    expect(Object.keys(JSON.parse(text))).toEqual(['status', 'match', 'raw', 'model'])
    expect(summarizeDraft(text)?.views).toEqual(new Set(['raw', 'model']))
    text = withView(text, 'display', true, outcome)
    expect(Object.keys(JSON.parse(text))).toEqual(['status', 'match', 'raw', 'display', 'model'])
    expect(JSON.parse(text).display).toEqual({ text: '21°' })
    expect(parseExpectationDraft(text)).toEqual({
      ok: true,
      value: { status: 'success', match: 'partial', raw: { t: 21 }, display: { text: '21°' }, model: outcome.model },
    })
  })

  it('leaves a text that is not a JSON object alone, and says why it cannot be saved', () => {
    expect(withView('{"status":', 'raw', true, outcome)).toBe('{"status":')
    expect(withField('[1]', 'status', 'error')).toBe('[1]')
    expect(summarizeDraft('nope')).toBeUndefined()
    expect(parseExpectationDraft('{"status":')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Invalid JSON/),
    })
    expect(parseExpectationDraft('{"status":"done"}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^status: /),
    })
    expect(parseExpectationDraft('{"status":"success","extra":1}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('extra'),
    })
  })

  it('refuses scenario names that could leave the scenario folder', () => {
    expect(scenarioNameProblem('taipei-sunny_2.v1')).toBeUndefined()
    for (const bad of ['', '../x', 'a/b', '.hidden', 'a..b', 'x'.repeat(101)])
      expect(scenarioNameProblem(bad)).toBeTruthy()
  })
})

describe('suggested matchers in the draft', () => {
  const exact: Expectation = {
    status: 'success',
    match: 'exact',
    raw: { id: 'a1', items: [{ id: 'b' }] },
    model: { type: 'json', value: { id: 'a1' } },
  }
  const matchers: SuggestedExpectation['matchers'] = [
    { path: ['raw', 'id'], kind: 'string', why: 'differs' },
    { path: ['model', 'value', 'id'], kind: 'string', why: 'differs' },
    { path: ['raw', 'items', 0, 'id'], kind: 'string', why: 'differs' },
  ]
  const suggested: Expectation = {
    ...exact,
    raw: { id: { $any: 'string' }, items: [{ id: { $any: 'string' } }] },
    model: { type: 'json', value: { id: { $any: 'string' } } },
  }

  it('groups the same place across views into one line', () => {
    expect(matcherGroups(matchers).map((g) => [g.label, g.paths.length])).toEqual([
      ['id', 2],
      ['items[0].id', 1],
    ])
  })

  it('switches a group back to the exact values and on again, and says whether it is matched', () => {
    const [id] = matcherGroups(matchers)
    let text = draftFromExpectation(suggested)
    expect(groupState(text, id!)).toBe('matched')
    text = withMatcherPaths(text, id!.paths, 'string', false, exact)
    expect(JSON.parse(text)).toMatchObject({
      raw: { id: 'a1', items: [{ id: { $any: 'string' } }] },
      model: { value: { id: 'a1' } },
    })
    expect(groupState(text, id!)).toBe('exact')
    text = withMatcherPaths(text, id!.paths, 'string', true, exact)
    expect(JSON.parse(text)).toEqual(suggested)
    // A view the draft no longer checks is left out; a group with no view left is unchecked.
    text = withView(withView(text, 'raw', false, suggested), 'model', false, suggested)
    expect(withMatcherPaths(text, id!.paths, 'string', false, exact)).toBe(text)
    expect(groupState(text, id!)).toBe('unchecked')
    expect(groupState('{', id!)).toBeUndefined()
  })

  it('takes a new suggestion into the views the draft checks, keeping status, match and the choice of views', () => {
    let text = withField(withView(draftFromExpectation(exact), 'model', false, exact), 'match', 'partial')
    text = withSuggestedViews(text, suggested)
    expect(JSON.parse(text)).toEqual({ status: 'success', match: 'partial', raw: suggested.raw })
  })
})
