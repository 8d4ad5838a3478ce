// Accessible tab strip (WAI-ARIA tabs pattern: arrow keys move between tabs, one tab in the tab order).
import { useRef, type KeyboardEvent } from 'react'

/** One tab of a strip. */
export interface TabItem {
  id: string
  label: string
}

export function Tabs({
  items,
  selected,
  onSelect,
  label,
  idPrefix,
}: {
  items: TabItem[]
  selected: string
  onSelect: (id: string) => void
  label: string
  idPrefix: string
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    e.preventDefault()
    const next = (index + delta + items.length) % items.length
    onSelect(items[next].id)
    refs.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 border-b border-zinc-200 dark:border-zinc-700">
      {items.map((item, i) => {
        const active = item.id === selected
        return (
          <button
            key={item.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            role="tab"
            type="button"
            id={`${idPrefix}-tab-${item.id}`}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel-${item.id}`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(item.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${active ? 'border-sky-500 text-sky-700 dark:text-sky-300' : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'}`}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
