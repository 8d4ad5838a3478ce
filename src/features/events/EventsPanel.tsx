// Region "Events": the run's timeline (virtualized, stays fluid with 10,000 events), filterable, each row with
// its time offset; the selected event's JSON below (an error's causes and stack readable above it), and the spans as a
// tree with durations. The caller may add controls for the selected event (rerun from a prompt, for one).
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import type { RunEvent } from '../../shared/protocol.ts'
import type { RunState } from '../../shared/runState.ts'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { eventCategory, eventSummary } from './eventSummary.ts'
import { EventRow } from './EventRow.tsx'
import { SpanTree } from './SpanTree.tsx'
import { ErrorDetails } from '../runs/ErrorDetails.tsx'

const ROW = 24

interface Props {
  state: RunState
  onOpenExchange?: (requestId: string) => void
  /** Controls shown under the timeline for the selected event. */
  selectedActions?: (event: RunEvent) => ReactNode
}

export function EventsPanel({ state, onOpenExchange, selectedActions }: Props) {
  const [filter, setFilter] = useState('')
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null)
  const events = useMemo(() => {
    const f = filter.trim().toLowerCase()
    if (!f) return state.events
    return state.events.filter(
      (e) => e.type.includes(f) || eventCategory(e).includes(f) || eventSummary(e).toLowerCase().includes(f),
    )
  }, [state.events, filter])
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
  })
  const selected = selectedSeq === null ? undefined : state.events.find((e) => e.seq === selectedSeq)

  return (
    <section aria-label="Events" className="space-y-2">
      <div className="flex items-center gap-3">
        <h2 className="text-sm font-semibold">Events</h2>
        <span className="text-xs text-zinc-500">
          {state.events.length} events{filter ? `, ${events.length} shown` : ''}
        </span>
        <input
          type="search"
          aria-label="Filter events"
          placeholder="Filter (type, text)"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="ml-auto w-48 rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900"
        />
      </div>
      <div
        ref={scroller}
        className="h-72 overflow-auto rounded-md border border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-950"
      >
        <ol aria-label="Timeline" className="relative" style={{ height: virtual.getTotalSize() }}>
          {virtual.getVirtualItems().map((row) => {
            const e = events[row.index]
            return (
              <EventRow
                key={e.seq}
                event={e}
                top={row.start}
                height={ROW}
                selected={e.seq === selectedSeq}
                onSelect={() => setSelectedSeq(e.seq === selectedSeq ? null : e.seq)}
              />
            )
          })}
        </ol>
        {state.events.length === 0 && <p className="p-3 text-xs text-zinc-500">No events yet.</p>}
      </div>
      {selected?.type === 'error' && (selected.causes || selected.stack) && (
        <div className="border-t border-zinc-200 px-2 py-1 text-xs text-rose-900 dark:border-zinc-700 dark:text-rose-100">
          <ErrorDetails causes={selected.causes} stack={selected.stack} />
        </div>
      )}
      {selected &&
        (selected.type === 'http-request' || selected.type === 'http-response' || selected.type === 'http-error') &&
        onOpenExchange && (
          <Button className="!px-2 !py-0.5 text-xs" onClick={() => onOpenExchange(selected.requestId)}>
            Show in Network
          </Button>
        )}
      {selected && selectedActions?.(selected)}
      {selected && <JsonBlock value={selected} copyLabel="Copy event" className="max-h-64" />}
      {state.spans.length > 0 && <SpanTree spans={state.spans} />}
    </section>
  )
}
