// What the tool host tells the owner of its runs (the run registry): each event, validated once at the worker edge,
// how a run that leaves the host without its own `run-finished` ended (said explicitly, never left to be guessed),
// and what a recording run recorded. Also the errors a start can end with.

import type { CassetteExchange, RunEvent, RunRecordStatus } from '../../src/shared/protocol.ts'
import type { Status } from '../../src/runtime/index.ts'

/**
 * How a run ended that left the host without a `run-finished` of its own: `aborted` when it was aborted by request (an
 * abort of a parked run, or of a run whose tool ignored it or whose worker stopped meanwhile), `error` otherwise (its
 * worker crashed, exited or was terminated for its timeout, its continuation failed, it broke the worker protocol).
 */
export type RunLossStatus = typeof Status.aborted | typeof Status.error

/** Receives run events and run losses from the host. */
export interface RunSink {
  /**
   * One event of a run, validated and expanded at the worker edge (never again after). The run's owner returns the
   * run's status after it, and the host's execution slots follow that status; a sink that keeps no run state (a test's,
   * the CLI's) returns nothing, and the host then applies the status machine itself, still once per event.
   */
  onEvent(runId: string, event: RunEvent): RunRecordStatus | undefined | void
  /**
   * The run left the host without its `run-finished` (its worker stopped, its start or continuation failed, it was
   * aborted while parked): the owner ends it as `end`, with `message` as the abort's reason (may be empty) or the error.
   */
  onRunLost(runId: string, message: string, end: RunLossStatus): void
  /** Network mode `record`: one exchange of the run, recorded (before the run's `run-finished`). */
  onRecorded?(runId: string, exchange: CassetteExchange): void
}

/** A sink that forwards to one made later (the run registry is built on the host that reports to it). */
export function forwardingSink(target: () => RunSink): RunSink {
  return {
    onEvent: (runId, event) => target().onEvent(runId, event),
    onRunLost: (runId, message, end) => target().onRunLost(runId, message, end),
    onRecorded: (runId, exchange) => target().onRecorded?.(runId, exchange),
  }
}

/** Thrown by start() for an unknown tool id. */
export class UnknownToolError extends Error {}

/** Thrown by start() for a start withdrawn (withdrawStart) before it reached a worker; the message is the reason. */
export class StartWithdrawnError extends Error {}
