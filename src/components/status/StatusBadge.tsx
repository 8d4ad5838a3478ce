// A run status as a pill: its label, tone and icon from statusPresentation.ts. `large` is the run controls' pill.
import { Badge, toneClasses } from '../ui/Badge.tsx'
import { StatusIcon } from './StatusIcon.tsx'
import { statusLabel, statusLook, type ShownStatus } from './statusPresentation.ts'

interface Props {
  status: ShownStatus
  /** Shown instead of the status' own label (the player's `not started`). */
  label?: string
  large?: boolean
}

export function StatusBadge({ status, label = statusLabel(status), large = false }: Props) {
  const look = statusLook(status)
  if (!large) {
    return (
      <Badge tone={look.tone}>
        <span className="inline-flex items-center gap-1" data-status={status}>
          <StatusIcon name={look.icon} />
          {label}
        </span>
      </Badge>
    )
  }
  return (
    <span
      className={`inline-flex items-center gap-1 rounded px-2 py-1 font-semibold ${toneClasses(look.tone)}`}
      data-status={status}
    >
      <StatusIcon name={look.icon} />
      {label}
    </span>
  )
}
