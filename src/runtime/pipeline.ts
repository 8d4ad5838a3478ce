// The validation stages of a tool call, in Mastra's order and with Mastra 1.x's exact leniency, shared by direct
// `execute` and `runTool()`: input → request context → resume data → (user function) → suspend payload → output.
// Schemas are synchronous, as in Mastra; each check returns the schema's own success result or `{ error, issues }`.

import {
  inputValidationError,
  outputValidationError,
  requestContextValidationError,
  suspendValidationError,
} from './errors.ts'
import { requestContextValues } from './requestContext.ts'
import { collectSecretValues, redactSecretKeys, scrubSecrets } from './secrets.ts'
import {
  hasIssues,
  isThenable,
  isValidatingSchema,
  toIssues,
  toJsonSchema,
  type ValidationIssue,
} from './standardSchema.ts'
import type { ToolValidationError } from './types.ts'
import type { StandardResult, StandardSchemaV1 } from './schemaTypes.ts'
import { isPlainObject } from './plainObject.ts'
import { coerceStringifiedJson } from './zodShape.ts'

/** Result of one check: the validated value, or a validation error object with its flat issue list. */
export type Checked =
  | { readonly value: unknown; readonly error?: undefined; readonly issues?: undefined }
  | { readonly error: ToolValidationError; readonly issues: ValidationIssue[]; readonly value?: undefined }

type Result = StandardResult<unknown>
type FailedResult = { readonly issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<unknown> }> }

/** Mastra's `safeValidate`: async schemas are refused, and a broken union gets a message that says so. */
export function validateSync(schema: StandardSchemaV1, value: unknown): Result {
  try {
    const result = schema['~standard'].validate(value) as Result | PromiseLike<Result>
    if (isThenable(result)) throw new Error('Your schema is async, which is not supported. Please use a sync schema.')
    return result
  } catch (err) {
    if (err instanceof TypeError && err.message.includes('Cannot read properties of undefined')) {
      throw new Error(
        `Schema validation failed due to an invalid schema definition. This often happens when a union schema (z.union or z.or) has undefined options. Please check that all schema options are properly defined. Original error: ${err.message}`,
        { cause: err },
      )
    }
    throw err
  }
}

function failure(error: ToolValidationError, result: Result): Checked {
  return { error, issues: toIssues((result as FailedResult).issues as never) }
}

/** Models send nothing for all-optional arguments: null/undefined becomes `{}` or `[]` when the JSON Schema says so. */
function normalizeNullish(schema: StandardSchemaV1, input: unknown): unknown {
  if (input !== undefined && input !== null) return input
  const type = toJsonSchema(schema, { io: 'input' })?.type
  return type === 'array' ? [] : type === 'object' ? {} : input
}

function hasUndefined(value: unknown): boolean {
  if (value === undefined) return true
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some(hasUndefined)
  if (!isPlainObject(value)) return false
  for (const key in value) {
    const item = value[key]
    if (item === undefined || (item !== null && typeof item === 'object' && hasUndefined(item))) return true
  }
  return false
}

/**
 * True when the value is nullish or holds undefined anywhere (plain objects and arrays): the only inputs Mastra's
 * normalisations change before the first validation. Others may go straight to the schema.
 */
export function hasNullish(value: unknown): boolean {
  return value === null || hasUndefined(value)
}

/** Undefined fields become null (OpenAI strict-mode layers send them so); only copies when there is one. */
function undefinedToNull(value: unknown): unknown {
  if (!hasUndefined(value)) return value
  const convert = (v: unknown): unknown => {
    if (v === undefined) return null
    if (Array.isArray(v)) return v.map(convert)
    if (!isPlainObject(v)) return v
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(v)) out[key] = convert(item)
    return out
  }
  return convert(value)
}

/** Drops nullish object fields everywhere (when `paths` is undefined) or only at the given dotted paths. */
function stripNullish(input: unknown, paths?: Set<string>, here = ''): unknown {
  if (input === null || input === undefined) return paths && !paths.has(here) ? input : undefined
  if (Array.isArray(input))
    return input.map((item, i) =>
      !paths && item === null ? null : stripNullish(item, paths, here ? `${here}.${i}` : String(i)),
    )
  if (!isPlainObject(input)) return input
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    const path = here ? `${here}.${key}` : key
    if ((value === null || value === undefined) && (!paths || paths.has(path))) continue
    out[key] = stripNullish(value, paths, path)
  }
  return out
}

const NOT_FOUND = Symbol('not found')

function valueAt(value: unknown, path: ReadonlyArray<unknown>): unknown {
  let cursor = value
  for (const segment of path) {
    if (cursor === null || cursor === undefined || typeof cursor !== 'object') return NOT_FOUND
    const key =
      typeof segment === 'object' && segment !== null && 'key' in segment
        ? (segment as { key: PropertyKey }).key
        : segment
    cursor = (cursor as Record<string, unknown>)[String(key)]
  }
  return cursor
}

/** Dotted paths of the failed issues whose value is null or missing (what a model sends for an optional field). */
function failingNullPaths(input: unknown, result: Result): Set<string> {
  const paths = new Set<string>()
  for (const issue of toIssues((result as FailedResult).issues as never)) {
    if (issue.path.length === 0) continue
    const value = valueAt(input, issue.path)
    if (value === null || value === undefined) paths.add(issue.path.join('.'))
  }
  return paths
}

