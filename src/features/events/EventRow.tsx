// One timeline row: offset, type (coloured by category) and summary; a button so it is keyboard-selectable.
import type { RunEvent } from '../../shared/protocol.ts'
import { eventCategory, eventSummary, offsetLabel, type EventCategory } from './eventSummary.ts'

const COLOURS: Record<EventCategory, string> = {
  lifecycle: 'text-zinc-500',
  input: 'text-sky-700 dark:text-sky-300',
  prompt: 'text-violet-700 dark:text-violet-300',
  hook: 'text-rose-700 dark:text-rose-300',
  log: 'text-zinc-700 dark:text-zinc-300',
  span: 'text-teal-700 dark:text-teal-300',
  chunk: 'text-indigo-700 dark:text-indigo-300',
  state: 'text-amber-700 dark:text-amber-300',
  network: 'text-cyan-700 dark:text-cyan-300',
  result: 'text-emerald-700 dark:text-emerald-300',
  error: 'text-rose-700 dark:text-rose-300',
}

export function EventRow({
  event,
  top,
  height,
  selected,
  onSelect,
}: {
  event: RunEvent
  top: number
  height: number
  selected: boolean
  onSelect: () => void
}) {
  const cat = eventCategory(event)
  return (
    <li style={{ position: 'absolute', top, left: 0, right: 0, height }}>
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        className={`flex h-full w-full items-center gap-3 px-2 text-left font-mono text-[11px] ${selected ? 'bg-sky-100 dark:bg-sky-900/50' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800'}`}
      >
        <span className="w-20 shrink-0 text-right tabular-nums text-zinc-500">{offsetLabel(event.at)}</span>
        <span className={`w-36 shrink-0 font-semibold ${COLOURS[cat]}`}>{event.type}</span>
        <span className="truncate text-zinc-800 dark:text-zinc-200">{eventSummary(event)}</span>
        {event.truncated && (
          <span
            className="ml-auto shrink-0 rounded bg-amber-100 px-1 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
            title={`Cut to the size limit (originally about ${event.truncated.originalBytes.toLocaleString()} bytes)`}
          >
            truncated
          </span>
        )}
      </button>
    </li>
  )
}
