// The tool picker: navigation "Tools" with a search combobox over a virtualized listbox (1,000+ tools stay
// smooth), grouped by MCP server (with its connection's status) / agent / Mastra instance / file in folds remembered
// across reloads. `/` focuses the search, arrows move, Enter opens a tool or toggles a fold; a search with no match
// says so; load errors list their file.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery } from '../../api/queries.ts'
import { filterTools } from './toolFilter.ts'
import { ToolListItem } from './ToolListItem.tsx'
import { CatalogErrors } from './CatalogErrors.tsx'
import { ToolGroupHeader } from './ToolGroupHeader.tsx'
import { groupRows, parseCollapsed, toggleCollapsed, type ToolRow } from './toolGroups.ts'
import { toolBadges } from './toolFilter.ts'
import { useSetting } from '../../hooks/useSetting.ts'
import { prefetchEditorWhenIdle } from '../editor/prefetchEditor.ts'
import { tokenMessageOf } from '../../components/app/tokenMessage.ts'

const HEADER_ROW = 28
const SERVER_HEADER_ROW = 46
const TOOL_ROW = 54
const TOOL_ROW_BADGES = 76

/** A row's height: a server's header has its status line, a tool with badges their line. */
function rowHeightOf(row: ToolRow): number {
  if (row.kind === 'header') return row.server ? SERVER_HEADER_ROW : HEADER_ROW
  return toolBadges(row.tool.flags, row.tool.refusedBy).length ? TOOL_ROW_BADGES : TOOL_ROW
}

export function ToolList({ selected, onOpen }: { selected?: string; onOpen: (id: string) => void }) {
  const api = useApi()
  const catalog = useQuery(catalogQuery(api))
  const [query, setQuery] = useState('')
  // Filtered in the same render as the keystroke: filtering 1,000 tools takes well under a millisecond and only the
  // visible rows render, so deferring the list would only cost a frame.
  const tools = useMemo(() => filterTools(catalog.data?.tools ?? [], query), [catalog.data, query])
  const [storedCollapsed, setCollapsed] = useSetting('toolList.collapsed', '[]')
  const collapsed = useMemo(() => parseCollapsed(storedCollapsed), [storedCollapsed])
  const servers = catalog.data?.servers
  const rows = useMemo(
    () => groupRows(tools, collapsed, query.trim() !== '', servers),
    [tools, collapsed, query, servers],
  )
  const toggle = (key: string) => setCollapsed(toggleCollapsed(collapsed, key))
  const [active, setActive] = useState(0)
  const [focused, setFocused] = useState(false)
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1))
  const search = useRef<HTMLInputElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const heights = useMemo(() => rows.map(rowHeightOf), [rows])
  const rowHeight = (i: number) => heights[i]
  // Keyed by row (its height never changes): new rows (a fold, a search) are laid out in the same render, with no
  // second measuring pass before the frame is painted.
  const rowKey = useCallback(
    (i: number) => {
      const row = rows[i]
      return row.kind === 'header' ? row.key : `tool:${row.tool.id}`
    },
    [rows],
  )
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: rowHeight,
    getItemKey: rowKey,
    overscan: 3,
  })
  // Once the list shows, the editor chunk loads in the background so picking a tool is quick.
  const listed = catalog.isSuccess
  // A recorded demo has no editor: nothing to warm up.
  const editable = !api.recorded
  useEffect(() => (listed && editable ? prefetchEditorWhenIdle() : undefined), [listed, editable])

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
    // Keys act on the input's own value: state may lag behind fast typing by a render (Enter right after typing must
    // open the match).
    const typed = e.currentTarget.value
    const current =
      typed === query
        ? rows
        : groupRows(filterTools(catalog.data?.tools ?? [], typed), collapsed, typed.trim() !== '', servers)
    const row = current[Math.min(activeIndex, Math.max(0, current.length - 1))]
    if (e.key === 'ArrowDown') move(Math.min(rows.length - 1, activeIndex + 1))
    else if (e.key === 'ArrowUp') move(Math.max(0, activeIndex - 1))
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(rows.length - 1)
    else if (e.key === 'Enter' && row) {
      if (row.kind === 'header') toggle(row.key)
      else onOpen(row.tool.id)
    } else return
    e.preventDefault()
  }

  const optionId = (id: string) => `tool-option-${id.replace(/[^\w-]/g, '_')}`
  const rowId = (i: number) => {
    const row = rows[i]
    return row.kind === 'header' ? `tool-group-${i}` : optionId(row.tool.id)
  }
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
          aria-activedescendant={rows[activeIndex] ? rowId(activeIndex) : undefined}
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
          {catalog.isPending
            ? 'Loading tools…'
            : catalog.isError
              ? 'Could not load tools'
              : `${tools.length} of ${catalog.data.tools.length} tools`}
        </p>
      </div>
      {catalog.isError && (
        <p
          role="alert"
          className="mx-3 rounded bg-rose-50 p-2 text-xs text-rose-800 dark:bg-rose-950 dark:text-rose-200"
        >
          {tokenMessageOf(catalog.error, Boolean(api.token)) ?? catalog.error.message}
        </p>
      )}
      {catalog.data && tools.length === 0 && query.trim() !== '' && (
        <div
          role="status"
          className="mx-3 space-y-2 rounded-md border border-dashed border-zinc-300 p-3 text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-300"
        >
          <p>No tool matches “{query.trim()}” in its id, title, group or description.</p>
          <button
            type="button"
            onClick={() => setQuery('')}
            className="rounded border border-zinc-300 px-2 py-1 hover:bg-zinc-100 dark:border-zinc-600 dark:hover:bg-zinc-800"
          >
            Clear search
          </button>
        </div>
      )}
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto px-2">
        <ul
          id="tool-listbox"
          role="listbox"
          aria-label="Tool list"
          className="relative"
          style={{ height: virtual.getTotalSize() }}
        >
          {virtual.getVirtualItems().map((v) => {
            const row = rows[v.index]
            const active = focused && v.index === activeIndex
            if (row.kind === 'header') {
              return (
                <ToolGroupHeader
                  key={row.key}
                  id={rowId(v.index)}
                  label={row.label}
                  count={row.count}
                  collapsed={row.collapsed}
                  active={active}
                  top={v.start}
                  height={v.size}
                  server={row.server}
                  onToggle={() => toggle(row.key)}
                />
              )
            }
            const tool = row.tool
            return (
              <ToolListItem
                key={tool.id}
                id={optionId(tool.id)}
                tool={tool}
                top={v.start}
                height={v.size}
                active={active}
                selected={tool.id === selected}
                onOpen={() => {
                  setActive(v.index)
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
