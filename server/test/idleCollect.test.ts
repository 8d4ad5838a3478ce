// One full, memory-reducing collection once a burst of runs is over: none while runs are live, none on a server that
// stayed idle, one per burst. Fake timers and a fake gc.

import { afterEach, expect, it, vi } from 'vitest'
import { collectWhenIdle, IDLE_COLLECT_MS, type GcFunction } from '../runs/idleCollect.ts'

afterEach(() => {
  vi.useRealTimers()
})

it('collects once after a burst of runs, when no run has been live for IDLE_COLLECT_MS', () => {
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
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 3)
  expect(gc).toHaveBeenCalledTimes(1)
  stop()
  live = 1
  vi.advanceTimersByTime(1_000)
  live = 0
  vi.advanceTimersByTime(IDLE_COLLECT_MS * 2)
  expect(gc).toHaveBeenCalledTimes(1)
})
