// Error shapes of the runtime: Mastra-compatible validation error objects (returned, never thrown, by execute)
// and RunControlError (thrown by run controls that do not fit the run's state).

import type { ErrorCause, RunControlErrorShape, RunState } from './events.ts'
import { formatIssues, truncateForMessage, type ValidationIssue } from './standardSchema.ts'
import { SELF_VALIDATING, TOOL_BRAND, type FormattedValidationErrors, type ToolValidationError } from './types.ts'

/** Thrown (or rejected) by a run control that does not fit the run: `invalid-state`, `invalid-resume-data` or `invalid-elicitation-content`. */
export class RunControlError extends Error implements RunControlErrorShape {
  readonly code: RunControlErrorShape['code']
  readonly state: RunState
  readonly validationErrors?: ValidationIssue[]

  constructor(
    code: RunControlErrorShape['code'],
    state: RunState,
    message: string,
    validationErrors?: ValidationIssue[],
  ) {
    super(message)
    this.name = 'RunControlError'
    this.code = code
    this.state = state
    if (validationErrors) this.validationErrors = validationErrors
  }
}

/** Which check produced a validation error. */
export type ValidationStage = 'input' | 'request-context' | 'resume' | 'suspend' | 'output'

/** Mastra's `validationErrors` tree from a flat issue list (root messages in `errors`, the rest under `fields`). */
export function toFormattedErrors(issues: ReadonlyArray<ValidationIssue>): FormattedValidationErrors {
  const root: FormattedValidationErrors = { errors: [], fields: {} }
  for (const issue of issues) {
    let node = root
    for (const key of issue.path) node = node.fields[String(key)] ??= { errors: [], fields: {} }
    node.errors.push(issue.message)
  }
  return root
}

function make(message: string, issues: ValidationIssue[]): ToolValidationError {
  return { error: true, message, validationErrors: toFormattedErrors(issues) }
}

/** `Tool input validation failed for <id>. …` (Mastra uses the same message for resume data). */
export function inputValidationError(
  toolId: string,
  issues: ValidationIssue[],
  provided: unknown,
): ToolValidationError {
  return make(
    `Tool input validation failed for ${toolId}. Please fix the following errors and try again:\n${formatIssues(issues)}\n\nProvided arguments: ${truncateForMessage(provided)}`,
    issues,
  )
}

/** `Tool output validation failed for <id>. …` */
export function outputValidationError(
  toolId: string,
  issues: ValidationIssue[],
  returned: unknown,
): ToolValidationError {
  return make(
    `Tool output validation failed for ${toolId}. The tool returned invalid output:\n${formatIssues(issues)}\n\nReturned output: ${truncateForMessage(returned)}`,
    issues,
  )
}

/** `Request context validation failed for <id>. …`; `redactedContext` must already have its secret keys redacted. */
export function requestContextValidationError(
  toolId: string,
  issues: ValidationIssue[],
  redactedContext: unknown,
): ToolValidationError {
  return make(
    `Request context validation failed for ${toolId}. Please fix the following errors and try again:\n${formatIssues(issues)}\n\nProvided request context: ${truncateForMessage(redactedContext)}`,
    issues,
  )
}

/** `Tool suspension data validation failed for <id>. …` */
export function suspendValidationError(
  toolId: string,
  issues: ValidationIssue[],
  payload: unknown,
): ToolValidationError {
  return make(
    `Tool suspension data validation failed for ${toolId}. Please fix the following errors and try again:\n${formatIssues(issues)}\n\nProvided arguments: ${truncateForMessage(payload)}`,
    issues,
  )
}

/** Recognises a validation error object (ours or Mastra's). */
export function isValidationError(value: unknown): value is ToolValidationError {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as { error?: unknown }).error === true &&
    'validationErrors' in value
  )
}

/** A readable message for anything thrown. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  // Every step may throw (a `message` getter, `toJSON`, `toString`): the run must still fail with a readable message.
  try {
    if (error instanceof Error) return String(error.message)
    return JSON.stringify(error) ?? String(error)
  } catch {
    try {
      return String(error)
    } catch {
      return 'The tool threw a value that cannot be described (its message and toString both throw).'
    }
  }
}

const MASTRA_TOOL_MARKER = Symbol.for('mastra.core.tool.Tool')

/** True for a tool whose own `execute` runs the validation pipeline (see SELF_VALIDATING): runTool() must not repeat it. */
export function isSelfValidating(tool: object): boolean {
  const t = tool as Record<PropertyKey, unknown>
  // Toolscope tools carry Mastra's marker too (to run inside Mastra), but runTool() validates them itself.
  if (t[TOOL_BRAND] === true) return false
  return t[SELF_VALIDATING] === true || t[MASTRA_TOOL_MARKER] === true
}

