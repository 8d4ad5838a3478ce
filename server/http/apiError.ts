// Error answers of the API: the one place an ErrorCode becomes an HTTP status, so every route and every
// refused run control answers the same way and clients branch on `code`, never on the message.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiError, ErrorCode } from '../../src/shared/protocol.ts'

/** HTTP status of each error code. */
export const HTTP_STATUS = {
  'invalid-body': 400,
  unauthorized: 401,
  'too-large': 413,
  'not-found': 404,
  conflict: 409,
  'unknown-run': 404,
  'unknown-tool': 404,
  'unknown-cassette': 404,
  'newer-version': 422,
  'too-many-runs': 429,
  'storage-failed': 507,
  'invalid-state': 409,
  'invalid-resume-data': 422,
  'invalid-elicitation-content': 422,
  timeout: 503,
  'host-unavailable': 503,
  internal: 500,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>

/** Answers with an ApiError body carrying `code`, at the status the code maps to. */
export function apiError(
  c: Context,
  code: ErrorCode,
  error: string,
  extra: Omit<ApiError, 'error' | 'code'> = {},
  headers?: Record<string, string>,
): Response {
  return c.json({ error, code, ...extra } satisfies ApiError, HTTP_STATUS[code], headers)
}
