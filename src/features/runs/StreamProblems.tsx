// Lists the events of the open run that failed the protocol (a server/UI version mismatch), so the run view
// says which event and field could not be shown instead of pretending the connection dropped.
import type { FrameProblem } from '../../api/runFrames.ts'
import { describeFrameProblem } from '../../api/runFrames.ts'

const SHOWN = 10

export function StreamProblems({ problems }: { problems: readonly FrameProblem[] }) {
  if (problems.length === 0) return null
  return (
    <div
      role="alert"
      aria-label="Stream errors"
      className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      <p className="font-medium">Some events of this run could not be shown:</p>
      <ul className="mt-1 list-disc pl-4">
        {problems.slice(0, SHOWN).map((p, n) => (
          <li key={n} className="font-mono">
            {describeFrameProblem(p)}
          </li>
        ))}
      </ul>
      {problems.length > SHOWN && <p className="mt-1">…and {problems.length - SHOWN} more.</p>}
    </div>
  )
}
