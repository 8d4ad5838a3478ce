// The events of two runs side by side, aligned by phase (kind and rank), each with its time offset and the difference
// in time between the pair. Long logs show their first rows only, with a note saying how many are left out.
import type { ReactNode } from 'react'
import type { RunEvent } from '../../shared/protocol.ts'
import { formatDuration } from '../../shared/duration.ts'
import { eventSummary, offsetLabel } from '../events/eventSummary.ts'
import type { AlignedRow } from './alignEvents.ts'

const SHOWN = 500

function Side({ event, action }: { event?: RunEvent; action?: ReactNode }) {
  if (!event)
    return (
      <td colSpan={2} className="text-zinc-400">
        —
      </td>
    )
  return (
    <>
      <td className="pr-2 text-right tabular-nums text-zinc-500">{offsetLabel(event.at)}</td>
      <td className="max-w-0 pr-2">
        <div className="flex items-center gap-1">
          <span className="min-w-0 truncate" title={eventSummary(event)}>
            <span className="font-semibold">{event.type}</span> {eventSummary(event)}
          </span>
          {action}
        </div>
      </td>
    </>
  )
}

/** `actions` adds controls to one side's event (rerunning from a prompt of the first run, for one). */
export function AlignedEvents({
  rows,
  action,
}: {
  rows: readonly AlignedRow[]
  action?: (event: RunEvent) => ReactNode
}) {
  return (
    <section aria-label="Aligned events" className="space-y-1">
      <h3 className="text-sm font-semibold">Events by phase</h3>
      <table className="w-full table-fixed font-mono text-[11px]">
        <thead className="text-left font-sans text-xs text-zinc-500">
          <tr>
            <th scope="col" className="w-20 py-1 pr-2 text-right font-medium">
              First at
            </th>
            <th scope="col" className="font-medium">
              First run
            </th>
            <th scope="col" className="w-20 pr-2 text-right font-medium">
              Second at
            </th>
            <th scope="col" className="font-medium">
              Second run
            </th>
            <th scope="col" className="w-20 text-right font-medium">
              Δ time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((r, i) => (
            <tr
              key={i}
              data-kind={r.kind}
              className={`border-t border-zinc-200 dark:border-zinc-700 ${r.left && r.right ? '' : 'bg-amber-50 dark:bg-amber-950/30'}`}
            >
              <Side event={r.left} action={r.left && action?.(r.left)} />
              <Side event={r.right} />
              <td className="text-right tabular-nums text-zinc-500">
                {r.left && r.right ? signed(r.right.at - r.left.at) : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && (
        <p className="text-xs text-zinc-500">{(rows.length - SHOWN).toLocaleString()} more rows not shown.</p>
      )}
    </section>
  )
}

function signed(ms: number): string {
  return `${ms >= 0 ? '+' : '−'}${formatDuration(Math.abs(ms))}`
}
