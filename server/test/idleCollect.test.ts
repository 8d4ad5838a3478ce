// Memory-reducing collections once a burst of runs is over: none while runs are live, none on a server that stayed
// idle, two per burst (the second FOLLOW_UP_MS after the first, unless a run came in between). Fake timers, a fake gc.

import { afterEach, expect, it, vi } from 'vitest'
import { collectWhenIdle, FOLLOW_UP_MS, IDLE_COLLECT_MS, type GcFunction } from '../runs/idleCollect.ts'

afterEach(() => {
  vi.useRealTimers()
})

it('collects after a burst of runs, when no run has been live for IDLE_COLLECT_MS, and once more FOLLOW_UP_MS later', () => {
  vi.useFakeTimers()
  let live = 0
  const gc = vi.fn<GcFunction>()
  const stop = collectWhenIdle(() => live, gc)
  // Idle from the start: nothing to give back.
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 3)
  expect(gc).not.toHaveBeenCalled()
  // A burst: nothing while runs are live, then one collection once the server has been idle long enough.
  live = 3
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 2)
  expect(gc).not.toHaveBeenCalled()
  live = 0
  vi.advanceTimersByTime(IDLE_COLLECT_MS - 1_000)
  expect(gc).not.toHaveBeenCalled()
  vi.advanceTimersByTime(1_000)
  expect(gc).toHaveBeenCalledTimes(1)
  expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  vi.advanceTimersByTime(FOLLOW_UP_MS - 500)
  expect(gc).toHaveBeenCalledTimes(1)
  vi.advanceTimersByTime(500)
  expect(gc).toHaveBeenCalledTimes(2)
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 3)
  expect(gc).toHaveBeenCalledTimes(2)
  // A run between the two collections: the follow-up waits for the next idle stretch, which starts over.
  live = 1
  vi.advanceTimersByTime(1_000)
  live = 0
  vi.advanceTimersByTime(IDLE_COLLECT_MS)
  expect(gc).toHaveBeenCalledTimes(3)
  live = 1
  vi.advanceTimersByTime(1_000)
  live = 0
  vi.advanceTimersByTime(IDLE_COLLECT_MS - 500)
  expect(gc).toHaveBeenCalledTimes(3)
  vi.advanceTimersByTime(500)
  expect(gc).toHaveBeenCalledTimes(4)
  vi.advanceTimersByTime(FOLLOW_UP_MS)
  expect(gc).toHaveBeenCalledTimes(5)
  stop()
  live = 1
  vi.advanceTimersByTime(1_000)
  live = 0
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 2)
  expect(gc).toHaveBeenCalledTimes(5)
})
