// One entry of the tool list: id, title, description and flag badges (its group is the header above it); an ARIA
// option driven by the search combobox, described by its badges (its name is id and title alone, kept short).
import type { ToolSummary } from '../../shared/protocol.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { toolBadges } from './toolFilter.ts'

interface Props {
  id: string
  tool: ToolSummary
  top: number
  height: number
  active: boolean
  selected: boolean
  onOpen: () => void
}

export function ToolListItem({ id, tool, top, height, active, selected, onOpen }: Props) {
  const badges = toolBadges(tool.flags, tool.refusedBy)
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      aria-label={tool.title ? `${tool.id} ${tool.title}` : tool.id}
      aria-describedby={badges.length > 0 ? `${id}-badges` : undefined}
      onClick={onOpen}
      style={{ position: 'absolute', top, left: 0, right: 0, height }}
      className={`cursor-pointer overflow-hidden rounded-md px-2 py-1.5 ${selected ? 'bg-sky-100 dark:bg-sky-900/50' : active ? 'bg-zinc-200 dark:bg-zinc-800' : 'hover:bg-zinc-100 dark:hover:bg-zinc-800/60'} ${active ? 'ring-2 ring-sky-500 ring-inset' : ''}`}
    >
      <div className="flex items-baseline gap-2">
        <span className="truncate font-mono text-[13px] font-semibold text-zinc-900 dark:text-zinc-50">{tool.id}</span>
        {tool.title && <span className="truncate text-xs text-zinc-500 dark:text-zinc-400">{tool.title}</span>}
      </div>
      <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400" title={tool.description}>
        {tool.description || 'No description'}
      </p>
      {badges.length > 0 && (
        <div id={`${id}-badges`} className="mt-1 flex gap-1 overflow-hidden">
          {badges.map((b) => (
            <Badge key={b.label} tone={b.tone} title={b.title}>
              {b.label}
            </Badge>
          ))}
        </div>
      )}
    </li>
  )
}
