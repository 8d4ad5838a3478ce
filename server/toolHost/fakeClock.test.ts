import { afterEach, describe, expect, it } from 'vitest'
import { installFakeClock, MAX_FIRED } from './fakeClock.ts'

let restore: (() => void) | undefined
afterEach(() => restore?.())

function install(busy = () => false) {
  const skipped: Array<{ ms: number; totalMs: number; timer: string }> = []
  const exhausted: string[] = []
  restore = installFakeClock({ skipped: (e) => skipped.push(e), exhausted: (m) => exhausted.push(m), busy })
  return { skipped, exhausted }
}

describe('fake clock', () => {
  it('fires timers at once in due order and moves Date ahead by the time skipped', async () => {
    const { skipped } = install()
    const realStart = performance.now()
    const start = Date.now()
    const order: string[] = []
    await new Promise<void>((resolve) => {
      setTimeout(() => order.push('b 2000'), 2000)
      setTimeout(() => order.push('a 500'), 500)
      setTimeout(() => {
        order.push('c 60000')
        resolve()
      }, 60_000)
    })
    expect(order).toEqual(['a 500', 'b 2000', 'c 60000'])
    expect(Date.now() - start).toBeGreaterThanOrEqual(60_000)
    expect(new Date().getTime() - start).toBeGreaterThanOrEqual(60_000)
    expect(skipped.at(-1)!.totalMs).toBeGreaterThanOrEqual(59_000)
    expect(skipped.map((s) => s.timer)).toEqual(['setTimeout', 'setTimeout', 'setTimeout'])
    // Real time: far less than a minute went by (not a performance assertion: the fake clock did not wait).
    expect(performance.now() - realStart).toBeLessThan(60_000)
  })

  it('repeats intervals until cleared; a cleared timeout never fires', async () => {
    install()
    let ticks = 0
    const never = setTimeout(() => (ticks = -100), 10)
    clearTimeout(never)
    await new Promise<void>((resolve) => {
      const t = setInterval(() => {
        if (++ticks === 5) {
          clearInterval(t)
          resolve()
        }
      }, 1000)
    })
    expect(ticks).toBe(5)
  })

  it('holds its timers while a request is in flight', async () => {
    let busy = true
    install(() => busy)
    let fired = false
    setTimeout(() => (fired = true), 5000)
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(fired).toBe(false)
    busy = false
    await new Promise<void>((resolve) => setTimeout(resolve, 6000))
    expect(fired).toBe(true)
  })

  it('ends a run that polls without end, and restores the real timers', async () => {
    const [realSetTimeout, RealDate] = [globalThis.setTimeout, globalThis.Date]
    const { exhausted } = install()
    expect(globalThis.setTimeout).not.toBe(realSetTimeout)
    setInterval(() => {}, 10)
    await new Promise<void>((resolve) => {
      const check = () => (exhausted.length ? resolve() : void globalThis.setImmediate(check))
      check()
    })
    expect(exhausted[0]).toContain(`more than ${MAX_FIRED} timers`)
    restore!()
    restore = undefined
    expect(globalThis.setTimeout).toBe(realSetTimeout)
    expect(globalThis.Date).toBe(RealDate)
  })
})
