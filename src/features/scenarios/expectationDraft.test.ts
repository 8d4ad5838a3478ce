// Unit tests of the "Save as scenario" expectation draft: toggles rewrite the JSON text, and what is saved is
// exactly the text (checked by the protocol's Expectation schema, with the reason when it cannot be).
import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../testbench/match.ts'
import { availableViews, draftFromOutcome, parseExpectationDraft, scenarioNameProblem, summarizeDraft, withField, withView } from './expectationDraft.ts'

const outcome: Outcome = { status: 'success', raw: { t: 21 }, display: { text: '21°' }, transcript: { t: 21 }, model: { type: 'text', value: '21 degrees' } }

describe('expectation draft', () => {
  it('starts as the exact expectation of the run, every view present', () => {
    const text = draftFromOutcome(outcome)
    expect(JSON.parse(text)).toEqual({ ...outcome, match: 'exact' })
    expect(summarizeDraft(text)).toEqual({ status: 'success', match: 'exact', views: new Set(['raw', 'display', 'transcript', 'model']) })
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
    expect(parseExpectationDraft(text)).toEqual({ ok: true, value: { status: 'success', match: 'partial', raw: { t: 21 }, display: { text: '21°' }, model: outcome.model } })
  })

  it('leaves a text that is not a JSON object alone, and says why it cannot be saved', () => {
    expect(withView('{"status":', 'raw', true, outcome)).toBe('{"status":')
    expect(withField('[1]', 'status', 'error')).toBe('[1]')
    expect(summarizeDraft('nope')).toBeUndefined()
    expect(parseExpectationDraft('{"status":')).toMatchObject({ ok: false, reason: expect.stringMatching(/^Invalid JSON/) })
    expect(parseExpectationDraft('{"status":"done"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/^status: /) })
    expect(parseExpectationDraft('{"status":"success","extra":1}')).toMatchObject({ ok: false, reason: expect.stringContaining('extra') })
  })

  it('refuses scenario names that could leave the scenario folder', () => {
    expect(scenarioNameProblem('taipei-sunny_2.v1')).toBeUndefined()
    for (const bad of ['', '../x', 'a/b', '.hidden', 'a..b', 'x'.repeat(101)]) expect(scenarioNameProblem(bad)).toBeTruthy()
  })
})
