// What the terminal says about loading tools: each file that failed (with the tool host's own words, file:line:col
// for syntax errors) and, when nothing loaded, that the paths hold no tools and how to export one. The UI shows the same.

import { relative } from 'node:path'
import type { CatalogError } from '../src/shared/protocol.ts'

/** How to export a tool, for "no tools found" messages (terminal and UI say the same). */
export const HOW_TO_EXPORT = "A tool file exports what createTool() returns, e.g. export const weather = createTool({ id: 'weather', description: '…', execute: async (input) => … })."

const shown = (path: string) => {
  const rel = relative(process.cwd(), path)
  return rel && !rel.startsWith('..') ? rel : path
}

/** Lines to print after a (re)load: one per problem, plus the empty-catalog hint. */
export function loadReport(catalog: { tools: unknown[]; errors: CatalogError[] }, paths: string[]): string[] {
  const lines = catalog.errors.map((e) => `Could not load ${e.file}: ${e.message}`)
  if (catalog.tools.length === 0) lines.push(`No tools found in ${paths.map(shown).join(', ')}. ${HOW_TO_EXPORT}`)
  return lines
}
