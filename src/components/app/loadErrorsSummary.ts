// The one-line count of a catalog's load errors, told apart by where they come from: tool files that failed to load,
// and problems of MCP servers (their errors' `file` is `mcp:<server>`), which are not files.
import type { CatalogError } from '../../shared/protocol.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** `2 files failed to load`, `1 MCP server problem`, or both joined; empty when there are none. */
export function loadErrorsSummary(errors: readonly CatalogError[]): string {
  const mcp = errors.filter((e) => e.file.startsWith('mcp:')).length
  const files = errors.length - mcp
  const parts: string[] = []
  if (files) parts.push(`${plural(files, 'file', 'files')} failed to load`)
  if (mcp) parts.push(plural(mcp, 'MCP server problem', 'MCP server problems'))
  return parts.join(', ')
}
