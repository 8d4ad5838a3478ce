// The buffered event log of one run: numbers and timestamps events, keeps them all, and lets any number of
// async iterations (started at any time) replay from the first event and then follow live until the run ends.

import type { RunEvent } from './events.ts'

/** An event before the log stamps it. */
export type PendingEvent = RunEvent extends infer E ? (E extends RunEvent ? Omit<E, 'seq' | 'at'> : never) : never

export class EventLog {
  readonly events: RunEvent[] = []
  #closed = false
  #wakers: Array<() => void> = []
  #listeners = new Set<(event: RunEvent) => void>()
  readonly #startedAt: number
  readonly #firstSeq: number
  readonly #prepare: (event: PendingEvent) => PendingEvent

  /**
   * `prepare` runs on every event before it is stored (the run scrubs secrets there). A continued run's log goes on
   * from `continues`: its first sequence number, and when the run started (epoch ms, so any thread agrees).
   */
  constructor(
    prepare: (event: PendingEvent) => PendingEvent = (e) => e,
    continues?: { firstSeq: number; startedAt: number },
  ) {
    this.#startedAt = continues ? continues.startedAt - performance.timeOrigin : performance.now()
    this.#firstSeq = continues?.firstSeq ?? 0
    this.#prepare = prepare
  }

  /** Milliseconds since the run started. */
  now(): number {
    return performance.now() - this.#startedAt
  }

  /** When the run started, in epoch milliseconds. */
  get startedAt(): number {
    return performance.timeOrigin + this.#startedAt
  }

  /** The sequence number the next event gets. */
  get nextSeq(): number {
    return this.#firstSeq + this.events.length
  }

  get closed(): boolean {
    return this.#closed
  }

  /** Stamps and stores an event; ignored once the log is closed (a tool still running after abort reports nothing). */
  push(pending: PendingEvent): RunEvent | undefined {
    if (this.#closed) return undefined
    const event = { ...this.#prepare(pending), seq: this.nextSeq, at: this.now() } as RunEvent
    this.events.push(event)
    for (const listener of this.#listeners) {
      try {
        listener(event)
      } catch {
        // A faulty subscriber must not break the run.
      }
    }
    this.#wake()
    return event
  }

  /** No more events after this. */
  close(): void {
    this.#closed = true
    this.#wake()
  }

  subscribe(listener: (event: RunEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #wake(): void {
    const wakers = this.#wakers
    this.#wakers = []
    for (const wake of wakers) wake()
  }

  [Symbol.asyncIterator](): AsyncIterator<RunEvent> {
    let index = 0
    let stopped = false
    const next = async (): Promise<IteratorResult<RunEvent>> => {
      while (index >= this.events.length) {
        if (this.#closed || stopped) return { done: true, value: undefined }
        await new Promise<void>((resolve) => this.#wakers.push(resolve))
      }
      return { done: false, value: this.events[index++] }
    }
    return { next, return: async () => ((stopped = true), { done: true, value: undefined }) }
  }
}