/** A missing `prompt` filled from `query`, `message` or `input`, when the schema has a `prompt` property. */
function promptAlias(schema: StandardSchemaV1, input: unknown): Record<string, unknown> | undefined {
  const json = toJsonSchema(schema, { io: 'input' })
  if (json?.type !== 'object' || !json.properties || !('prompt' in (json.properties as object))) return undefined
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return undefined
  const obj = input as Record<string, unknown>
  if (obj.prompt !== undefined && obj.prompt !== null) return undefined
  const alias = [obj.query, obj.message, obj.input].find((v) => typeof v === 'string')
  return alias === undefined ? undefined : { ...obj, prompt: alias }
}

/**
 * Mastra's `validateToolInput`, step for step: nullish input normalised, undefined fields as null, then on failure the
 * retries Mastra makes (stringified JSON parsed for Zod object/array fields, nullish fields stripped, a `prompt` alias).
 * The error reports the first attempt's issues and the input as given.
 */
export function checkInput(toolId: string, schema: StandardSchemaV1 | undefined, input: unknown): Checked {
  if (!schema) return { value: input }
  // Mastra still turns undefined into null before its (unconstrained) JSON Schema check accepts anything.
  if (!isValidatingSchema(schema)) return { value: undefinedToNull(input) }
  const normalized = undefinedToNull(normalizeNullish(schema, input))
  const first = validateSync(schema, normalized)
  // Hot path: a success is returned as is, with no closure or extra object.
  if (!hasIssues(first)) return first as Checked
  const coerced = coerceStringifiedJson(schema, normalized)
  if (coerced !== normalized) {
    const result = validateSync(schema, coerced)
    if (!hasIssues(result)) return result as Checked
  }
  const paths = failingNullPaths(normalized, first)
  const stripped = stripNullish(input, paths.size > 0 ? paths : undefined)
  const retry = validateSync(schema, normalizeNullish(schema, stripped))
  if (!hasIssues(retry)) return retry as Checked
  const aliased = promptAlias(schema, normalized)
  if (aliased) {
    const result = validateSync(schema, aliased)
    if (!hasIssues(result)) return result as Checked
  }
  return failure(inputValidationError(toolId, toIssues((first as FailedResult).issues as never), input), first)
}

/**
 * Request-context validation against the context's input values (a transformed view's source). Success gives the
 * parsed values the tool will read; the message shows the context with secret keys redacted, scrubbed of secret values.
 */
export function checkRequestContext(toolId: string, schema: StandardSchemaV1 | undefined, source: unknown): Checked {
  const values = requestContextValues(source)
  if (!schema || !isValidatingSchema(schema)) return { value: values }
  const result = validateSync(schema, values)
  if (!hasIssues(result)) return result as Checked
  const issues = toIssues((result as FailedResult).issues as never)
  const secrets = collectSecretValues(values)
  return {
    error: scrubSecrets(requestContextValidationError(toolId, issues, redactSecretKeys(values)), secrets),
    issues: scrubSecrets(issues, secrets),
  }
}

/** Resume data against `resumeSchema`: Mastra runs its input validation (same leniency, same message) on it. */
export function checkResume(toolId: string, schema: StandardSchemaV1 | undefined, resumeData: unknown): Checked {
  return checkInput(toolId, schema, resumeData)
}

/** Suspend payload against `suspendSchema`, checked after the user function returned. */
export function checkSuspend(toolId: string, schema: StandardSchemaV1 | undefined, payload: unknown): Checked {
  if (!schema || !isValidatingSchema(schema)) return { value: payload }
  const result = validateSync(schema, payload)
  return hasIssues(result)
    ? failure(suspendValidationError(toolId, toIssues(result.issues), payload), result)
    : (result as Checked)
}

/** Output against `outputSchema`; skipped when the tool suspended (with a truthy payload) and returned nothing. */
export function checkOutput(
  toolId: string,
  schema: StandardSchemaV1 | undefined,
  output: unknown,
  suspended: boolean,
): Checked {
  if (!schema || suspended || !isValidatingSchema(schema)) return { value: output }
  const result = validateSync(schema, output)
  return hasIssues(result)
    ? failure(outputValidationError(toolId, toIssues(result.issues), output), result)
    : (result as Checked)
}

/** A per-call check that writes to a request context keep it valid schema input (Mastra's `acceptsInput`). */
export function acceptsInput(schema: StandardSchemaV1): (values: Record<string, unknown>) => boolean {
  if (!isValidatingSchema(schema)) return () => true
  return (values) => {
    try {
      const result = schema['~standard'].validate(values)
      if (isThenable(result)) return false
      return !hasIssues(result as Result)
    } catch {
      return false
    }
  }
}

/** Encodes parsed values back to schema input with a Zod 4 codec (`safeEncode`), as Mastra does; undefined otherwise. */
export function contextEncoder(
  schema: StandardSchemaV1,
): ((values: Record<string, unknown>) => Record<string, unknown> | undefined) | undefined {
  const encodable = schema as { safeEncode?: (v: unknown) => { success: boolean; data?: unknown } }
  if (schema['~standard']?.vendor !== 'zod' || typeof encodable.safeEncode !== 'function') return undefined
  return (values) => {
    try {
      const result = encodable.safeEncode!(values)
      if (result.success && result.data && typeof result.data === 'object' && !Array.isArray(result.data))
        return result.data as Record<string, unknown>
    } catch {
      // not encodable: the write is refused by the caller
    }
    return undefined
  }
}
