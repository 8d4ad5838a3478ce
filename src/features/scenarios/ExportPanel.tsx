// "Export as Vitest/Playwright test": the generated test file, shown as text with a Copy button.
// Used for a finished run and for a stored scenario alike; the server writes the code.
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { ExportBody } from '../../shared/protocol.ts'
import { useApi } from '../../api/useApi.ts'
import { exportQuery } from '../../api/queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { CopyButton } from '../../components/ui/CopyButton.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'

const TITLE = { vitest: 'Vitest test', playwright: 'Playwright test' } as const
const WHERE = {
  vitest: 'Save it in your project (tool imports are relative to where Toolscope runs) and run it with Vitest.',
  playwright: 'Save it in your Playwright test folder; it starts Toolscope on the same tool paths through toolscope/playwright.',
} as const

export default function ExportPanel({ body, onClose }: { body: ExportBody; onClose: () => void }) {
  const api = useApi()
  const exported = useQuery(exportQuery(api, body))
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    // Opening the panel moves focus to it, so keyboard and screen-reader users land on the result.
    heading.current?.focus({ preventScroll: true })
  }, [body.format])
  const title = TITLE[body.format]
  return (
    <section aria-label={`Exported ${title}`} className="space-y-2 rounded-md border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-950">
      <div className="flex flex-wrap items-center gap-2">
        <h3 ref={heading} tabIndex={-1} className="text-sm font-semibold outline-none">
          {title}
          {exported.data && <span className="ml-2 font-mono text-xs font-normal text-zinc-500">{exported.data.filename}</span>}
        </h3>
        <span className="ml-auto flex items-center gap-1">
          {exported.data && <CopyButton text={exported.data.code} label={`Copy ${title} code`} />}
          <Button variant="ghost" onClick={onClose} aria-label={`Close the exported ${title}`}>
            Close
          </Button>
        </span>
      </div>
      {exported.isPending && <p className="text-xs text-zinc-500">Writing the test…</p>}
      <ApiErrorMessage error={exported.error} />
      {exported.data && (
        <>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">{WHERE[body.format]}</p>
          <pre
            tabIndex={0}
            aria-label={`${title} code`}
            className="max-h-96 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs leading-relaxed text-zinc-800 focus-visible:outline-2 focus-visible:outline-sky-500 dark:bg-zinc-900 dark:text-zinc-200"
          >
            {exported.data.code}
          </pre>
        </>
      )}
    </section>
  )
}
