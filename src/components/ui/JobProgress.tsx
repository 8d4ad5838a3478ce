// A background job's progress (a fuzz job, an eval job): a bar of `done` over `total`, the count in words, and Cancel.
// `done` may pass `total` (fuzzing's shrinking runs count too): the bar then stays full.
import { Button } from './Button.tsx'

export function JobProgress({
  label,
  done,
  total,
  count,
  onCancel,
}: {
  label: string
  done: number
  total: number
  count: string
  onCancel: () => void
}) {
  const shown = Math.min(done, total)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={shown}
        className="h-2 w-64 max-w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className="h-full rounded-full bg-sky-600 transition-[width]"
          style={{ width: `${(100 * shown) / Math.max(1, total)}%` }}
        />
      </div>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {count}
      </span>
      <Button className="!px-2 !py-0.5 text-xs" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}
