// The playback clock: recorded offsets with long waits shortened, the event count at a moment, and the state after
// any number of events equal to reducing them from scratch, whichever way the player moves.
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../shared/protocol.ts'
import { applyRunEvents, initialRunState } from '../../shared/runState.ts'
import { CHECKPOINT_EVERY, MAX_GAP_MS, countAt, createReplayer, playbackTimeline } from './timeline.ts'

function logRun(n: number): RunEvent[] {
  const events: RunEvent[] = [
    {
      seq: 0,
      at: 0,
      type: 'run-started',
      toolId: 't',
      toolCallId: 'c',
      caller: 'agent',
      background: false,
      stepping: false,
    },
  ]
  for (let i = 1; i < n - 1; i++)
    events.push({ seq: i, at: i * 3, type: 'log', level: 'info', message: `line ${i}` } as RunEvent)
  events.push({ seq: n - 1, at: n * 3, type: 'run-finished', status: 'success', durationMs: n * 3 })
  return events
}

describe('playbackTimeline', () => {
  it('keeps recorded offsets and shortens waits over MAX_GAP_MS', () => {
    const timeline = playbackTimeline([{ at: 100 }, { at: 150 }, { at: 60_150 }, { at: 60_160 }])
    expect(timeline.times).toEqual([0, 50, 50 + MAX_GAP_MS, 60 + MAX_GAP_MS])
    expect(timeline).toMatchObject({ total: 60 + MAX_GAP_MS, shortened: 1 })
    expect(playbackTimeline([])).toEqual({ times: [], total: 0, shortened: 0 })
  })
})

describe('countAt', () => {
  it('counts the events at or before a moment', () => {
    const times = [0, 10, 10, 20]
    expect([-1, 0, 5, 10, 19, 20, 99].map((t) => countAt(times, t))).toEqual([0, 1, 1, 3, 3, 4, 4])
  })
})

describe('createReplayer', () => {
  it('gives the state of the first n events forward, backward and across checkpoints, as a fresh reduce would', () => {
    const events = logRun(CHECKPOINT_EVERY * 3 + 17)
    const stateAt = createReplayer(events)
    for (const n of [
      0,
      1,
      5,
      CHECKPOINT_EVERY + 3,
      CHECKPOINT_EVERY * 2,
      3,
      events.length,
      CHECKPOINT_EVERY * 2 + 9,
      events.length + 5,
    ]) {
      const expected = applyRunEvents(initialRunState, events.slice(0, Math.min(n, events.length)))
      const actual = stateAt(n)
      expect(actual.events.length).toBe(expected.events.length)
      expect(actual.logs.length).toBe(expected.logs.length)
      expect(actual.status).toBe(expected.status)
    }
    expect(stateAt(events.length).status).toBe('success')
    expect(stateAt(1).status).toBe('running')
  })
})
