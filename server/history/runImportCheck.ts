// Consistency of an imported run file beyond its schema: seqs strictly increase, nothing follows `run-finished`, and
// the run's status is the one its `run-finished` says. The store would otherwise drop repeated seqs silently and list
// a status the events contradict, so such a file is refused, naming the first problem.

import type { RunExport } from '../../src/shared/protocol.ts'

/** The first inconsistency of a run file: its path in the file (for ApiError issues) and a readable message. */
export interface ImportProblem {
  path: Array<string | number>
  message: string
}

/** The first inconsistency of `run` (already valid against RunExport's schema), or undefined when there is none. */
export function firstImportProblem(run: RunExport['run']): ImportProblem | undefined {
  const { events } = run
  let finishedAt: number | undefined
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!
    if (finishedAt !== undefined) {
      return {
        path: ['run', 'events', i],
        message: `events[${i}]: a \`${event.type}\` event after run-finished (events[${finishedAt}]); a run's log ends with its run-finished.`,
      }
    }
    if (i > 0) {
      const before = events[i - 1]!
      if (event.seq === before.seq)
        return {
          path: ['run', 'events', i, 'seq'],
          message: `events[${i}]: seq ${event.seq} repeats events[${i - 1}]'s; every event has its own seq.`,
        }
      if (event.seq < before.seq) {
        return {
          path: ['run', 'events', i, 'seq'],
          message: `events[${i}]: seq ${event.seq} comes after seq ${before.seq} (events[${i - 1}]); seqs increase through the log.`,
        }
      }
    }
    if (event.type === 'run-finished') finishedAt = i
  }
  const end = events.at(-1)
  if (end?.type !== 'run-finished')
    return {
      path: ['run', 'events'],
      message: `events: the log ends without run-finished; a finished run's log ends with it.`,
    }
  if (end.status !== run.status) {
    return {
      path: ['run', 'status'],
      message: `status: "${run.status}", but its run-finished (events[${events.length - 1}]) says "${end.status}".`,
    }
  }
  return undefined
}
