// What a browser user reads when the server refuses the page's session token: where to find the right URL,
// in words for a person with a browser (not the `Authorization` header an HTTP client would send).
import { ApiRequestError } from '../../api/client.ts'
import type { TokenProblem } from '../../api/connection.ts'

/** The message for a missing or a refused token. */
export function tokenMessage(problem: TokenProblem): string {
  return problem === 'missing-token'
    ? 'This page has no session token. Open the URL Toolscope printed in the terminal when it started (the one with ?token=…).'
    : 'The session token of this page was refused (Toolscope restarted with a new one, or the URL was mistyped). Open the URL Toolscope printed in the terminal (the one with ?token=…).'
}

/** The token message for a request refused with a 401, or undefined when it failed for another reason. */
export function tokenMessageOf(error: unknown, sentToken: boolean): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 401) return undefined
  return tokenMessage(sentToken ? 'wrong-token' : 'missing-token')
}
