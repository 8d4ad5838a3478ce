// Builds a starting input from a JSON Schema that passes it whenever one can be built: `default`s, `const`, enums,
// `examples`, formats, literal examples of patterns, lengths, ranges, multipleOf, minItems, the first viable anyOf/oneOf branch.
// Backs the "Defaults" fill button; what it cannot satisfy is reported, so the UI says so instead of a silent bad value.

import { patternExample } from './patternExample.ts'

type Schema = Record<string, unknown>

/** A starting input, and why it may not pass the schema (empty when it should). */
export interface DefaultsResult {
  value: unknown
  problems: string[]
}

const FORMAT_EXAMPLES: Record<string, string> = {
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': 'https://example.com',
  iri: 'https://example.com',
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00',
  duration: 'P1D',
  uuid: '00000000-0000-4000-8000-000000000000',
  guid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  cuid: 'cjld2cjxh0000qzrmn831i7rn',
  cuid2: 'tz4a98xxat96iws9zmbrgj3a',
  ulid: '01ARZ3NDEKTSV4RRFFQ69G5FAV',
  base64: 'AA==',
  base64url: 'AA',
  emoji: '🙂',
  nanoid: 'V1StGXR8_Z5jdHi6B-myT',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined)
const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v)

class Builder {
  problems: string[] = []
  constructor(private root: Schema) {}

  fail(path: string, why: string): undefined {
    this.problems.push(`${path || 'input'}: ${why}`)
    return undefined
  }

  resolve(s: Schema, depth = 0): Schema {
    if (typeof s.$ref === 'string' && depth < 16) {
      const ref = s.$ref
      const target =
        ref === '#'
          ? this.root
          : ref.startsWith('#/')
            ? ref
                .slice(2)
                .split('/')
                .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
                .reduce<unknown>((acc, k) => (isSchema(acc) ? acc[k] : undefined), this.root)
            : undefined
      const { $ref: _ref, ...rest } = s
      return isSchema(target) ? this.resolve({ ...target, ...rest }, depth + 1) : rest
    }
    if (Array.isArray(s.allOf)) {
      const { allOf, ...rest } = s
      return (allOf as unknown[]).filter(isSchema).reduce<Schema>((acc, part) => {
        const r = this.resolve(part, depth + 1)
        return {
          ...acc,
          ...r,
          properties: { ...(acc.properties as Schema), ...(r.properties as Schema) },
          required: [...((acc.required as string[]) ?? []), ...((r.required as string[]) ?? [])],
        }
      }, rest)
    }
    return s
  }

  /** A value for `schema` at `path`; problems are recorded, never thrown. */
  value(schema: unknown, path: string, depth: number): unknown {
    if (!isSchema(schema)) return schema === false ? this.fail(path, 'the schema accepts no value') : undefined
    if (depth > 10) return this.fail(path, 'the schema nests too deeply to fill')
    const s = this.resolve(schema)
    if ('default' in s) return s.default
    if ('const' in s) return s.const
    // The author's own example beats a made-up value (an empty string reads "Pick a seat for  on " in a run).
    if (Array.isArray(s.examples) && s.examples.length > 0 && s.examples[0] !== undefined) return s.examples[0]
    if (Array.isArray(s.enum)) return s.enum.length > 0 ? s.enum[0] : this.fail(path, 'the enum is empty')
    const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined
    if (Array.isArray(variants) && variants.length > 0) return this.firstViable(s, variants, path, depth)
    const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []
    const type =
      types.find((t) => t !== 'null') ??
      types[0] ??
      (s.properties || s.required ? 'object' : s.items || s.prefixItems ? 'array' : undefined)
    switch (type) {
      case 'object':
        return this.object(s, path, depth)
      case 'array':
        return this.array(s, path, depth)
      case 'string':
        return this.string(s, path)
      case 'number':
      case 'integer':
        return this.number(s, path, type === 'integer')
      case 'boolean':
        return false
      case 'null':
        return null
      default:
        return undefined
    }
  }

  /** The first branch that fills without problems, preferring non-null branches (the useful starting point). */
  firstViable(s: Schema, variants: unknown[], path: string, depth: number): unknown {
    const { anyOf: _a, oneOf: _o, ...rest } = s
    const ordered = [
      ...variants.filter((v) => !isSchema(v) || v.type !== 'null'),
      ...variants.filter((v) => isSchema(v) && v.type === 'null'),
    ]
    for (const variant of ordered) {
      const sub = new Builder(this.root)
      const v = sub.value(isSchema(variant) ? { ...rest, ...variant } : variant, path, depth + 1)
      if (sub.problems.length === 0) return v
    }
    return this.fail(path, 'no branch of anyOf/oneOf could be filled')
  }

