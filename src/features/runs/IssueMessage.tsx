// An error message with its validation issues listed once, by path (the message's own copy of them is left out).
import { errorParts } from './errorParts.ts'

interface Issue {
  path: ReadonlyArray<string | number>
  message: string
}

export function IssueMessage({
  message,
  issues,
  mono = false,
}: {
  message: string
  issues: readonly Issue[]
  mono?: boolean
}) {
  const { headline, after } = errorParts(message, issues.length > 0)
  return (
    <>
      <p className={`whitespace-pre-wrap font-medium ${mono ? 'font-mono' : ''}`}>{headline}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-4">
          {issues.map((i, n) => (
            <li key={n}>
              <span className="font-mono">{i.path.length ? i.path.join('.') : '(root)'}</span>: {i.message}
            </li>
          ))}
        </ul>
      )}
      {after && <p className={`mt-1 whitespace-pre-wrap ${mono ? 'font-mono' : ''}`}>{after}</p>}
    </>
  )
}
