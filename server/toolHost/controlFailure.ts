// What a refused run control becomes on the wire: the runtime's RunControlError codes (state, resume data, elicitation
// answer) with their validation errors as plain JSON, anything else `internal`. Shared by the worker and the MCP runs.

import type { ControlFailure } from '../../src/shared/protocol.ts'
import { toPlainJson } from './sanitize.ts'

/** A readable description of anything thrown, even a value whose `message` and `toString` throw. */
export function describeError(err: unknown): string {
  try {
    return err instanceof Error ? err.stack || err.message : String(err)
  } catch {
    return 'A value that cannot be described was thrown.'
  }
}

/** The ControlFailure of a control's rejection. */
export function controlFailureOf(err: unknown): ControlFailure {
  const e = err as {
    code?: string
    state?: string
    message?: string
    validationErrors?: ControlFailure['validationErrors']
  }
  if (
    e &&
    (e.code === 'invalid-state' || e.code === 'invalid-resume-data' || e.code === 'invalid-elicitation-content')
  ) {
    return {
      code: e.code,
      message: e.message ?? String(err),
      state: e.state,
      validationErrors: toPlainJson(e.validationErrors) as ControlFailure['validationErrors'],
    }
  }
  return { code: 'internal', message: describeError(err) }
}
