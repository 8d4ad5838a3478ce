// The differences of a failed replay, one row per path: what the scenario expected against what the tool did now.
import type { Mismatch } from '../../shared/protocol.ts'

/** A value as it reads in the diff: JSON, pretty when it is a structure; a missing value says so. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(missing)'
  if (value !== null && typeof value === 'object') return JSON.stringify(value, null, 2)
  return JSON.stringify(value)
}

export function MismatchTable({ mismatches }: { mismatches: Mismatch[] }) {
  return (
    <table className="w-full table-fixed border-collapse text-left font-mono text-xs">
      <caption className="mb-1 text-left font-sans font-medium">
        Differences <span className="font-normal text-zinc-500">({mismatches.length}, expected vs actual)</span>
      </caption>
      <thead className="font-sans text-zinc-500">
        <tr>
          <th scope="col" className="w-1/4 py-1 font-medium">
            Path
          </th>
          <th scope="col" className="font-medium">
            Expected
          </th>
          <th scope="col" className="font-medium">
            Actual
          </th>
        </tr>
      </thead>
      <tbody>
        {mismatches.map((m) => (
          <tr key={m.path} className="border-t border-zinc-200 align-top dark:border-zinc-700">
            <th scope="row" className="py-1 pr-2 font-normal break-all">
              {m.path}
            </th>
            <td className="py-1 pr-2">
              <pre className="whitespace-pre-wrap break-all rounded bg-rose-50 px-1 text-rose-900 dark:bg-rose-950/60 dark:text-rose-100">
                <span aria-hidden="true">− </span>
                {showValue(m.expected)}
              </pre>
            </td>
            <td className="py-1">
              <pre className="whitespace-pre-wrap break-all rounded bg-emerald-50 px-1 text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100">
                <span aria-hidden="true">+ </span>
                {showValue(m.actual)}
              </pre>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
