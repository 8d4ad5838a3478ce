// A fold header of the grouped tool list (file, agent, Mastra instance or MCP server): a real button with
// aria-expanded, so it works with Tab + Enter/Space as well as from the search combobox (arrows reach it, Enter
// toggles it). An MCP server's header adds its connection's status line, which describes the button.
import type { McpServerState } from '../../shared/protocol.ts'
import { McpServerStatus } from './McpServerStatus.tsx'

interface Props {
  id: string
  label: string
  count: number
  collapsed: boolean
  active: boolean
  top: number
  height: number
  server?: McpServerState
  onToggle: () => void
}

export function ToolGroupHeader({ id, label, count, collapsed, active, top, height, server, onToggle }: Props) {
  const statusId = `${id}-status`
  return (
    <li
      role="presentation"
      style={{ position: 'absolute', top, left: 0, right: 0, height }}
      className={server ? 'flex flex-col pt-1' : undefined}
    >
      <button
        id={id}
        type="button"
        aria-expanded={!collapsed}
        aria-describedby={server ? statusId : undefined}
        onClick={onToggle}
        title={label}
        className={`flex w-full items-center gap-1.5 rounded px-1.5 text-left text-[11px] font-semibold text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/60 ${server ? 'h-6 shrink-0' : 'h-full'} ${active ? 'ring-2 ring-sky-500 ring-inset' : ''}`}
      >
        <span aria-hidden="true" className={`inline-block transition-transform ${collapsed ? '' : 'rotate-90'}`}>
          ▸
        </span>
        <span className="min-w-0 flex-1 truncate font-mono">{label}</span>
        <span className="text-zinc-400">{count}</span>
      </button>
      {server && <McpServerStatus id={statusId} server={server} />}
    </li>
  )
}
