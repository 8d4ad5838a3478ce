// What the model did instead, for a case that failed against a model: each failed trial's failures, the tool calls it
// made (the tool it picked, the arguments it sent, the call's error) each linked to its run, and its answer.
import type { EvalCaseResult, ModelToolCall } from '../../shared/protocol.ts'
import type { UrlState } from '../../hooks/useUrlState.ts'
import { AppLink } from '../../components/ui/AppLink.tsx'
import { argumentsText } from '../model/modelText.ts'
import { failedTrials } from './evalTable.ts'

function Call({ call, onOpen }: { call: ModelToolCall; onOpen: (s: UrlState) => void }) {
  const args = argumentsText(call.argsText)
  return (
    <li className="space-y-0.5">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-mono font-semibold">{call.toolId}</span>
        {call.status && <span className="text-zinc-600 dark:text-zinc-400">{call.status}</span>}
        {call.runId && (
          <AppLink
            to={{ tool: call.toolId, run: call.runId, tab: 'run' }}
            onOpen={onOpen}
            className="text-sky-700 underline dark:text-sky-300"
            aria-label={`Open run ${call.runId} of ${call.toolId}`}
          >
            Open run
          </AppLink>
        )}
      </div>
      <pre className="overflow-auto rounded bg-zinc-50 p-1.5 font-mono text-xs whitespace-pre-wrap wrap-anywhere dark:bg-zinc-900">
        {args.text || '(no arguments)'}
      </pre>
      {call.error && <p className="text-xs text-rose-700 dark:text-rose-300">{call.error}</p>}
    </li>
  )
}

export function EvalFailures({ result, onOpen }: { result: EvalCaseResult; onOpen: (s: UrlState) => void }) {
  const failed = failedTrials(result)
  return (
    <section aria-label={`What ${result.model} did instead`} className="space-y-2">
      <h4 className="text-xs font-semibold">
        <span className="font-mono">{result.model}</span>
        {result.variant ? ` (variant ${result.variant})` : ''}: {failed.length} of {result.k} trials failed
      </h4>
      <ol className="space-y-2">
        {failed.map(({ index, trial }) => (
          <li
            key={index}
            className="space-y-1 rounded-md border border-rose-200 bg-white p-2 dark:border-rose-900 dark:bg-zinc-950"
          >
            <h5 className="text-xs font-medium">Trial {index}</h5>
            <ul
              aria-label={`Trial ${index} failures`}
              className="list-disc pl-4 text-xs text-rose-800 dark:text-rose-200"
            >
              {trial.failures.map((f, i) => (
                <li key={i} className="wrap-anywhere">
                  {f}
                </li>
              ))}
              {trial.error && <li className="wrap-anywhere">{trial.error}</li>}
            </ul>
            {trial.calls.length ? (
              <ul aria-label={`Trial ${index} calls`} className="space-y-1">
                {trial.calls.map((c) => (
                  <Call key={c.toolCallId} call={c} onOpen={onOpen} />
                ))}
              </ul>
            ) : (
              <p className="text-xs text-zinc-600 dark:text-zinc-400">The model called no tool.</p>
            )}
            {trial.answer && (
              <p className="text-xs">
                <span className="font-medium">Answer:</span>{' '}
                <span className="whitespace-pre-wrap wrap-anywhere">{trial.answer}</span>
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  )
}