  object(s: Schema, path: string, depth: number): Record<string, unknown> {
    const props = isSchema(s.properties) ? s.properties : {}
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : [])
    const out: Record<string, unknown> = {}
    for (const key of new Set([...Object.keys(props), ...required])) {
      const prop = props[key] ?? (isSchema(s.additionalProperties) ? s.additionalProperties : {})
      const hasDefault = isSchema(prop) && 'default' in prop
      if (!required.has(key) && !hasDefault) continue
      const v = this.value(prop, path ? `${path}.${key}` : key, depth + 1)
      if (v !== undefined) out[key] = v
    }
    const minProps = num(s.minProperties) ?? 0
    if (Object.keys(out).length < minProps) this.fail(path, `needs at least ${minProps} properties`)
    return out
  }

  array(s: Schema, path: string, depth: number): unknown[] {
    const tuple = (Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : []) as unknown[]
    const itemSchema = Array.isArray(s.items) ? (s.additionalItems ?? {}) : (s.items ?? {})
    const min = Math.max(num(s.minItems) ?? 0, tuple.length)
    const out: unknown[] = []
    for (let i = 0; i < min; i++) {
      const item = i < tuple.length ? tuple[i] : itemSchema
      const enumerated =
        isSchema(item) && Array.isArray(item.enum) && s.uniqueItems ? item.enum[i - tuple.length] : undefined
      out.push(enumerated ?? this.value(item, `${path}[${i}]`, depth + 1) ?? null)
    }
    if (s.uniqueItems && new Set(out.map((v) => JSON.stringify(v))).size < out.length)
      this.fail(path, `needs ${min} distinct items`)
    const max = num(s.maxItems)
    if (max !== undefined && out.length > max) this.fail(path, `allows at most ${max} items but needs ${out.length}`)
    return out
  }

  string(s: Schema, path: string): string | undefined {
    const pattern = typeof s.pattern === 'string' ? s.pattern : undefined
    const regex = pattern ? safeRegex(pattern) : undefined
    const min = num(s.minLength) ?? 0
    const max = num(s.maxLength)
    const fits = (v: string) =>
      (!regex || regex.test(v)) && [...v].length >= min && (max === undefined || [...v].length <= max)
    const format = typeof s.format === 'string' ? FORMAT_EXAMPLES[s.format] : undefined
    // An unknown format would be checked by the tool but not by us: say so rather than send a plain string.
    if (typeof s.format === 'string' && !format && !regex)
      return this.fail(path, `no example for the string format "${s.format}"`)
    const candidates = [format, pattern ? patternExample(pattern) : undefined, ''].filter(
      (c): c is string => c !== undefined,
    )
    for (const c of candidates) {
      if (fits(c)) return c
      // Pad only where nothing but the length is checked.
      if (!regex && !format && [...c].length < min && fits(c + 'x'.repeat(min - [...c].length)))
        return c + 'x'.repeat(min - [...c].length)
      if (regex && !format && [...c].length < min) {
        const padded = padToLength(c, min, regex)
        if (padded !== undefined && fits(padded)) return padded
      }
    }
    return this.fail(
      path,
      pattern
        ? `no example string found for the pattern /${pattern}/${min ? ` with length ≥ ${min}` : ''}`
        : `the length limits (${min}–${max}) cannot be met`,
    )
  }

  number(s: Schema, path: string, integer: boolean): number | undefined {
    const exMin =
      typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum
        : s.exclusiveMinimum === true
          ? num(s.minimum)
          : undefined
    const exMax =
      typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum
        : s.exclusiveMaximum === true
          ? num(s.maximum)
          : undefined
    const min = s.exclusiveMinimum === true ? undefined : num(s.minimum)
    const max = s.exclusiveMaximum === true ? undefined : num(s.maximum)
    const step = num(s.multipleOf) ?? (integer ? 1 : undefined)
    const ok = (v: number) =>
      (min === undefined || v >= min) &&
      (max === undefined || v <= max) &&
      (exMin === undefined || v > exMin) &&
      (exMax === undefined || v < exMax) &&
      (!integer || Number.isInteger(v)) &&
      (step === undefined || isMultiple(v, step))
    const low = Math.max(min ?? -Infinity, exMin ?? -Infinity)
    const high = Math.min(max ?? Infinity, exMax ?? Infinity)
    const candidates = [0]
    if (Number.isFinite(low))
      candidates.push(
        low,
        step ? Math.ceil(low / step) * step : low,
        step ? (Math.floor(low / step) + 1) * step : low + 1,
        Math.floor(low) + 1,
        (low + (Number.isFinite(high) ? high : low + 2)) / 2,
      )
    if (Number.isFinite(high))
      candidates.push(
        high,
        step ? Math.floor(high / step) * step : high,
        step ? (Math.ceil(high / step) - 1) * step : high - 1,
        Math.ceil(high) - 1,
      )
    const found = candidates.map((v) => (step ? roundTo(v, step) : v)).find(ok)
    return found !== undefined
      ? found
      : this.fail(path, `no ${integer ? 'integer' : 'number'} fits the range and multipleOf`)
  }
}

function safeRegex(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u')
  } catch {
    return undefined
  }
}

/** Repeats the example's last character before any end anchor until the pattern still matches at `min` chars. */
function padToLength(example: string, min: number, regex: RegExp): string | undefined {
  if (!example) return undefined
  const last = example[example.length - 1]
  const padded = example + last.repeat(min - example.length)
  return regex.test(padded) ? padded : undefined
}

const isMultiple = (v: number, step: number) => Math.abs(v / step - Math.round(v / step)) < 1e-9
const roundTo = (v: number, step: number) => Number((Math.round(v / step) * step).toPrecision(12))

/** A starting input for `schema`: defaults where given, else the smallest values that pass it, and any problems. */
export function defaultsFromSchema(schema: unknown): DefaultsResult {
  const builder = new Builder(isSchema(schema) ? schema : {})
  const value = builder.value(schema ?? {}, '', 0)
  return { value, problems: builder.problems }
}

/** Only the value of `defaultsFromSchema`. */
export function valueFromSchema(schema: unknown): unknown {
  return defaultsFromSchema(schema).value
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
