// What a thrown error brought besides its message: the `cause` chain as lines, outermost first, and the stack
// (source-mapped to the tool's TypeScript) folded away in a <details>.
import type { ErrorCause } from '../../shared/protocol.ts'

export function ErrorDetails({ causes, stack }: { causes?: readonly ErrorCause[]; stack?: string }) {
  if (!causes?.length && !stack) return null
  return (
    <>
      {causes && causes.length > 0 && (
        <ol aria-label="Caused by" className="mt-1 space-y-0.5 font-mono">
          {causes.map((c, n) => (
            <li key={n} style={{ paddingLeft: `${n * 0.75}rem` }} className="whitespace-pre-wrap">
              <span className="opacity-70">caused by </span>
              {c.name && c.name !== 'Error' ? `${c.name}: ` : ''}
              {c.message}
              {c.code && <span className="ml-1 rounded bg-rose-100 px-1 dark:bg-rose-900/60">{c.code}</span>}
            </li>
          ))}
        </ol>
      )}
      {stack && (
        <details className="mt-2">
          <summary className="cursor-pointer select-none opacity-80">Stack trace</summary>
          <pre aria-label="Stack trace" className="mt-1 max-h-64 overflow-auto whitespace-pre font-mono text-[11px]">
            {stack}
          </pre>
        </details>
      )}
    </>
  )
}
