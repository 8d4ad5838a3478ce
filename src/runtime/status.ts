// The run-status vocabulary and state machine: every status, the end and waiting subsets, which event moves a run to
// which status. The runtime, the server registry, the history store and the UI reducer all use it, so they agree.
// Plain TypeScript with no imports: the runtime (the bottom layer), the server and the browser import it.

/**
 * Every status a run can have, in lifecycle order: `queued` (server only) until it has an execution slot and a worker,
 * the statuses of a live run, then the end statuses. The one place a status is spelled; every other list and type
 * derives from this one, and code names a status through `Status` below.
 */
export const RUN_STATUSES = [
  'queued',
  'running',
  'awaiting-approval',
  'suspended',
  'awaiting-elicitation',
  'paused',
  'success',
  'error',
  'declined',
  'aborted',
  'interrupted',
  'expired',
] as const

/** Every status a run can have on the server (and in history). */
export type RunLifecycleStatus = (typeof RUN_STATUSES)[number]

/** The statuses by name, so code never spells a status: `Status.awaitingApproval`. */
export const Status = {
  queued: RUN_STATUSES[0],
  running: RUN_STATUSES[1],
  awaitingApproval: RUN_STATUSES[2],
  suspended: RUN_STATUSES[3],
  awaitingElicitation: RUN_STATUSES[4],
  paused: RUN_STATUSES[5],
  success: RUN_STATUSES[6],
  error: RUN_STATUSES[7],
  declined: RUN_STATUSES[8],
  aborted: RUN_STATUSES[9],
  interrupted: RUN_STATUSES[10],
  expired: RUN_STATUSES[11],
} as const satisfies Record<string, RunLifecycleStatus>

/** The final statuses, in the order they are listed: how a run ended, as written in its terminal `run-finished` event. */
export const RUN_END_STATUSES = [
  Status.success,
  Status.error,
  Status.declined,
  Status.aborted,
  Status.interrupted,
  Status.expired,
] as const

/** How a run ended. */
export type RunEndStatus = (typeof RUN_END_STATUSES)[number]

/** The ends the server writes when a run did not end by itself (a crash or restart, a wait that expired). */
export const SERVER_END_STATUSES = [Status.interrupted, Status.expired] as const

/** How the runtime itself ends a run: every end status but the server's. */
export type RuntimeEndStatus = Exclude<RunEndStatus, (typeof SERVER_END_STATUSES)[number]>

/** Statuses in which the run waits for a person (no run timeout applies; the waiting expiry does). */
export const WAITING_STATUSES = [
  Status.awaitingApproval,
  Status.suspended,
  Status.awaitingElicitation,
  Status.paused,
] as const

/** A status in which the run waits for a person. */
export type WaitingStatus = (typeof WAITING_STATUSES)[number]

/** The waits a run can be parked in without a live worker (a checkpoint continues it): approval and resume data. */
export const PARKED_STATUSES = [Status.awaitingApproval, Status.suspended] as const

/** A wait a parked run is in. */
export type ParkedStatus = (typeof PARKED_STATUSES)[number]

/** The status the playground shows before a run's first event arrives: never stored, never sent. */
export const IDLE = 'idle' as const

/**
 * What a replay reports when the run wrote no terminal event (the script did not fit, the run was lost). A scenario's
 * outcome only, never a run's status.
 */
export const UNFINISHED = 'unfinished' as const

/** How a replayed run turned out, in a scenario's terms: how it ended, or that it did not. */
export type OutcomeStatus = RunEndStatus | typeof UNFINISHED

/** A status of a live run in the runtime (no queue: the runtime starts running at once). */
export type RuntimeRunState = Exclude<RunLifecycleStatus, typeof Status.queued | (typeof SERVER_END_STATUSES)[number]>

const FINAL: ReadonlySet<string> = new Set(RUN_END_STATUSES)
const WAITING: ReadonlySet<string> = new Set(WAITING_STATUSES)

/** True once the run can no longer change. */
export function isFinalStatus(status: string): status is RunEndStatus {
  return FINAL.has(status)
}

/** True while the run waits for a person. */
export function isWaitingStatus(status: string): status is WaitingStatus {
  return WAITING.has(status)
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
      return Status.running
    case 'approval-requested':
      return Status.awaitingApproval
    case 'suspended':
      return Status.suspended
    case 'elicitation-requested':
      return Status.awaitingElicitation
    case 'paused':
      return Status.paused
    case 'run-finished':
      return event.status as RunEndStatus
    case 'approval-resolved':
      return event.approved === false ? Status.declined : Status.running
    case 'aborted':
      return Status.aborted
    case 'resumed':
    case 'elicitation-resolved':
      return Status.running
    case 'log':
    case 'span':
    case 'hook-error':
    case 'state-changed':
    case 'background-attempt':
      // Side-channel events never change the status (a paused run may still log).
      return current
    default:
      return current === Status.paused || (current as string) === IDLE ? Status.running : current
  }
}
