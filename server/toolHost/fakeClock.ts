// A fake clock for one run (`clock: "fake"`): while it is installed, the worker's `setTimeout` and `setInterval` fire
// at once, earliest due first, and `Date.now()` / `new Date()` jump ahead by the time skipped, so a tool that sleeps,
// polls or retries runs in milliseconds. Each timer is fired on its own turn of the event loop (promise callbacks
// run between two), and not while one of the run's HTTP requests is in flight: a request timeout set with
// `setTimeout` does not fire before the answer it guards. Bounded: past MAX_FIRED timers the run is ended.
// Node's internal timers (AbortSignal.timeout, sockets) and `performance.now()` keep real time.

/** Timers one run may fire on a fake clock before it is ended (a tool that polls forever). */
export const MAX_FIRED = 100_000

const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
  Date: globalThis.Date,
}

/** What the fake clock reports to. */
export interface FakeClockHooks {
  /** A timer fired `ms` early; `totalMs` is all the time skipped so far. */
  skipped(event: { ms: number; totalMs: number; timer: 'setTimeout' | 'setInterval' }): void
  /** The run made more than MAX_FIRED timers fire: it is ended with this message. */
  exhausted(message: string): void
  /** True while a request of the run is waiting for its answer (timers wait too). */
  busy(): boolean
}

interface FakeTimer {
  id: number
  due: number
  seq: number
  fn: (...args: unknown[]) => void
  args: unknown[]
  every?: number
}

/** A Timeout-like handle: what Node code calls on a timer (`unref`, `ref`, `hasRef`, `refresh`, its number). */
class Handle {
  constructor(
    readonly id: number,
    private readonly refreshTimer: () => void,
  ) {}
  ref(): this {
    return this
  }
  unref(): this {
    return this
  }
  hasRef(): boolean {
    return true
  }
  refresh(): this {
    this.refreshTimer()
    return this
  }
  [Symbol.toPrimitive](): number {
    return this.id
  }
}

/** Installs the fake clock on the worker's globals; returns the function that puts the real ones back. */
export function installFakeClock(hooks: FakeClockHooks): () => void {
  const timers = new Map<number, FakeTimer>()
  let nextId = 1
  let seq = 0
  let skippedMs = 0
  let fired = 0
  let pumping = false
  let stopped = false
  const now = () => real.Date.now() + skippedMs

  const schedulePump = (): void => {
    if (pumping || stopped) return
    pumping = true
    real.setImmediate(pump)
  }
  const pump = (): void => {
    pumping = false
    if (stopped || timers.size === 0) return
    if (hooks.busy()) {
      // A request is in flight: look again shortly, in real time.
      pumping = true
      real.setTimeout(pump, 1)
      return
    }
    let next: FakeTimer | undefined
    for (const t of timers.values()) if (!next || t.due < next.due || (t.due === next.due && t.seq < next.seq)) next = t
    const timer = next!
    if (++fired > MAX_FIRED) {
      stopped = true
      timers.clear()
      hooks.exhausted(
        `The fake clock fired more than ${MAX_FIRED} timers: the tool seems to poll or retry without end.`,
      )
      return
    }
    const ahead = timer.due - now()
    if (ahead > 0) {
      skippedMs += ahead
      hooks.skipped({ ms: ahead, totalMs: skippedMs, timer: timer.every === undefined ? 'setTimeout' : 'setInterval' })
    }
    if (timer.every === undefined) timers.delete(timer.id)
    else Object.assign(timer, { due: now() + timer.every, seq: seq++ })
    schedulePump()
    timer.fn(...timer.args)
  }

  const add = (fn: unknown, ms: unknown, args: unknown[], repeat: boolean): Handle => {
    const delay = Math.max(0, Number(ms) || 0)
    const id = nextId++
    const timer: FakeTimer = {
      id,
      due: now() + delay,
      seq: seq++,
      fn: typeof fn === 'function' ? (fn as FakeTimer['fn']) : () => {},
      args,
      ...(repeat ? { every: Math.max(1, delay) } : {}),
    }
    timers.set(id, timer)
    schedulePump()
    return new Handle(id, () => {
      if (timers.has(id)) Object.assign(timer, { due: now() + delay, seq: seq++ })
    })
  }
  const clear = (handle: unknown): void => {
    if (handle instanceof Handle) timers.delete(handle.id)
    else if (typeof handle === 'number') timers.delete(handle)
  }

  class FakeDate extends real.Date {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(now())
      else super(...(args as [string | number]))
    }
    static override now(): number {
      return now()
    }
  }

  const globals = globalThis as Record<string, unknown>
  globals.setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, args, false)
  globals.setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) => add(fn, ms, args, true)
  globals.clearTimeout = clear
  globals.clearInterval = clear
  globals.Date = FakeDate
  return () => {
    stopped = true
    timers.clear()
    globals.setTimeout = real.setTimeout
    globals.clearTimeout = real.clearTimeout
    globals.setInterval = real.setInterval
    globals.clearInterval = real.clearInterval
    globals.Date = real.Date
  }
}
