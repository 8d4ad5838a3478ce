// The validation stages of a tool call, in Mastra's order, shared by direct `execute` and `runTool()`:
// input → request context → resume data → (user function) → suspend payload → output.
// Each check returns the schema's own success result (no extra allocation) or `{ error }`; a Promise only for async schemas.

import { inputValidationError, outputValidationError, requestContextValidationError, suspendValidationError } from './errors.ts'
import { collectSecretValues, redactSecretKeys, requestContextValues, scrubSecrets } from './requestContext.ts'
import { hasIssues, isThenable, toIssues, toJsonSchema } from './standardSchema.ts'
import type { StandardResult, StandardSchemaV1, ToolValidationError } from './types.ts'
import { isPlainObject } from './plainObject.ts'

/** Result of one check: the validated value, or a validation error object. */
export type Checked = { readonly value: unknown; readonly error?: undefined } | { readonly error: ToolValidationError; readonly value?: undefined }
export type MaybePromise<T> = T | Promise<T>

type Result = StandardResult<unknown>

function then<T, U>(value: MaybePromise<T>, fn: (v: T) => MaybePromise<U>): MaybePromise<U> {
  return isThenable<T>(value) ? Promise.resolve(value).then(fn) : fn(value)
}

function validate(schema: StandardSchemaV1, value: unknown): MaybePromise<Result> {
  return schema['~standard'].validate(value) as MaybePromise<Result>
}

/** Mastra turns a null/undefined input into `{}` or `[]` when the schema is an object or array (models send nothing for all-optional args). */
function normalizeNullish(schema: StandardSchemaV1, input: unknown): unknown {
  if (input !== undefined && input !== null) return input
  const type = toJsonSchema(schema, { io: 'input' })?.type
  return type === 'object' ? {} : type === 'array' ? [] : input
}

/** Drops null values at the paths that failed: models send null for optional fields, which many schemas reject. */
function stripNullsAt(input: unknown, paths: Set<string>, here = ''): unknown {
  if (Array.isArray(input)) return input.map((item, i) => stripNullsAt(item, paths, here ? `${here}.${i}` : String(i)))
  if (!isPlainObject(input)) return input
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    const path = here ? `${here}.${key}` : key
    if (value === null && paths.has(path)) continue
    out[key] = stripNullsAt(value, paths, path)
  }
  return out
}

function nullPaths(input: unknown, result: Result): Set<string> {
  const paths = new Set<string>()
  if (!hasIssues(result)) return paths
  for (const issue of toIssues(result.issues)) {
    let cursor: unknown = input
    for (const key of issue.path) cursor = cursor !== null && typeof cursor === 'object' ? (cursor as Record<string, unknown>)[key] : undefined
    if (cursor === null && issue.path.length > 0) paths.add(issue.path.join('.'))
  }
  return paths
}

/** Input validation with Mastra's leniency (nullish input, null optional fields); reports the first attempt's issues. */
export function checkInput(toolId: string, schema: StandardSchemaV1 | undefined, input: unknown): MaybePromise<Checked> {
  if (!schema) return { value: input }
  const normalized = normalizeNullish(schema, input)
  const result = validate(schema, normalized)
  // Hot path: a sync success is returned as is, with no closure or extra object.
  if (!isThenable(result) && !hasIssues(result)) return result as Checked
  return then(result, (first): MaybePromise<Checked> => {
    if (!hasIssues(first)) return first as Checked
    const paths = nullPaths(normalized, first)
    const fail = (): Checked => ({ error: inputValidationError(toolId, toIssues((first as { issues: [] }).issues), input) })
    if (paths.size === 0) return fail()
    return then(validate(schema, stripNullsAt(normalized, paths)), (retry) => (hasIssues(retry) ? fail() : (retry as Checked)))
  })
}

/** Request-context validation; the message shows the context with secret keys redacted, issues are scrubbed of secret values. */
export function checkRequestContext(toolId: string, schema: StandardSchemaV1 | undefined, requestContext: unknown): MaybePromise<Checked> {
  if (!schema) return { value: undefined }
  const values = requestContextValues(requestContext)
  return then(validate(schema, values), (result): Checked => {
    if (!hasIssues(result)) return result as Checked
    const secrets = collectSecretValues(values)
    const error = requestContextValidationError(toolId, toIssues(result.issues), redactSecretKeys(values))
    return { error: scrubSecrets(error, secrets) }
  })
}

/** Resume data against `resumeSchema` (Mastra reports it with the input-validation message). */
export function checkResume(toolId: string, schema: StandardSchemaV1 | undefined, resumeData: unknown): MaybePromise<Checked> {
  if (!schema) return { value: resumeData }
  return then(validate(schema, resumeData), (result): Checked =>
    hasIssues(result) ? { error: inputValidationError(toolId, toIssues(result.issues), resumeData) } : (result as Checked),
  )
}

/** Suspend payload against `suspendSchema`, checked after the user function returned. */
export function checkSuspend(toolId: string, schema: StandardSchemaV1 | undefined, payload: unknown): MaybePromise<Checked> {
  if (!schema) return { value: payload }
  return then(validate(schema, payload), (result): Checked =>
    hasIssues(result) ? { error: suspendValidationError(toolId, toIssues(result.issues), payload) } : (result as Checked),
  )
}

/** Output against `outputSchema`; skipped when the tool suspended and returned nothing. */
export function checkOutput(toolId: string, schema: StandardSchemaV1 | undefined, output: unknown, suspended: boolean): MaybePromise<Checked> {
  if (!schema || (suspended && output === undefined)) return { value: output }
  const first = validate(schema, output)
  if (!isThenable(first) && !hasIssues(first)) return first as Checked
  return then(first, (result): Checked =>
    hasIssues(result) ? { error: outputValidationError(toolId, toIssues(result.issues), output) } : (result as Checked),
  )
}
