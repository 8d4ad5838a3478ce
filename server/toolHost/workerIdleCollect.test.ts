// The worker's idle collection: one memory-reducing collection once the worker has been without a run for the delay,
// none while a run is in flight, the wait restarted by each run that ends, nothing without `gc`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { idleCollector, WORKER_IDLE_COLLECT_MS } from './workerIdleCollect.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('idleCollector', () => {
  it('collects once, memory-reducing, after the worker has been idle for the delay', () => {
    const gc = vi.fn()
    const schedule = idleCollector(() => false, gc)
    schedule()
    vi.advanceTimersByTime(WORKER_IDLE_COLLECT_MS - 1)
    expect(gc).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(gc).toHaveBeenCalledExactlyOnceWith({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    vi.advanceTimersByTime(10 * WORKER_IDLE_COLLECT_MS)
    expect(gc).toHaveBeenCalledTimes(1)
  })

  it('restarts the wait when another run ends, and skips the collection while a run is in flight', () => {
    const gc = vi.fn()
    let busy = false
    const schedule = idleCollector(() => busy, gc, 100)
    schedule()
    vi.advanceTimersByTime(60)
    schedule()
    vi.advanceTimersByTime(60)
    expect(gc).not.toHaveBeenCalled()
    busy = true
    vi.advanceTimersByTime(40)
    expect(gc).not.toHaveBeenCalled()
    busy = false
    schedule()
    vi.advanceTimersByTime(100)
    expect(gc).toHaveBeenCalledTimes(1)
  })

  it('does nothing without gc exposed', () => {
    const schedule = idleCollector(() => false, undefined, 100)
    schedule()
    expect(vi.getTimerCount()).toBe(0)
  })
})
