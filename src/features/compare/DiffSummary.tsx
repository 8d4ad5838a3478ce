// The paths a view removed from Raw (they have no line of their own to highlight), listed above the panel's JSON.
import type { PathDiff } from './structuralDiff.ts'

export function DiffSummary({ diffs }: { diffs: readonly PathDiff[] }) {
  const removed = diffs.filter((d) => d.kind === 'removed')
  if (removed.length === 0) return null
  return (
    <p className="mb-1 break-words text-[11px] text-zinc-600 dark:text-zinc-300">
      <span className="font-medium">Removed from Raw: </span>
      {removed.map((d, i) => (
        <span key={d.path}>
          {i > 0 && ', '}
          <code
            data-removed="true"
            className="rounded bg-rose-100 px-1 text-rose-800 line-through dark:bg-rose-900/50 dark:text-rose-200"
          >
            {d.path || '(root)'}
          </code>
        </span>
      ))}
    </p>
  )
}
