// Builds a starting input from a JSON Schema: `default`s where given, else a minimal value of the right type
// for required properties. Backs the "Defaults" fill button next to the examples.

type Schema = Record<string, unknown>

/** A value that satisfies the schema's shape as far as defaults and required properties go. */
export function valueFromSchema(schema: unknown, root: Schema = (schema ?? {}) as Schema, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return undefined
  let s = schema as Schema
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    s = s.$ref.slice(2).split('/').reduce<any>((acc, k) => acc?.[k], root) ?? {}
  }
  if ('default' in s) return s.default
  if ('const' in s) return s.const
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0]
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined
  if (Array.isArray(variants) && variants.length > 0) {
    const nonNull = variants.find((v) => (v as Schema)?.type !== 'null') ?? variants[0]
    return valueFromSchema(nonNull, root, depth + 1)
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>
      const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : [])
      const out: Record<string, unknown> = {}
      for (const [key, prop] of Object.entries(props)) {
        const hasDefault = !!prop && typeof prop === 'object' && 'default' in (prop as Schema)
        if (!required.has(key) && !hasDefault) continue
        const v = valueFromSchema(prop, root, depth + 1)
        if (v !== undefined) out[key] = v
      }
      return out
    }
    case 'array':
      return []
    case 'string':
      return ''
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 0
    case 'boolean':
      return false
    case 'null':
      return null
    default:
      return s.properties ? valueFromSchema({ ...s, type: 'object' }, root, depth + 1) : undefined
  }
}

/** Parses JSON text, returning the error message (with position) instead of throwing. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: false, message: 'The input is empty' }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (err) {
    return { ok: false, message: `Invalid JSON: ${(err as Error).message}` }
  }
}
