// Shows a failed request: the server's message and, when it sent them, the schema issues (path: message), each once.
import { ApiRequestError } from '../../api/client.ts'
import { IssueMessage } from './IssueMessage.tsx'

export function ApiErrorMessage({ error }: { error: Error | null }) {
  if (!error) return null
  const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : []
  return (
    <div
      role="alert"
      className="rounded-md border border-rose-300 bg-rose-50 p-2 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
    >
      <IssueMessage message={error.message} issues={issues} />
    </div>
  )
}
