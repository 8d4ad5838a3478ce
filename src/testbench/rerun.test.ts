// Rerun planning: the decisions before the chosen prompt are the earlier run's, the chosen prompt gets the new answer,
// and a point that is not a prompt, or an answer of the wrong kind, is refused with the field at fault.
import { describe, expect, it } from 'vitest'
import type { RunEvent, StartRunBody, Views } from '../shared/protocol.ts'
import { RerunPlanError, rerunPlan } from './rerun.ts'

const views: Views = { raw: {}, display: { value: {} }, transcript: { value: {} } }
const events = [
  { type: 'run-started', toolId: 't', toolCallId: 'c', caller: 'agent', background: false, stepping: true },
  { type: 'approval-requested', input: {}, views },
  { type: 'approval-resolved', approved: true },
  { type: 'suspended', payload: { seats: ['1A'] }, views },
  { type: 'resumed', resumeData: { seat: '1A' }, views },
  { type: 'elicitation-requested', request: { message: 'Name?', requestedSchema: {} } },
  { type: 'elicitation-resolved', result: { action: 'decline' } },
  { type: 'run-finished', status: 'success', durationMs: 3 },
].map((e, seq) => ({ seq, at: seq, ...e }) as RunEvent)
const request: StartRunBody = { toolId: 't', input: { a: 1 }, requestContext: { user: 'ann' }, stepping: true }

describe('rerunPlan', () => {
  it('replays the answers before the chosen point and answers it anew, without step mode', () => {
    expect(rerunPlan({ request, events }, 3, { type: 'resume', resumeData: { seat: '2C' } })).toEqual({
      request: { toolId: 't', input: { a: 1 }, requestContext: { user: 'ann' } },
      decisions: [{ type: 'approve' }, { type: 'resume', resumeData: { seat: '2C' } }],
    })
    expect(rerunPlan({ request, events }, 1, { type: 'decline', reason: 'no' }).decisions).toEqual([
      { type: 'decline', reason: 'no' },
    ])
    expect(
      rerunPlan({ request, events }, 5, { type: 'respond', action: 'accept', content: { name: 'Ann' } }).decisions,
    ).toEqual([
      { type: 'approve' },
      { type: 'resume', resumeData: { seat: '1A' } },
      { type: 'respond', action: 'accept', content: { name: 'Ann' } },
    ])
  })

  it('refuses a point that asks nothing, and an answer of another kind, naming the field', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn()
      } catch (err) {
        return err instanceof RerunPlanError ? err.path : err
      }
      return 'planned'
    }
    expect(refusal(() => rerunPlan({ request, events }, 2, { type: 'approve' }))).toEqual(['atEvent'])
    expect(refusal(() => rerunPlan({ request, events }, 99, { type: 'approve' }))).toEqual(['atEvent'])
    expect(refusal(() => rerunPlan({ request, events }, 1, { type: 'resume', resumeData: {} }))).toEqual([
      'control',
      'type',
    ])
    expect(refusal(() => rerunPlan({ request, events }, 1, { type: 'abort' }))).toEqual(['control', 'type'])
  })
})
