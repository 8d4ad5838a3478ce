// The result of replaying one scenario: passed or failed, a link to the replay run (it is in history), and for a
// failure the reason: the scripted decisions not fitting the run, the "no longer fits" reasons and the diff by path,
// and a link to the diff of the last passing replay (`passedRunId`) against this one.
import type { MouseEvent } from 'react'
import type { ReplayReport } from '../../shared/protocol.ts'
import { urlFor, type UrlState } from '../../hooks/useUrlState.ts'
import { MismatchTable } from './MismatchTable.tsx'

export function ReplayResult({
  report,
  passedRunId,
  onOpenRun,
}: {
  report: ReplayReport
  passedRunId?: string
  onOpenRun: (target: UrlState) => void
}) {
  const target: UrlState | undefined = report.runId ? { tool: report.toolId, run: report.runId, tab: 'run' } : undefined
  const diff: UrlState | undefined =
    !report.passed && report.runId && passedRunId && passedRunId !== report.runId
      ? { tool: report.toolId, tab: 'diff', run: passedRunId, vs: report.runId }
      : undefined
  const follow = (to: UrlState | undefined) => (e: MouseEvent) => {
    if (!to || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return
    e.preventDefault()
    onOpenRun(to)
  }
  const tone = report.passed
    ? 'border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-950/30'
    : 'border-rose-300 bg-rose-50/60 dark:border-rose-800 dark:bg-rose-950/30'
  return (
    <div className={`space-y-2 rounded-md border p-2 text-xs ${tone}`}>
      <p className="flex flex-wrap items-center gap-2">
        <span
          role="status"
          aria-label={`Replay result of ${report.name}`}
          className={`font-semibold ${report.passed ? 'text-emerald-800 dark:text-emerald-200' : 'text-rose-800 dark:text-rose-200'}`}
        >
          {report.passed ? 'passed' : 'failed'}
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">the run ended {report.outcome.status}</span>
        {target && (
          <a
            href={urlFor(target)}
            onClick={follow(target)}
            className="ml-auto text-sky-700 underline dark:text-sky-300"
          >
            Open the replay run
          </a>
        )}
        {diff && (
          <a href={urlFor(diff)} onClick={follow(diff)} className="text-sky-700 underline dark:text-sky-300">
            Compare with the last passing replay
          </a>
        )}
      </p>
      {report.scriptError && <p className="text-rose-800 dark:text-rose-200">Script: {report.scriptError}</p>}
      {report.unfit.length > 0 && (
        <ul className="list-disc pl-4 text-amber-800 dark:text-amber-200">
          {report.unfit.map((u) => (
            <li key={u}>No longer fits: {u}</li>
          ))}
        </ul>
      )}
      {report.mismatches.length > 0 && <MismatchTable mismatches={report.mismatches} />}
    </div>
  )
}
