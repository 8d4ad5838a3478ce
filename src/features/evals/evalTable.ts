// Lays an eval job's results out as the Evals tab's table: one row per case (and per description variant, right after
// its case), one column per model in the order the job first reports them, each cell one case × model result; a
// variant's cell carries its difference in pass rate against the case's own row for the same model.
import type { EvalCaseResult, EvalTrial } from '../../shared/protocol.ts'

export interface EvalRow {
  key: string
  name: string
  file: string
  /** The description variant this row ran with; none for the case as the tools describe themselves. */
  variant?: string
  /** Results by model label. */
  cells: Record<string, EvalCaseResult>
}

export interface EvalTable {
  models: string[]
  rows: EvalRow[]
}

const rowKey = (r: Pick<EvalCaseResult, 'file' | 'name' | 'variant'>) =>
  `${r.file}\u0000${r.name}\u0000${r.variant ?? ''}`
const baseKey = (r: Pick<EvalCaseResult, 'file' | 'name'>) => rowKey({ ...r, variant: undefined })

export function buildEvalTable(results: readonly EvalCaseResult[]): EvalTable {
  const models: string[] = []
  const rows = new Map<string, EvalRow>()
  for (const r of results) {
    if (!models.includes(r.model)) models.push(r.model)
    const key = rowKey(r)
    const row = rows.get(key) ?? {
      key,
      name: r.name,
      file: r.file,
      ...(r.variant !== undefined ? { variant: r.variant } : {}),
      cells: {},
    }
    row.cells[r.model] = r
    rows.set(key, row)
  }
  // Each case's base row first, its variants right after it (in the order they came).
  const all = [...rows.values()]
  const bases = all.filter((r) => r.variant === undefined)
  const ordered: EvalRow[] = []
  for (const base of bases) ordered.push(base, ...all.filter((r) => r.variant !== undefined && baseKey(r) === base.key))
  const orphans = all.filter((r) => !ordered.includes(r))
  return { models, rows: [...ordered, ...orphans] }
}

/** A variant's pass rate minus its case's for the same model; undefined for a base row or a base not run yet. */
export function variantDelta(table: EvalTable, row: EvalRow, model: string): number | undefined {
  if (row.variant === undefined) return undefined
  const base = table.rows.find((r) => r.variant === undefined && r.key === baseKey(row))
  const mine = row.cells[model]
  const theirs = base?.cells[model]
  return mine && theirs ? mine.passRate - theirs.passRate : undefined
}

/** "+20 pts", "−10 pts", "±0 pts": a difference of pass rates in percentage points. */
export function formatDelta(delta: number): string {
  const points = Math.round(delta * 100)
  if (points === 0) return '±0 pts'
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} pts`
}

/** True when a row has a result below its threshold or a failed trial (something to expand). */
export const rowFailed = (row: EvalRow): boolean =>
  Object.values(row.cells).some((c) => !c.ok || c.trials.some((t) => !t.passed))

/** The trials that failed, with their place in the run (1-based), for "what the model did instead". */
export function failedTrials(result: EvalCaseResult): Array<{ index: number; trial: EvalTrial }> {
  return result.trials.flatMap((trial, i) => (trial.passed ? [] : [{ index: i + 1, trial }]))
}
