// Reads the shape of Zod schemas (3 and 4, any copy of the library) by their definitions, as Mastra's zod-utils do,
// for the one input leniency that depends on it (object and array fields sent as stringified JSON), and to tell which
// Zod 4 schemas make Mastra's undefined-to-null normalisation a no-op on a valid input (the direct-execute hot path).

import { isPlainObject } from './plainObject.ts'

type ZodLike = {
  _def?: Record<string, unknown>
  _zod?: { def?: Record<string, unknown> }
  parse?: unknown
  safeParse?: unknown
  shape?: unknown
}

function isZodType(value: unknown): value is ZodLike {
  const v = value as ZodLike
  return (
    typeof value === 'object' &&
    value !== null &&
    '_def' in v &&
    typeof v.parse === 'function' &&
    typeof v.safeParse === 'function'
  )
}

/** Zod 3's type name (`ZodObject`), or Zod 4's def type in the same spelling. */
function typeName(schema: ZodLike): string | undefined {
  const def = schema._def
  if (typeof def?.typeName === 'string') return def.typeName
  const type = def?.type
  return typeof type === 'string' && type ? `Zod${type[0].toUpperCase()}${type.slice(1)}` : undefined
}

function innerType(schema: ZodLike, name: string): unknown {
  const def = schema._zod?.def ?? {}
  if (name === 'ZodNullable' || name === 'ZodOptional' || name === 'ZodDefault')
    return def.innerType ?? schema._def?.innerType
  if (name === 'ZodEffects') return def.schema ?? schema._def?.schema
  if (name === 'ZodBranded') return def.type ?? schema._def?.type
  return undefined
}

/** The schema under optional / nullable / default / effects / branded wrappers. */
function unwrap(schema: unknown): unknown {
  let current = schema as ZodLike
  for (;;) {
    const name = typeName(current)
    const inner = name ? innerType(current, name) : undefined
    if (!inner) return current
    current = inner as ZodLike
  }
}

const isKind = (value: unknown, name: string): boolean => isZodType(value) && typeName(value) === name

/**
 * Mastra's `coerceStringifiedJsonValues`: top-level fields that a Zod object schema types as array or object but that
 * arrive as a JSON string (`"[\"a\"]"`) are parsed. Returns the input itself when nothing changed.
 */
export function coerceStringifiedJson(schema: unknown, input: unknown): unknown {
  if (!isPlainObject(input)) return input
  const object = unwrap(schema)
  if (!isKind(object, 'ZodObject')) return input
  const shape = (object as ZodLike).shape
  if (!shape || typeof shape !== 'object') return input
  let changed = false
  const out: Record<string, unknown> = { ...input }
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') continue
    const field = (shape as Record<string, unknown>)[key]
    if (!field) continue
    const base = unwrap(field)
    if (isZodType(base) && typeName(base) === 'ZodString') continue
    const trimmed = value.trim()
    const wantsArray = isKind(base, 'ZodArray')
    const wantsObject = isKind(base, 'ZodObject')
    if (!((wantsArray && trimmed.startsWith('[')) || (wantsObject && trimmed.startsWith('{')))) continue
    try {
      const parsed: unknown = JSON.parse(value)
      if ((wantsArray && Array.isArray(parsed)) || (wantsObject && isPlainObject(parsed))) {
        out[key] = parsed
        changed = true
      }
    } catch {
      // not JSON: left as is
    }
  }
  return changed ? out : input
}

/** Zod 4 leaf types that take a primitive and reject undefined (without `coerce`: String(undefined) is "undefined"). */
const PRIMITIVE_TYPES = new Set(['string', 'number', 'boolean', 'bigint'])

type Zod4Def = {
  type?: unknown
  coerce?: unknown
  catchall?: unknown
  shape?: unknown
  element?: unknown
  innerType?: unknown
  values?: unknown
  entries?: unknown
}

function zod4Def(schema: unknown): Zod4Def | undefined {
  const def = (schema as ZodLike | null)?._zod?.def as Zod4Def | undefined
  return def && typeof def.type === 'string' ? def : undefined
}

/**
 * True when a successful validation of an input proves that Mastra's normalisation (undefined becomes null in plain
 * objects and arrays) would not change the result: a Zod 4 tree of strip-mode objects, arrays, nullables and primitive
 * leaves (string, number, boolean, bigint, enum, literal) that all reject undefined. Every position such a schema reads
 * must then hold a defined value, and whatever it does not read (extra keys) is dropped from its output. False for any
 * other schema (optional fields, defaults, transforms, unions, loose objects, Zod 3, other libraries, recursion).
 */
export function undefinedNeverValid(schema: unknown, seen: Set<unknown> = new Set()): boolean {
  const def = zod4Def(schema)
  if (!def || seen.has(schema)) return false
  if (PRIMITIVE_TYPES.has(def.type as string)) return !def.coerce
  if (def.type === 'enum')
    return !!def.entries && typeof def.entries === 'object' && !Object.values(def.entries).includes(undefined)
  if (def.type === 'literal') return Array.isArray(def.values) && !def.values.includes(undefined)
  seen.add(schema)
  try {
    if (def.type === 'nullable') return undefinedNeverValid(def.innerType, seen)
    if (def.type === 'array') return undefinedNeverValid(def.element, seen)
    if (def.type !== 'object' || def.catchall !== undefined) return false
    const shape = def.shape
    if (!shape || typeof shape !== 'object' || Object.getOwnPropertySymbols(shape).length > 0) return false
    return Object.values(shape).every((field) => undefinedNeverValid(field, seen))
  } catch {
    return false
  } finally {
    seen.delete(schema)
  }
}
