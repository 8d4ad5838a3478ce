// The one run-status state machine: which event moves a run to which status, which statuses are final and which
// wait for a person. Used by the server registry, the history store and the UI reducer, so they always agree.
// Plain TypeScript (no zod, no node:*): the runtime, the server and the browser all import it.

/** How a run ended, as written in its terminal `run-finished` event. */
export type RunEndStatus = 'success' | 'error' | 'declined' | 'aborted' | 'interrupted' | 'expired'

/** Every status a run can have on the server (and in history); `queued` until it has an execution slot and a worker. */
export type RunLifecycleStatus = 'queued' | 'running' | 'awaiting-approval' | 'suspended' | 'awaiting-elicitation' | 'paused' | RunEndStatus

/** The final statuses, in the order they are listed. */
export const RUN_END_STATUSES = ['success', 'error', 'declined', 'aborted', 'interrupted', 'expired'] as const satisfies readonly RunEndStatus[]

/** Statuses in which the run waits for a person (no run timeout applies; the waiting expiry does). */
export const WAITING_STATUSES: ReadonlySet<string> = new Set(['awaiting-approval', 'suspended', 'awaiting-elicitation', 'paused'])

const FINAL: ReadonlySet<string> = new Set(RUN_END_STATUSES)

/** True once the run can no longer change. */
export function isFinalStatus(status: string): status is RunEndStatus {
  return FINAL.has(status)
}

/** True while the run waits for a person. */
export function isWaitingStatus(status: string): boolean {
  return WAITING_STATUSES.has(status)
}

/** The fields of an event the state machine reads (any run event fits). */
export interface StatusEvent {
  type: string
  status?: string
  approved?: boolean
}

/**
 * Status after `event`. Only `run-finished` makes a run final for good; a declined approval or an abort shows its
 * outcome at once (the terminal event that follows confirms it). Progress after a pause means the run was continued.
 */
export function statusAfter<S extends string>(current: S, event: StatusEvent): S | RunLifecycleStatus {
  switch (event.type) {
    case 'run-started':
      return 'running'
    case 'approval-requested':
      return 'awaiting-approval'
    case 'suspended':
      return 'suspended'
    case 'elicitation-requested':
      return 'awaiting-elicitation'
    case 'paused':
      return 'paused'
    case 'run-finished':
      return event.status as RunEndStatus
    case 'approval-resolved':
      return event.approved === false ? 'declined' : 'running'
    case 'aborted':
      return 'aborted'
    case 'resumed':
    case 'elicitation-resolved':
      return 'running'
    case 'log':
    case 'span':
    case 'hook-error':
    case 'state-changed':
    case 'background-attempt':
      // Side-channel events never change the status (a paused run may still log).
      return current
    default:
      return current === 'paused' || (current as string) === 'idle' ? 'running' : current
  }
}
