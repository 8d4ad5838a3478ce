// The Evals tab's table: cases (and their description variants) × models, each cell the pass rate (passes of k),
// pass^k and tokens, marked below threshold in words and colour; a variant's cell shows its difference in pass rate
// against its case. A row with failures expands (a button with aria-expanded) to what the model did instead.
import { Fragment, useState } from 'react'
import type { EvalCaseResult } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { formatTokens, percent } from '../model/modelText.ts'
import { EvalFailures } from './EvalFailures.tsx'
import { buildEvalTable, formatDelta, rowFailed, variantDelta, type EvalRow, type EvalTable } from './evalTable.ts'

function Cell({ result, delta }: { result: EvalCaseResult | undefined; delta: number | undefined }) {
  if (!result) return <td className="px-2 py-1.5 text-xs text-zinc-400">…</td>
  return (
    <td data-ok={result.ok} className={`px-2 py-1.5 align-top ${result.ok ? '' : 'bg-rose-50 dark:bg-rose-950/40'}`}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={`text-sm font-semibold tabular-nums ${result.ok ? 'text-emerald-800 dark:text-emerald-200' : 'text-rose-800 dark:text-rose-200'}`}
          aria-label={`pass rate ${percent(result.passRate)}`}
        >
          {percent(result.passRate)}
        </span>
        <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
          {result.passes}/{result.k}
        </span>
        {!result.ok && (
          <span className="text-xs text-rose-700 dark:text-rose-300">below {percent(result.threshold)}</span>
        )}
        {delta !== undefined && (
          <span
            aria-label="difference from the case"
            className={`text-xs font-medium tabular-nums ${delta > 0 ? 'text-emerald-700 dark:text-emerald-300' : delta < 0 ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-500'}`}
          >
            {formatDelta(delta)}
          </span>
        )}
      </div>
      <div className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        pass^{result.k} {percent(result.passK)} · {formatTokens(result.usage)}
      </div>
    </td>
  )
}

function Row({
  table,
  row,
  open,
  onToggle,
  onOpen,
}: {
  table: EvalTable
  row: EvalRow
  open: boolean
  onToggle: () => void
  onOpen: (s: UrlState) => void
}) {
  const failed = rowFailed(row)
  const label = row.variant ? `${row.name} (variant ${row.variant})` : row.name
  return (
    <Fragment>
      <tr className="border-t border-zinc-200 dark:border-zinc-700">
        <th scope="row" className={`px-2 py-1.5 text-left align-top font-normal ${row.variant ? 'pl-6' : ''}`}>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="font-mono text-xs font-medium">{row.variant ? `↳ ${row.variant}` : row.name}</span>
            {row.variant && <Badge tone="info">variant</Badge>}
          </div>
          {!row.variant && <div className="text-[11px] text-zinc-500">{row.file}</div>}
          {failed && (
            <button
              type="button"
              aria-expanded={open}
              aria-label={`${open ? 'Hide' : 'Show'} what the model did instead: ${label}`}
              onClick={onToggle}
              className="mt-1 text-xs text-sky-700 underline dark:text-sky-300"
            >
              {open ? 'Hide failures' : 'What the model did instead'}
            </button>
          )}
        </th>
        {table.models.map((m) => (
          <Cell key={m} result={row.cells[m]} delta={variantDelta(table, row, m)} />
        ))}
      </tr>
      {open && (
        <tr>
          <td colSpan={table.models.length + 1} className="bg-rose-50/50 px-3 py-2 dark:bg-rose-950/20">
            <div className="space-y-3">
              {table.models.map((m) => {
                const r = row.cells[m]
                return r && r.trials.some((t) => !t.passed) ? <EvalFailures key={m} result={r} onOpen={onOpen} /> : null
              })}
            </div>
          </td>
        </tr>
      )}
    </Fragment>
  )
}

export function EvalResults({
  results,
  onOpen,
}: {
  results: readonly EvalCaseResult[]
  onOpen: (s: UrlState) => void
}) {
  const table = buildEvalTable(results)
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const toggle = (key: string) =>
    setOpen((s) => (s.has(key) ? new Set([...s].filter((k) => k !== key)) : new Set([...s, key])))
  if (!table.rows.length) return null
  return (
    <div className="w-fit max-w-full overflow-x-auto rounded-md border border-zinc-200 dark:border-zinc-700">
      <table aria-label="Eval results" className="min-w-[24rem] text-sm">
        <thead className="bg-zinc-100 text-left text-xs dark:bg-zinc-800">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Case
            </th>
            {table.models.map((m) => (
              <th key={m} scope="col" className="px-2 py-1.5 font-mono font-medium">
                {m}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <Row
              key={row.key}
              table={table}
              row={row}
              open={open.has(row.key)}
              onToggle={() => toggle(row.key)}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}
