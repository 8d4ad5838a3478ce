// A fold header of the grouped tool list (file, agent or Mastra instance): a real button with aria-expanded, so it
// works with Tab + Enter/Space as well as from the search combobox (arrows reach it, Enter toggles it).
interface Props {
  id: string
  label: string
  count: number
  collapsed: boolean
  active: boolean
  top: number
  height: number
  onToggle: () => void
}

export function ToolGroupHeader({ id, label, count, collapsed, active, top, height, onToggle }: Props) {
  return (
    <li role="presentation" style={{ position: 'absolute', top, left: 0, right: 0, height }}>
      <button
        id={id}
        type="button"
        aria-expanded={!collapsed}
        onClick={onToggle}
        title={label}
        className={`flex h-full w-full items-center gap-1.5 rounded px-1.5 text-left text-[11px] font-semibold text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/60 ${active ? 'ring-2 ring-sky-500 ring-inset' : ''}`}
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${collapsed ? '' : 'rotate-90'}`}>
          ▸
        </span>
        <span className="min-w-0 flex-1 truncate font-mono">{label}</span>
        <span className="text-zinc-400">{count}</span>
      </button>
    </li>
  )
}
