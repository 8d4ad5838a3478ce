// Two panes side by side with a separator between them that resizes them by mouse, touch or keyboard (arrows,
// Shift+arrows by 10, Home/End). When its container is narrower than 42rem the panes stack and the separator hides
// (a 1024 px window, less the tool list, still keeps them side by side).
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'

interface Props {
  /** Accessible name of the separator, e.g. "Resize input and results". */
  label: string
  /** Width of the first pane in percent of the container. */
  size: number
  onSize: (percent: number) => void
  min?: number
  max?: number
  first: ReactNode
  second: ReactNode
  /** Id of the first pane, named by the separator's aria-controls. */
  firstId: string
}

/** Keeps a percentage within [min, max], rounded to one decimal. */
export function clampSize(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10
}

export function SplitPane({ label, size, onSize, min = 20, max = 80, first, second, firstId }: Props) {
  const row = useRef<HTMLDivElement>(null)
  const set = (v: number) => onSize(clampSize(v, min, max))
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 2
    if (e.key === 'ArrowLeft') set(size - step)
    else if (e.key === 'ArrowRight') set(size + step)
    else if (e.key === 'Home') set(min)
    else if (e.key === 'End') set(max)
    else return
    e.preventDefault()
  }
  const fromPointer = (e: PointerEvent) => {
    const box = row.current?.getBoundingClientRect()
    if (box && box.width > 0) set(((e.clientX - box.left) / box.width) * 100)
  }
  return (
    <div className="@container h-full min-h-0">
      <div ref={row} className="flex flex-col @2xl:h-full @2xl:flex-row" style={{ ['--split' as string]: `${size}%` }}>
        {/* Each pane is `relative`: an absolutely positioned descendant (an sr-only legend) is then clipped by the pane's
            scrolling, not laid out against the page, where it made the whole document scroll under a tall pane. */}
        <div
          id={firstId}
          className="relative min-w-0 @2xl:h-full @2xl:shrink-0 @2xl:basis-(--split) @2xl:overflow-auto"
        >
          {first}
        </div>
        <div
          role="separator"
          tabIndex={0}
          aria-label={label}
          aria-orientation="vertical"
          aria-controls={firstId}
          aria-valuenow={size}
          aria-valuemin={min}
          aria-valuemax={max}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId)
            e.preventDefault()
          }}
          onPointerMove={(e) => {
            if (e.currentTarget.hasPointerCapture(e.pointerId)) fromPointer(e)
          }}
          className="group relative hidden w-2 shrink-0 cursor-col-resize touch-none outline-none @2xl:block"
        >
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-1/2 w-px -translate-x-1/2 bg-zinc-200 group-hover:w-1 group-hover:bg-sky-400 group-focus-visible:w-1 group-focus-visible:bg-sky-500 dark:bg-zinc-800"
          />
        </div>
        <div className="relative min-w-0 flex-1 @2xl:h-full @2xl:overflow-auto">{second}</div>
      </div>
    </div>
  )
}
