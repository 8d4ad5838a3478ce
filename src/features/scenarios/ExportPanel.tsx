// "Export as Vitest/Playwright test": the generated test file, shown as text with a Copy button; the server writes
// the code. For a finished run, the expectation comes first: the values matched by kind (switchable) and the whole
// expected result as JSON, and the code follows each change. A stored scenario exports as its file says.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ExportBody, Expectation, RunEvent } from '../../shared/protocol.ts'
import { outcomeFromEvents } from '../../testbench/replay.ts'
import { useApi } from '../../api/useApi.ts'
import { exportQuery } from '../../api/queries.ts'
import { useSettledValue } from '../../hooks/useSettledValue.ts'
import { Button } from '../../components/ui/Button.tsx'
import { CopyButton } from '../../components/ui/CopyButton.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { ExpectationFields } from './ExpectationFields.tsx'
import { parseExpectationDraft } from './expectationDraft.ts'
import { useExpectationDraft } from './useExpectationDraft.ts'
import { VaryingValues } from './VaryingValues.tsx'

const TITLE = { vitest: 'Vitest test', playwright: 'Playwright test' } as const
const WHERE = {
  vitest: 'Save it in your project (tool imports are relative to where Toolscope runs) and run it with Vitest.',
  playwright:
    'Save it in your Playwright test folder; it starts Toolscope on the same tool paths through toolscope/playwright.',
} as const
/** How long the expectation must rest before the test is written again. */
const SETTLE_MS = 300

type Format = ExportBody['format']

export default function ExportPanel({
  body,
  events,
  onClose,
}: {
  body: ExportBody
  events?: readonly RunEvent[]
  onClose: () => void
}) {
  if (body.runId !== undefined && events)
    return <RunExport runId={body.runId} format={body.format} events={events} onClose={onClose} />
  return <ExportView body={body} onClose={onClose} />
}

/** A run's export: its expectation, editable, and the test written from the last valid one. */
function RunExport({
  runId,
  format,
  events,
  onClose,
}: {
  runId: string
  format: Format
  events: readonly RunEvent[]
  onClose: () => void
}) {
  const [outcome] = useState(() => outcomeFromEvents(events))
  const expectation = useExpectationDraft(runId, outcome)
  const settledText = useSettledValue(expectation.text, SETTLE_MS)
  const settled = useMemo(
    () => (settledText === undefined ? undefined : parseExpectationDraft(settledText)),
    [settledText],
  )
  // While the JSON is being fixed, the code stays that of the last valid expectation.
  const [lastValid, setLastValid] = useState<Expectation>()
  useEffect(() => {
    if (settled?.ok) setLastValid(settled.value)
  }, [settled])
  const expect = settled?.ok ? settled.value : lastValid
  const problem = settled && !settled.ok ? settled.reason : undefined
  const { text } = expectation
  return (
    <ExportView
      body={expect ? { format, runId, expect } : undefined}
      onClose={onClose}
      title={TITLE[format]}
      format={format}
    >
      {text === undefined ? (
        <p className="text-xs text-zinc-500">Looking for values that change between runs…</p>
      ) : (
        <>
          <VaryingValues draft={{ ...expectation, text }} />
          <details className="text-sm">
            <summary className="cursor-pointer text-xs font-medium text-zinc-600 dark:text-zinc-300">
              Edit the expected result
            </summary>
            <div className="pt-2">
              <ExpectationFields
                path={`inmemory://toolscope/export-expectation/${runId}.json`}
                text={text}
                onText={expectation.setText}
                outcome={expectation.suggestion?.expect ?? outcome}
              />
            </div>
          </details>
          {problem && (
            <p role="alert" className="text-xs text-amber-800 dark:text-amber-200">
              The test below keeps the last valid expected result: {problem}
            </p>
          )}
        </>
      )}
    </ExportView>
  )
}

interface ViewProps {
  /** What to export (undefined while the expectation is not known yet). */
  body: ExportBody | undefined
  onClose: () => void
  title?: string
  format?: Format
  children?: ReactNode
}

function ExportView({ body, onClose, children, format = body?.format ?? 'vitest', title = TITLE[format] }: ViewProps) {
  const api = useApi()
  const exported = useQuery({
    ...exportQuery(api, body ?? { format }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
  })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // Opening the panel moves focus to it, so keyboard and screen-reader users land on the result.
    heading.current?.focus({ preventScroll: true })
  }, [format])
  return (
    <section
      aria-label={`Exported ${title}`}
      className="space-y-2 rounded-md border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
          {title}
          {exported.data && (
            <span className="ml-2 font-mono text-xs font-normal text-zinc-500">{exported.data.filename}</span>
          )}
        </h3>
        <span className="ml-auto flex items-center gap-1">
          {exported.data && <CopyButton text={exported.data.code} label={`Copy ${title} code`} />}
          <Button variant="ghost" onClick={onClose} aria-label={`Close the exported ${title}`}>
            Close
          </Button>
        </span>
      </div>
      {children}
      {(exported.isPending || exported.isPlaceholderData) && <p className="text-xs text-zinc-500">Writing the test…</p>}
      <ApiErrorMessage error={exported.error} />
      {exported.data && (
        <>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{WHERE[format]}</p>
          <pre
            tabIndex={0}
            aria-label={`${title} code`}
            aria-busy={exported.isPlaceholderData}
            className="max-h-96 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs leading-relaxed text-zinc-800 focus-visible:outline-2 focus-visible:outline-sky-500 dark:bg-zinc-900 dark:text-zinc-200"
          >
            {exported.data.code}
          </pre>
        </>
      )}
    </section>
  )
}
