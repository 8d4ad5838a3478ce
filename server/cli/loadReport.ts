// What the terminal says about loading tools: which paths were read and how many tools each gave, each file that failed
// (with the tool host's own words, file:line:col for syntax errors) and, when nothing loaded, how to export a tool.

import { existsSync } from 'node:fs'
import { relative, resolve, sep } from 'node:path'
import type { CatalogError } from '../../src/shared/protocol.ts'

/** How to export a tool, for "no tools found" messages: Toolscope and Mastra createTool(), AI SDK tool(), every form. */
export const HOW_TO_EXPORT =
  'A tool file exports what createTool() (toolscope or @mastra/core) or tool() (ai) returns: `export const weather = createTool({ … })`, ' +
  '`export default tool({ … })`, `module.exports = tool({ … })`, `exports.weather = …`, or an array or object of tools.'

const shown = (path: string) => {
  const rel = relative(process.cwd(), path)
  return rel && !rel.startsWith('..') ? rel : path
}

/** True when `file` (as the catalog shows it: relative to the working folder, or absolute) is `path` or inside it. */
function within(file: string, path: string): boolean {
  const abs = resolve(file)
  return abs === path || abs.startsWith(path.endsWith(sep) ? path : `${path}${sep}`)
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** One line per path given: how many tools it gave, how many of its files failed, or that it does not exist. */
export function pathSummary(
  catalog: { tools: Array<{ file: string }>; errors: CatalogError[] },
  paths: string[],
): string[] {
  return paths.map((path) => {
    const abs = resolve(path)
    if (!existsSync(abs)) return `  ${shown(abs)}: not found`
    const tools = catalog.tools.filter((t) => within(t.file, abs)).length
    const failed = new Set(catalog.errors.filter((e) => within(e.file, abs)).map((e) => e.file)).size
    return `  ${shown(abs)}: ${tools === 0 ? 'no tools' : plural(tools, 'tool')}${failed ? `, ${plural(failed, 'file')} with problems (below)` : ''}`
  })
}

/** Lines to print after a (re)load: the tools each path gave, one line per problem, plus the empty-catalog hint. */
export function loadReport(
  catalog: { tools: Array<{ file: string }>; errors: CatalogError[] },
  paths: string[],
): string[] {
  const lines = [`Tools read from ${plural(paths.length, 'path')}:`, ...pathSummary(catalog, paths)]
  lines.push(...catalog.errors.map((e) => `Could not load ${e.file}: ${e.message}`))
  if (catalog.tools.length === 0) lines.push(`No tools found in ${paths.map(shown).join(', ')}. ${HOW_TO_EXPORT}`)
  return lines
}
