// Rerun from here: the request and the scripted decisions that take a new run of a finished run's request to one of its
// prompts (approval, suspension, elicitation) exactly as before, then answer that prompt with another control. The
// decisions are replayed by answerPrompts, the machinery scenario replays use.
import type { RunControl, RunRecord, StartRunBody } from '../shared/protocol.ts'
import type { Decision } from './scenario.ts'
import { answersTo, decisionsFromEvents } from './replay.ts'

/** A rerun that cannot be planned, with the path of the field at fault in the request body. */
export class RerunPlanError extends Error {
  constructor(
    message: string,
    readonly path: Array<string | number>,
  ) {
    super(message)
  }
}

/** What a rerun starts with. */
export interface RerunPlan {
  request: StartRunBody
  decisions: Decision[]
}

/** Plans a rerun of `record` from its prompt event `atEvent` (a seq), answered with `control`. */
export function rerunPlan(
  record: Pick<RunRecord, 'request' | 'events'>,
  atEvent: number,
  control: RunControl,
): RerunPlan {
  const point = record.events.find((e) => e.seq === atEvent)
  const answers = point && answersTo(point.type)
  if (!point || !answers)
    throw new RerunPlanError(`Event #${atEvent} of the run is not an approval, suspension or elicitation point.`, [
      'atEvent',
    ])
  if (!answers.includes(control.type as Decision['type'])) {
    throw new RerunPlanError(`The ${point.type} point is answered with ${answers.join(' or ')}, not ${control.type}.`, [
      'control',
      'type',
    ])
  }
  const before = decisionsFromEvents(record.events.filter((e) => e.seq < atEvent))
  // A rerun goes straight through: the earlier run's step mode is not kept.
  const { stepping: _stepping, ...request } = record.request
  return { request, decisions: [...before, control as Decision] }
}
