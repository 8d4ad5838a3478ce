// Rerun points and the answers proposed there: approvals flip, suspensions keep their resume data to edit,
// elicitations keep their answer; a point never answered (the run expired there) gets a plain default.
import { describe, expect, it } from 'vitest'
import type { RunEvent, Views } from '../../shared/protocol.ts'
import { isRerunPoint, proposedAnswer, type RerunPoint } from './rerunPoints.ts'

const views: Views = { raw: {}, display: { value: {} }, transcript: { value: {} } }
const log = (events: Array<Record<string, unknown>>) => events.map((e, seq) => ({ seq, at: seq, ...e }) as RunEvent)
const asked = { type: 'approval-requested', input: {}, views }

describe('rerun points', () => {
  it('are the approval, suspension and elicitation events', () => {
    const events = log([
      { type: 'run-started' },
      asked,
      { type: 'approval-resolved', approved: true },
      { type: 'suspended', payload: {}, views },
      { type: 'elicitation-requested', request: { message: '', requestedSchema: {} } },
    ])
    expect(events.filter(isRerunPoint).map((e) => e.seq)).toEqual([1, 3, 4])
  })

  it('propose the other choice for an approval, approving one never answered', () => {
    const declined = log([asked, { type: 'approval-resolved', approved: false, reason: 'no' }])
    expect(proposedAnswer(declined, declined[0] as RerunPoint)).toEqual({ type: 'approve' })
    const approved = log([asked, { type: 'approval-resolved', approved: true }])
    expect(proposedAnswer(approved, approved[0] as RerunPoint)).toEqual({ type: 'decline' })
    const expired = log([asked])
    expect(proposedAnswer(expired, expired[0] as RerunPoint)).toEqual({ type: 'approve' })
  })

  it('propose the earlier resume data and elicitation answer, to be edited', () => {
    const events = log([
      { type: 'suspended', payload: {}, views },
      { type: 'resumed', resumeData: { seat: '1A' }, views },
      { type: 'elicitation-requested', request: { message: '', requestedSchema: {} } },
      { type: 'elicitation-resolved', result: { action: 'accept', content: { name: 'Ann' } } },
    ])
    expect(proposedAnswer(events, events[0] as RerunPoint)).toEqual({ type: 'resume', resumeData: { seat: '1A' } })
    expect(proposedAnswer(events, events[2] as RerunPoint)).toEqual({
      type: 'respond',
      action: 'accept',
      content: { name: 'Ann' },
    })
    const open = log([{ type: 'suspended', payload: {}, views }])
    expect(proposedAnswer(open, open[0] as RerunPoint)).toEqual({ type: 'resume', resumeData: {} })
  })
})
