// The clock of a recorded run's playback: when each event happens (its recorded offset, with waits over two seconds
// shortened so a run that waited minutes for a person still plays in seconds), which events have happened at a
// moment, and the run's state after any number of events, computed forward from checkpoints so that playing is
// incremental and seeking back costs at most one checkpoint's worth of events.

import type { RunEvent } from '../../shared/protocol.ts'
import { applyRunEvents, initialRunState, type RunState } from '../../shared/runState.ts'

/** Longest pause kept as recorded; longer ones (a person answering, a slow call) play as this. */
export const MAX_GAP_MS = 2000
/** Events between two kept states. */
export const CHECKPOINT_EVERY = 250

/** When each event plays, in ms from the start; `shortened` counts the waits cut to MAX_GAP_MS. */
export interface Timeline {
  times: number[]
  total: number
  shortened: number
}

/** The playback times of `events`, from their recorded offsets (`at`). */
export function playbackTimeline(events: readonly Pick<RunEvent, 'at'>[]): Timeline {
  const times: number[] = []
  let t = 0
  let shortened = 0
  events.forEach((e, i) => {
    if (i > 0) {
      const gap = Math.max(0, e.at - events[i - 1].at)
      if (gap > MAX_GAP_MS) shortened++
      t += Math.min(gap, MAX_GAP_MS)
    }
    times.push(t)
  })
  return { times, total: t, shortened }
}

/** How many events have happened at playback time `t` (binary search: times are sorted). */
export function countAt(times: readonly number[], t: number): number {
  let lo = 0
  let hi = times.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (times[mid] <= t) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The run's state after the first `count` events, for any count in any order. */
export function createReplayer(events: readonly RunEvent[]): (count: number) => RunState {
  const checkpoints: RunState[] = [initialRunState]
  let last = { count: 0, state: initialRunState }
  // The latest checkpoint at or before `target` (checkpoints are made in order, so the first one always exists).
  const checkpointBefore = (target: number) => {
    let k = Math.floor(target / CHECKPOINT_EVERY)
    while (!checkpoints[k]) k--
    return { count: k * CHECKPOINT_EVERY, state: checkpoints[k] }
  }
  return (count) => {
    const target = Math.max(0, Math.min(count, events.length))
    const from = last.count <= target ? last : checkpointBefore(target)
    let { count: at, state } = from
    while (at < target) {
      const next = Math.min(target, (Math.floor(at / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY)
      state = applyRunEvents(state, events.slice(at, next))
      at = next
      if (at % CHECKPOINT_EVERY === 0) checkpoints[at / CHECKPOINT_EVERY] ??= state
    }
    last = { count: target, state }
    return state
  }
}
