// The tool picker: navigation "Tools" with a search combobox over a virtualized listbox (1,000+ tools stay
// smooth). `/` focuses the search, arrows move, Enter opens; catalog load errors are listed with their file.
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery } from '../../api/queries.ts'
import { filterTools } from './toolFilter.ts'
import { ToolListItem } from './ToolListItem.tsx'
import { CatalogErrors } from './CatalogErrors.tsx'

const ROW = 58

export function ToolList({ selected, onOpen }: { selected?: string; onOpen: (id: string) => void }) {
  const api = useApi()
  const catalog = useQuery(catalogQuery(api))
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  const tools = useMemo(() => filterTools(catalog.data?.tools ?? [], deferred), [catalog.data, deferred])
  const [active, setActive] = useState(0)
  const [focused, setFocused] = useState(false)
  const activeIndex = Math.min(active, Math.max(0, tools.length - 1))
  const search = useRef<HTMLInputElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const virtual = useVirtualizer({ count: tools.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 8 })

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const t = e.target as HTMLElement | null
      const typing = t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))
      if (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault()
        search.current?.focus()
        search.current?.select()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const move = (index: number) => {
    setActive(index)
    virtual.scrollToIndex(index, { align: 'auto' })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(Math.min(tools.length - 1, activeIndex + 1))
    else if (e.key === 'ArrowUp') move(Math.max(0, activeIndex - 1))
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(tools.length - 1)
    else if (e.key === 'Enter' && tools[activeIndex]) onOpen(tools[activeIndex].id)
    else return
    e.preventDefault()
  }

  const optionId = (id: string) => `tool-option-${id.replace(/[^\w-]/g, '_')}`
  return (
    <nav aria-label="Tools" className="flex h-full min-h-0 flex-col">
      <div className="p-3">
        <input
          ref={search}
          type="search"
          role="combobox"
          aria-label="Search tools"
          aria-expanded="true"
          aria-controls="tool-listbox"
          aria-activedescendant={tools[activeIndex] ? optionId(tools[activeIndex].id) : undefined}
          placeholder="Search tools  ( / )"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
        />
        <p className="mt-1 text-[11px] text-zinc-500" aria-live="polite">
          {catalog.isPending ? 'Loading tools…' : catalog.isError ? 'Could not load tools' : `${tools.length} of ${catalog.data.tools.length} tools`}
        </p>
      </div>
      {catalog.isError && (
        <p role="alert" className="mx-3 rounded bg-rose-50 p-2 text-xs text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {catalog.error.message}
        </p>
      )}
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto px-2">
        <ul id="tool-listbox" role="listbox" aria-label="Tool list" className="relative" style={{ height: virtual.getTotalSize() }}>
          {virtual.getVirtualItems().map((row) => {
            const tool = tools[row.index]
            return (
              <ToolListItem
                key={tool.id}
                id={optionId(tool.id)}
                tool={tool}
                top={row.start}
                height={ROW}
                active={focused && row.index === activeIndex}
                selected={tool.id === selected}
                onOpen={() => {
                  setActive(row.index)
                  onOpen(tool.id)
                }}
              />
            )
          })}
        </ul>
      </div>
      {catalog.data && catalog.data.errors.length > 0 && <CatalogErrors errors={catalog.data.errors} />}
    </nav>
  )
}
