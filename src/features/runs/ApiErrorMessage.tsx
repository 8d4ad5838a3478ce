// Shows a failed request: the server's message and, when it sent them, the schema issues (path: message).
import { ApiRequestError } from '../../api/client.ts'

export function ApiErrorMessage({ error }: { error: Error | null }) {
  if (!error) return null
  const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : []
  return (
    <div role="alert" className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100">
      <p className="whitespace-pre-wrap font-medium">{error.message}</p>
      {issues.length > 0 && (
        <ul className="mt-1 list-disc pl-4">
          {issues.map((i, n) => (
            <li key={n}>
              <span className="font-mono">{i.path.length ? i.path.join('.') : '(root)'}</span>: {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
