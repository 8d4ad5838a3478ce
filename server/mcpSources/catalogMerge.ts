// The tool host's catalog with MCP tools in it: the modules' tools first (a module's tool keeps an id an MCP tool also
// has, and the clash is named), then each server's, with the servers' states; and what changed between two listings,
// for the catalog events a server's start, restart or tools/list_changed sends.

import type { CatalogError, CatalogEvent, McpServerState, ToolDetail } from '../../src/shared/protocol.ts'

interface Listing {
  version: number
  tools: ToolDetail[]
  errors: CatalogError[]
  servers?: McpServerState[]
}

/** The modules' catalog (`modules`) and the MCP part (`mcp`, changed `mcpVersion` times) as one. */
export function mergeCatalog(modules: Listing, mcp: { tools: ToolDetail[]; errors: CatalogError[]; servers: McpServerState[] }, mcpVersion: number): Listing {
  const ids = new Set(modules.tools.map((t) => t.id))
  const clashes = mcp.tools.filter((t) => ids.has(t.id)).map((t) => ({ file: t.file, message: `The MCP tool "${t.id}" has the id of a tool of the modules; the module's tool is kept.` }))
  return {
    version: modules.version + mcpVersion,
    tools: [...modules.tools, ...mcp.tools.filter((t) => !ids.has(t.id))],
    errors: [...modules.errors, ...mcp.errors, ...clashes],
    servers: mcp.servers,
  }
}

/** Each MCP tool's entry as shown, to tell what changed from one listing to the next. */
export const shownTools = (tools: ToolDetail[]) => new Map(tools.map((t) => [t.id, JSON.stringify(t)]))

/** The catalog event from the MCP tools shown `before` to those shown `after`. */
export function mcpCatalogEvent(before: Map<string, string>, after: Map<string, string>, catalog: Listing): CatalogEvent {
  return {
    type: 'catalog-changed',
    version: catalog.version,
    added: [...after.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
    changed: [...after.keys()].filter((id) => before.has(id) && before.get(id) !== after.get(id)),
    errors: catalog.errors,
  }
}
