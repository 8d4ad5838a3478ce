// The tool host's catalog with MCP tools in it: the modules' tools first (a module's tool keeps an id an MCP tool also
// has, and the clash is named), then each server's, with the servers' states; and what changed between two listings,
// for the catalog events a server's start, restart or tools/list_changed sends.

import type { CatalogError, CatalogEvent, McpServerState, ToolDetail } from '../../src/shared/protocol.ts'

type McpPart = { tools: ToolDetail[]; errors: CatalogError[]; servers: McpServerState[] }

interface Listing {
  version: number
  tools: ToolDetail[]
  errors: CatalogError[]
  servers?: McpServerState[]
}

/** The modules' catalog (`modules`) and the MCP part (`mcp`, changed `mcpVersion` times) as one. */
export function mergeCatalog(modules: Listing, mcp: McpPart, mcpVersion: number): Listing {
  const ids = new Set(modules.tools.map((t) => t.id))
  const clashes = mcp.tools
    .filter((t) => ids.has(t.id))
    .map((t) => ({
      file: t.file,
      message: `The MCP tool "${t.id}" has the id of a tool of the modules; the module's tool is kept.`,
    }))
  return {
    version: modules.version + mcpVersion,
    tools: [...modules.tools, ...mcp.tools.filter((t) => !ids.has(t.id))],
    errors: [...modules.errors, ...mcp.errors, ...clashes],
    servers: mcp.servers,
  }
}

/** What the catalog last showed of the MCP servers: its version count and the news a change makes. */
export class McpCatalogChanges {
  /** Changes so far (added to the modules' catalog version). */
  version = 0
  private shown = new Map<string, string>()
  private state = ''

  /**
   * The event for the MCP part as it is now, or undefined when nothing shown changed (a server's start reports several
   * steps, a retry the same failure again). `catalog` is the merged catalog after the change.
   */
  next(mcp: McpPart, catalog: () => Listing): CatalogEvent | undefined {
    const shown = new Map(mcp.tools.map((t) => [t.id, JSON.stringify(t)]))
    const state = JSON.stringify([[...shown], mcp.servers, mcp.errors])
    if (state === this.state) return undefined
    this.state = state
    this.version++
    const before = this.shown
    this.shown = shown
    const { version, errors } = catalog()
    return {
      type: 'catalog-changed',
      version,
      added: [...shown.keys()].filter((id) => !before.has(id)),
      removed: [...before.keys()].filter((id) => !shown.has(id)),
      changed: [...shown.keys()].filter((id) => before.has(id) && before.get(id) !== shown.get(id)),
      errors,
    }
  }
}
