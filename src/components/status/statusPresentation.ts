// How a run status looks wherever it is shown (History, the run controls, recorded runs, the player, the diff side
// card): its label, its colour tone and its icon. Keyed by every status of the vocabulary (src/runtime/status.ts), so
// a new status fails the build until it has a look here; no other module maps a status to a colour or a label.
import { IDLE, Status, type RunLifecycleStatus } from '../../runtime/status.ts'
import type { BadgeTone } from '../ui/Badge.tsx'

/** A status as the UI shows it: any status of a run, or `idle` before its first event. */
export type ShownStatus = RunLifecycleStatus | typeof IDLE

/** The shape drawn beside a status (StatusIcon.tsx draws each one). */
export type StatusIconName =
  | 'circle'
  | 'dot'
  | 'clock'
  | 'question'
  | 'pause'
  | 'check'
  | 'cross'
  | 'minus'
  | 'stop'
  | 'bolt'
  | 'hourglass'

/** Tone and icon of one status. */
export interface StatusLook {
  tone: BadgeTone
  icon: StatusIconName
}

// Live and waiting runs share the `info` tone (the run is not over); each end has its own meaning: success green,
// error red, declined/interrupted/expired amber (it ended without a result, not by a fault of the tool), aborted grey.
const LOOKS: Record<ShownStatus, StatusLook> = {
  [IDLE]: { tone: 'muted', icon: 'circle' },
  [Status.queued]: { tone: 'neutral', icon: 'clock' },
  [Status.running]: { tone: 'info', icon: 'dot' },
  [Status.awaitingApproval]: { tone: 'info', icon: 'question' },
  [Status.suspended]: { tone: 'info', icon: 'pause' },
  [Status.awaitingElicitation]: { tone: 'info', icon: 'question' },
  [Status.paused]: { tone: 'info', icon: 'pause' },
  [Status.success]: { tone: 'ok', icon: 'check' },
  [Status.error]: { tone: 'danger', icon: 'cross' },
  [Status.declined]: { tone: 'warn', icon: 'minus' },
  [Status.aborted]: { tone: 'neutral', icon: 'stop' },
  [Status.interrupted]: { tone: 'warn', icon: 'bolt' },
  [Status.expired]: { tone: 'warn', icon: 'hourglass' },
}

/** Tone and icon of a status. */
export function statusLook(status: ShownStatus): StatusLook {
  return LOOKS[status]
}

/** A status as people read it: `awaiting approval`, `success`, `idle`. The e2e specs read these texts. */
export function statusLabel(status: ShownStatus): string {
  return status.replace(/-/g, ' ')
}
