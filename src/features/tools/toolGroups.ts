// Grouping of the tool list: tools of one Mastra agent or instance (`group`) or else of one file form a group;
// the list is flattened into header and tool rows for the virtualized listbox. Pure, so it is unit-tested.
import type { ToolSummary } from '../../shared/protocol.ts'

/** A row of the grouped tool list. */
export type ToolRow = { kind: 'header'; key: string; label: string; count: number; collapsed: boolean } | { kind: 'tool'; tool: ToolSummary }

/** The group a tool belongs to: its agent / Mastra instance, else its file. */
export function groupOf(tool: ToolSummary): { key: string; label: string } {
  return tool.group ? { key: `group:${tool.group}`, label: tool.group } : { key: `file:${tool.file}`, label: tool.file }
}

/**
 * Header and tool rows in catalog order of first appearance. With a single group there are no headers (nothing to
 * fold). While searching, collapsed groups still show their matches: a search must never look empty because of a fold.
 */
export function groupRows(tools: readonly ToolSummary[], collapsed: ReadonlySet<string>, searching: boolean): ToolRow[] {
  const groups = new Map<string, { label: string; tools: ToolSummary[] }>()
  for (const tool of tools) {
    const { key, label } = groupOf(tool)
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { label, tools: [] }))
    g.tools.push(tool)
  }
  if (groups.size <= 1) return tools.map((tool) => ({ kind: 'tool', tool }))
  const rows: ToolRow[] = []
  for (const [key, g] of groups) {
    const folded = !searching && collapsed.has(key)
    rows.push({ kind: 'header', key, label: g.label, count: g.tools.length, collapsed: folded })
    if (!folded) for (const tool of g.tools) rows.push({ kind: 'tool', tool })
  }
  return rows
}

/** Parses the remembered set of collapsed group keys (a JSON array), tolerating anything stored before. */
export function parseCollapsed(stored: string): Set<string> {
  try {
    const v: unknown = JSON.parse(stored)
    return new Set(Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : [])
  } catch {
    return new Set()
  }
}

/** The stored form of `collapsed` with `key` toggled. */
export function toggleCollapsed(collapsed: ReadonlySet<string>, key: string): string {
  const next = new Set(collapsed)
  if (!next.delete(key)) next.add(key)
  return JSON.stringify([...next])
}
