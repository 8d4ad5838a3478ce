// Standard Schema helpers: recognise schemas from any library, validate (sync fast path), normalise issues,
// and export JSON Schema through Standard JSON Schema (`~standard.jsonSchema`), cached per schema.

import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema'
import type {
  JsonSchema,
  StandardIssue,
  StandardJSONSchemaV1,
  StandardResult,
  StandardSchemaV1,
} from './schemaTypes.ts'

/** One validation problem with a plain path, as reported in `validationErrors`. */
export interface ValidationIssue {
  path: Array<string | number>
  message: string
}

/** True for any Standard Schema v1 (Zod 4, Valibot, ArkType…). ArkType types are functions, hence both kinds. */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false
  const std = (value as { '~standard'?: { validate?: unknown } })['~standard']
  return typeof std === 'object' && std !== null && typeof std.validate === 'function'
}

/** True when the schema can also export itself as JSON Schema. */
export function isStandardJsonSchema(value: unknown): value is StandardJSONSchemaV1 {
  if (!isStandardSchema(value)) return false
  const js = (value['~standard'] as { jsonSchema?: { input?: unknown } }).jsonSchema
  return typeof js === 'object' && js !== null && typeof js.input === 'function'
}

/**
 * Zod 3 (the `zod/v3` entry, or a project on zod 3.x): vendor `zod`, no `_zod` internals and no `~standard.jsonSchema`.
 * Mastra recognises it the same way and exports its JSON Schema through zod-to-json-schema.
 */
export function isZodV3(value: unknown): value is StandardSchemaV1 {
  if (!isStandardSchema(value) || '_zod' in (value as object)) return false
  const std = value['~standard'] as { vendor?: unknown; jsonSchema?: unknown }
  return std.vendor === 'zod' && !('jsonSchema' in std) && typeof (value as { _def?: unknown })._def === 'object'
}

/**
 * True when Mastra 1.x validates data against the schema: Standard JSON Schemas (Zod 4, Valibot through
 * `toStandardJsonSchema`, ArkType) and Zod 3. A plain Standard Schema without JSON Schema support is read by Mastra as a
 * JSON Schema document with no constraints, so every value passes unchanged: Toolscope does the same.
 */
export function isValidatingSchema(value: unknown): value is StandardSchemaV1 {
  return isStandardJsonSchema(value) || isZodV3(value) || (isStandardSchema(value) && '_zod' in (value as object))
}

/** Failed results carry a non-empty `issues`; Valibot also sets `value` on failure, so issues win. */
export function hasIssues<T>(result: StandardResult<T>): result is { readonly issues: ReadonlyArray<StandardIssue> } {
  const issues = (result as { issues?: ReadonlyArray<StandardIssue> }).issues
  return issues !== undefined && issues !== null && issues.length > 0
}

/** Thenable check that avoids `instanceof Promise` (other realms, custom thenables). */
export function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  )
}

function pathKey(segment: PropertyKey | { readonly key: PropertyKey }): string | number {
  const key = typeof segment === 'object' && segment !== null ? segment.key : segment
  return typeof key === 'number' ? key : String(key)
}

/** Plain `{ path, message }` issues from Standard Schema issues. */
export function toIssues(issues: ReadonlyArray<StandardIssue>): ValidationIssue[] {
  return issues.map((issue) => ({ path: issue.path ? Array.from(issue.path, pathKey) : [], message: issue.message }))
}

/** Mastra's bullet list: `- a.b: message` (`root` for an empty path). */
export function formatIssues(issues: ReadonlyArray<ValidationIssue>): string {
  return issues.map((i) => `- ${i.path.length ? i.path.join('.') : 'root'}: ${i.message}`).join('\n')
}

/** Mastra's truncation for "Provided arguments": pretty JSON capped at 200 characters. */
export function truncateForMessage(data: unknown, maxLength = 200): string {
  try {
    // JSON.stringify(undefined) is undefined, whose `.length` throws: Mastra then prints the fallback, and so do we.
    const text = JSON.stringify(data, null, 2) as string
    return text.length <= maxLength ? text : `${text.slice(0, maxLength)}... (truncated)`
  } catch {
    return '[Unable to serialize data]'
  }
}

/** Options of toJsonSchema(). */
export interface ToJsonSchemaOptions {
  io?: 'input' | 'output'
  target?: 'draft-07' | 'draft-2020-12'
}

const jsonSchemaCache = new WeakMap<object, Map<string, JsonSchema | null>>()

/**
 * JSON Schema of a Standard JSON Schema, or undefined when the schema cannot export one (plain Standard Schema,
 * or a construct the library refuses to represent). Cached per schema; every call returns a fresh copy so callers may mutate it.
 */
export function toJsonSchema(schema: unknown, options: ToJsonSchemaOptions = {}): JsonSchema | undefined {
  if (!isStandardJsonSchema(schema) && !isZodV3(schema)) return undefined
  const io = options.io ?? 'input'
  const target = options.target ?? 'draft-07'
  const key = `${io}:${target}`
  let perSchema = jsonSchemaCache.get(schema)
  if (!perSchema) jsonSchemaCache.set(schema, (perSchema = new Map()))
  let cached = perSchema.get(key)
  if (cached === undefined) {
    try {
      const out = isStandardJsonSchema(schema)
        ? schema['~standard'].jsonSchema[io]({ target })
        : zodV3JsonSchema(schema, target)
      cached = out && typeof out === 'object' ? out : null
    } catch {
      cached = null
    }
    perSchema.set(key, cached)
  }
  return cached === null ? undefined : structuredClone(cached)
}

/** Zod 3's JSON Schema with Mastra's settings: inline definitions, dates as date-time strings. */
function zodV3JsonSchema(schema: StandardSchemaV1, target: 'draft-07' | 'draft-2020-12'): JsonSchema {
  const out = zodToJsonSchema(schema as never, {
    $refStrategy: 'none',
    target: target === 'draft-07' ? 'jsonSchema7' : 'jsonSchema2019-09',
    override: (def) =>
      (def as { typeName?: string }).typeName === 'ZodDate'
        ? ({ type: 'string', format: 'date-time', 'x-date': true } as never)
        : ignoreOverride,
  }) as JsonSchema
  // zod-to-json-schema stops at 2019-09 (Mastra asks it for that too); for plain schemas 2020-12 reads them alike.
  if (target === 'draft-2020-12') out.$schema = 'https://json-schema.org/draft/2020-12/schema'
  return out
}
