// The conversations of "Try with a model", kept in memory: each one's events for replay and live
// subscribers, and a way to cancel it. At most MAX_TALKING talk at once (a model call can take a minute; a flood of
// tries is refused, not queued) and the last MAX_KEPT are kept for reading back.

import { randomUUID } from 'node:crypto'
import { modelLabel, type TryBody, type TryEvent, type TryPhase, type TrySession } from '../../src/shared/protocol.ts'
import { converse, type ConversationDeps } from './conversation.ts'

/** Conversations talking at once; one more is refused. */
export const MAX_TALKING = 4
/** Conversations kept for reading back, newest last. */
export const MAX_KEPT = 20

/** Thrown when MAX_TALKING conversations are already talking. */
export class TooManyTriesError extends Error {}

interface Kept {
  session: TrySession
  controller: AbortController
  listeners: Set<(event: TryEvent) => void>
}

export class TrySessions {
  readonly #kept = new Map<string, Kept>()

  constructor(private readonly deps: Omit<ConversationDeps, 'onEvent' | 'signal' | 'answer'>) {}

  /** Starts a conversation in the background; its id at once. */
  start(body: TryBody): string {
    const talking = [...this.#kept.values()].filter((k) => k.session.phase === 'talking').length
    if (talking >= MAX_TALKING)
      throw new TooManyTriesError(
        `${MAX_TALKING} conversations are already talking to a model; wait for one to finish or cancel it.`,
      )
    const id = randomUUID()
    const { model: target } = body
    const kept: Kept = {
      session: {
        id,
        model: {
          provider: target.provider,
          model: target.model,
          ...(target.baseURL ? { baseURL: target.baseURL } : {}),
        },
        phase: 'talking',
        events: [],
      },
      controller: new AbortController(),
      listeners: new Set(),
    }
    this.#kept.set(id, kept)
    this.#forgetOld()
    const onEvent = (event: TryEvent) => {
      kept.session.events.push(event)
      if (event.type === 'finished') kept.session.phase = event.phase
      for (const listener of kept.listeners) listener(event)
    }
    void converse({ ...this.deps, signal: kept.controller.signal, onEvent }, body).catch((err: unknown) => {
      // converse reports its own failures; this is a bug's last word, so the session still ends.
      onEvent({
        seq: kept.session.events.length,
        type: 'finished',
        phase: 'failed',
        text: '',
        usage: {},
        steps: 0,
        error: `${modelLabel(target)}: ${(err as Error).message}`,
      })
    })
    return id
  }

  get(id: string): TrySession | undefined {
    return this.#kept.get(id)?.session
  }

  /** Every event from the first, then each new one; undefined for an unknown id. Returns the unsubscribe. */
  subscribe(id: string, onEvent: (event: TryEvent) => void): (() => void) | undefined {
    const kept = this.#kept.get(id)
    if (!kept) return undefined
    for (const event of kept.session.events) onEvent(event)
    if (kept.session.phase !== 'talking') return () => {}
    kept.listeners.add(onEvent)
    return () => kept.listeners.delete(onEvent)
  }

  /** Cancels a talking conversation (its runs in flight are aborted); false for an unknown id. */
  cancel(id: string): boolean {
    const kept = this.#kept.get(id)
    if (!kept) return false
    kept.controller.abort()
    return true
  }

  /** Cancels every conversation (the server is closing). */
  cancelAll(): void {
    for (const kept of this.#kept.values()) kept.controller.abort()
  }

  #forgetOld(): void {
    const ended = (phase: TryPhase) => phase !== 'talking'
    for (const [id, kept] of this.#kept) {
      if (this.#kept.size <= MAX_KEPT) return
      if (ended(kept.session.phase)) this.#kept.delete(id)
    }
  }
}