type FormattedErrors = { errors?: unknown; fields?: Record<string, unknown> }

/**
 * `validationErrors` as the flat `{ path, message }` list that events and the UI show, from Mastra's tree
 * (`{ errors: string[], fields: { name: tree } }`) or from a list.
 */
export function toValidationIssues(value: unknown): ValidationIssue[] | undefined {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) return value as ValidationIssue[]
  if (typeof value !== 'object') return undefined
  const out: ValidationIssue[] = []
  const walk = (node: FormattedErrors, path: string[]): void => {
    if (Array.isArray(node.errors)) for (const message of node.errors) out.push({ path, message: String(message) })
    for (const [key, child] of Object.entries(node.fields ?? {})) {
      if (child !== null && typeof child === 'object') walk(child as FormattedErrors, [...path, key])
    }
  }
  walk(value as FormattedErrors, [])
  return out
}

/** Links of a `cause` chain reported at most (a longer chain ends with a "… more causes" link). */
export const MAX_CAUSES = 10
/** Characters of a stack reported at most. */
export const MAX_STACK_CHARS = 16 * 1024

/** Reads a property without letting a throwing getter (or a hostile Proxy) escape. */
function read(value: object, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

function causeOf(value: unknown): ErrorCause {
  if (value === null || typeof value !== 'object') return { message: errorMessage(value) }
  const name = read(value, 'name')
  const code = read(value, 'code')
  const message = read(value, 'message')
  return {
    message: typeof message === 'string' ? message : errorMessage(value),
    ...(typeof name === 'string' && name ? { name } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
  }
}

/** Toolscope's own folder (`/…/toolscope`, forward slashes), from this module's URL: src/runtime/, dist/ or dist/node/src/runtime/. */
const OWN_ROOT = ((): string | undefined => {
  const url = import.meta.url
  if (!url.startsWith('file://')) return undefined
  const file = decodeURIComponent(new URL(url).pathname).replace(/^\/([A-Za-z]:)/, '$1')
  const at = Math.max(file.lastIndexOf('/src/'), file.lastIndexOf('/dist/'))
  const root = at > 0 ? file.slice(0, at) : undefined
  return root?.endsWith('/dist/node') ? root.slice(0, -'/dist/node'.length) : root
})()

/**
 * Whether a stack line is a frame of Toolscope's network interception: its own src/network/ (dist/network/, and
 * dist/node/src/network/ in the compiled server's workers, whose source maps name src/network/ again) and the
 * interceptor libraries it installs. A tool's request passes through them in a tool-host worker; they are not the
 * tool's code and would not be there without Toolscope, so the stack shown to people leaves them out.
 */
export function isInterceptionFrame(line: string, ownRoot = OWN_ROOT): boolean {
  if (!/^\s+at /.test(line)) return false
  const where = line.replace(/\\/g, '/').replace('file://', '')
  if (/\/node_modules\/(?:@mswjs\/interceptors|@open-draft\/until)\//.test(where)) return true
  return (
    ownRoot !== undefined &&
    ['/src/network/', '/dist/network/', '/dist/node/src/network/'].some((dir) => where.includes(ownRoot + dir))
  )
}

/** `stack` without Toolscope's interception frames (isInterceptionFrame). */
export function hideInterceptionFrames(stack: string, ownRoot = OWN_ROOT): string {
  return stack
    .split('\n')
    .filter((line) => !isInterceptionFrame(line, ownRoot))
    .join('\n')
}

/**
 * The stack and `cause` chain of a thrown value, for the run's `error` event: the stack as the engine formats it
 * (source-mapped when source maps are on) without Toolscope's interception frames, and each `.cause` in turn, bounded
 * in depth and safe against cycles.
 */
export function errorDetails(error: unknown): { stack?: string; causes?: ErrorCause[] } {
  if (error === null || typeof error !== 'object') return {}
  const rawStack = error instanceof Error ? read(error, 'stack') : undefined
  const stack =
    typeof rawStack === 'string' && rawStack ? hideInterceptionFrames(rawStack.slice(0, MAX_STACK_CHARS)) : undefined
  const causes: ErrorCause[] = []
  const seen = new Set<unknown>([error])
  let next = read(error, 'cause')
  while (next !== undefined && !seen.has(next)) {
    if (causes.length === MAX_CAUSES) {
      causes.push({ message: '… more causes not shown' })
      break
    }
    seen.add(next)
    causes.push(causeOf(next))
    next = next !== null && typeof next === 'object' ? read(next, 'cause') : undefined
  }
  return { ...(stack ? { stack } : {}), ...(causes.length ? { causes } : {}) }
}
