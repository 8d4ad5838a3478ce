// Reads the shape of Zod schemas (3 and 4, any copy of the library) by their definitions, as Mastra's zod-utils do,
// for the one input leniency that depends on it: object and array fields sent as stringified JSON.

import { isPlainObject } from './plainObject.ts'

type ZodLike = { _def?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> }; parse?: unknown; safeParse?: unknown; shape?: unknown }

function isZodType(value: unknown): value is ZodLike {
  const v = value as ZodLike
  return typeof value === 'object' && value !== null && '_def' in v && typeof v.parse === 'function' && typeof v.safeParse === 'function'
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
  if (name === 'ZodNullable' || name === 'ZodOptional' || name === 'ZodDefault') return def.innerType ?? schema._def?.innerType
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
