// Pretty-printed JSON as text (never HTML), with optional per-line highlights and a copy button.
import { CopyButton } from './CopyButton.tsx'

/** JSON.stringify that never throws and shows `undefined` instead of an empty string. */
export function pretty(value: unknown): string {
  if (value === undefined) return 'undefined'
  try {
    return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value, null, 2) ?? String(value))
  } catch {
    return String(value)
  }
}

export function JsonBlock({
  value,
  text,
  changed,
  copyLabel,
  className = '',
}: {
  value?: unknown
  text?: string
  changed?: boolean[]
  copyLabel?: string
  className?: string
}) {
  const body = text ?? pretty(value)
  const lines = body.split('\n')
  return (
    // Flex column: a max-height given through className bounds the <pre>, which then scrolls. The Copy button
    // sits in its own row above the text, so it never covers a line; long lines wrap instead of clipping.
    <div className={`flex min-h-0 flex-col ${className}`}>
      {copyLabel && (
        <div className="flex justify-end">
          <CopyButton text={body} label={copyLabel} />
        </div>
      )}
      <pre className="min-h-0 flex-1 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs leading-5 text-zinc-800 dark:bg-zinc-900 dark:text-zinc-100">
        {lines.map((line, i) => (
          <span
            key={i}
            data-changed={changed?.[i] ? 'true' : undefined}
            className={`block whitespace-pre-wrap wrap-anywhere ${changed?.[i] ? 'bg-amber-100 dark:bg-amber-900/50' : ''}`}
          >
            {line || ' '}
          </span>
        ))}
      </pre>
    </div>
  )
}
