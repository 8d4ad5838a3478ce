// Tool files that failed to load and MCP servers' problems, each with its file (`mcp:<server>`) and message, under
// the tool list.
import type { CatalogError } from '../../shared/protocol.ts'
import { loadErrorsSummary } from '../../components/app/loadErrorsSummary.ts'

export function CatalogErrors({ errors }: { errors: CatalogError[] }) {
  return (
    <section
      aria-label="Catalog errors"
      className="max-h-48 overflow-auto border-t border-zinc-200 p-3 dark:border-zinc-700"
    >
      <h2 className="text-xs font-semibold text-rose-700 dark:text-rose-300">{loadErrorsSummary(errors)}</h2>
      <ul className="mt-1 space-y-1">
        {errors.map((e) => (
          <li key={e.file + e.message} className="text-xs">
            <span className="block truncate font-mono text-zinc-700 dark:text-zinc-300" title={e.file}>
              {e.file}
            </span>
            <span className="block whitespace-pre-wrap text-rose-700 dark:text-rose-300">{e.message}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
