// Where a finished run can be rerun from (its approval, suspension and elicitation events) and the answer a rerun
// proposes there: the other choice for an approval, the data the run was resumed with (to edit) for a suspension,
// the answer given for an elicitation.
import type { RunControl, RunEvent } from '../../shared/protocol.ts'

/** A prompt event: a point a rerun can start from. */
export type RerunPoint = Extract<RunEvent, { type: 'approval-requested' | 'suspended' | 'elicitation-requested' }>

/** True for an event a rerun can start from. */
export function isRerunPoint(event: RunEvent): event is RerunPoint {
  return event.type === 'approval-requested' || event.type === 'suspended' || event.type === 'elicitation-requested'
}

/** The event that answered `point` in `events`, if it was answered. */
function answerOf(events: readonly RunEvent[], point: RerunPoint): RunEvent | undefined {
  const answer = {
    'approval-requested': 'approval-resolved',
    suspended: 'resumed',
    'elicitation-requested': 'elicitation-resolved',
  }[point.type]
  return events.find((e) => e.seq > point.seq && e.type === answer)
}

/** The control a rerun from `point` proposes. */
export function proposedAnswer(events: readonly RunEvent[], point: RerunPoint): RunControl {
  const answered = answerOf(events, point)
  switch (point.type) {
    case 'approval-requested':
      return answered?.type === 'approval-resolved' && !answered.approved
        ? { type: 'approve' }
        : answered
          ? { type: 'decline' }
          : { type: 'approve' }
    case 'suspended':
      return { type: 'resume', resumeData: answered?.type === 'resumed' ? answered.resumeData : {} }
    case 'elicitation-requested':
      return answered?.type === 'elicitation-resolved'
        ? { type: 'respond', ...answered.result }
        : { type: 'respond', action: 'accept', content: {} }
  }
}
