// Grouping of the tool list: tools of one MCP server, of one Mastra agent or instance (`group`) or else of one file
// form a group; the list is flattened into header and tool rows for the virtualized listbox. Pure, so it is unit-tested.
import type { McpServerState, ToolSummary } from '../../shared/protocol.ts'

/** A header row: a group's fold, with its MCP server's connection when the group is a server's tools. */
export type HeaderRow = {
  kind: 'header'
  key: string
  label: string
  count: number
  collapsed: boolean
  server?: McpServerState
}

/** A row of the grouped tool list. */
export type ToolRow = HeaderRow | { kind: 'tool'; tool: ToolSummary }

/** The group a tool belongs to: its MCP server, its agent / Mastra instance, else its file. */
export function groupOf(tool: ToolSummary): { key: string; label: string } {
  if (tool.mcpServer) return { key: `mcp:${tool.mcpServer.server}`, label: tool.mcpServer.server }
  return tool.group ? { key: `group:${tool.group}`, label: tool.group } : { key: `file:${tool.file}`, label: tool.file }
}

interface Group {
  label: string
  tools: ToolSummary[]
  server?: McpServerState
}

/** Tools by group in order of first appearance; each MCP server has its group, even with no tool (yet). */
function collectGroups(
  tools: readonly ToolSummary[],
  servers: readonly McpServerState[],
  searching: boolean,
): Map<string, Group> {
  const groups = new Map<string, Group>()
  for (const tool of tools) {
    const { key, label } = groupOf(tool)
    let g = groups.get(key)
    if (!g) groups.set(key, (g = { label, tools: [] }))
    g.tools.push(tool)
  }
  for (const server of servers) {
    const g = groups.get(`mcp:${server.name}`)
    if (g) g.server = server
    // A server that lists nothing (connecting, failed) still shows how it is, except under a search it cannot match.
    else if (!searching) groups.set(`mcp:${server.name}`, { label: server.name, tools: [], server })
  }
  return groups
}

/**
 * Header and tool rows in catalog order of first appearance. With a single group and no MCP server there are no
 * headers (nothing to fold); a server's header always shows, since it carries the server's state. While searching,
 * collapsed groups still show their matches: a search must never look empty because of a fold.
 */
export function groupRows(
  tools: readonly ToolSummary[],
  collapsed: ReadonlySet<string>,
  searching: boolean,
  servers: readonly McpServerState[] = [],
): ToolRow[] {
  const groups = collectGroups(tools, servers, searching)
  if (groups.size <= 1 && ![...groups.values()].some((g) => g.server))
    return tools.map((tool) => ({ kind: 'tool', tool }))
  const rows: ToolRow[] = []
  for (const [key, g] of groups) {
    const folded = !searching && collapsed.has(key)
    rows.push({
      kind: 'header',
      key,
      label: g.label,
      count: g.tools.length,
      collapsed: folded,
      ...(g.server ? { server: g.server } : {}),
    })
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
