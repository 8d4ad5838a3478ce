// Inputs nobody typed: fast-check arbitraries from a tool's JSON Schema, whatever library wrote it (zod 4, valibot,
// arktype, an MCP server's hand-written schema). Valid values cover every type and format, bounds and their neighbours,
// each enum value and union branch, optional fields present and absent, empty, long and unicode strings; invalid
// values are a valid one broken in one place (a wrong type, a required field gone, a bound crossed, a stray key), each
// saying how. Everything shrinks (fast-check's own shrinkers), and the same seed gives the same values.
//
// Evaluated before writing this: json-schema-fast-check (0.0.6, built on fast-check 1.x, unmaintained) and
// json-schema-faker (random data without shrinking or seeds that fast-check can replay); neither fits.

import fc from 'fast-check'

type Schema = Record<string, unknown>

/** How deep `$ref`s and nested containers go before values are kept minimal (recursive schemas end). */
const MAX_DEPTH = 4
/** The longest generated string or array when the schema sets no maximum. */
const LONG = 200

/** Where `$ref`s resolve: the root schema. */
interface Context {
  root: Schema
  depth: number
}

const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

/** The schema a `$ref` ("#/$defs/x", "#/definitions/x", "#") points to, or undefined. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = root
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  }
  return isSchema(node) ? node : undefined
}

/** The types a schema allows: its `type` (one or many), else what its other keywords imply. */
function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type]
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string')
  if (schema.properties || schema.required || schema.additionalProperties !== undefined) return ['object']
  if (schema.items || schema.prefixItems) return ['array']
  if (schema.minLength !== undefined || schema.maxLength !== undefined || schema.pattern || schema.format)
    return ['string']
  if (schema.minimum !== undefined || schema.maximum !== undefined || schema.multipleOf !== undefined) return ['number']
  return []
}

/** `allOf` merged into one schema (properties and required joined, the tighter bound kept). */
function mergeAll(schema: Schema, ctx: Context): Schema {
  const parts = [schema, ...((schema.allOf as Schema[]) ?? [])].map((s) =>
    typeof s.$ref === 'string' ? { ...resolveRef(s.$ref, ctx.root), ...s, $ref: undefined } : s,
  )
  const out: Schema = {}
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'allOf' || v === undefined) continue
      if (k === 'properties') out.properties = { ...(out.properties as Schema), ...(v as Schema) }
      else if (k === 'required')
        out.required = [...new Set([...((out.required as string[]) ?? []), ...(v as string[])])]
      else if (k === 'minimum' || k === 'minLength' || k === 'minItems' || k === 'exclusiveMinimum')
        out[k] = Math.max(num(out[k]) ?? -Infinity, v as number)
      else if (k === 'maximum' || k === 'maxLength' || k === 'maxItems' || k === 'exclusiveMaximum')
        out[k] = Math.min(num(out[k]) ?? Infinity, v as number)
      else out[k] = v
    }
  }
  return out
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = num(schema.minLength) ?? 0
  const maxLength = num(schema.maxLength) ?? Math.max(minLength, LONG)
  if (typeof schema.pattern === 'string') {
    try {
      const regex = new RegExp(schema.pattern, 'u')
      return fc.stringMatching(regex).filter((s) => s.length >= minLength && s.length <= maxLength)
    } catch {
      // A pattern JavaScript cannot read: fall through to the format or plain strings.
    }
  }
  const byFormat = formatArbitrary(schema.format)
  if (byFormat) return byFormat.filter((s) => s.length >= minLength && s.length <= maxLength)
  const sized = { minLength, maxLength }
  // Plain text most of the time; the empty, the longest and any unicode string too.
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ ...sized, unit: 'grapheme-ascii' }) },
    // Lengths in UTF-16 units, as JavaScript validators count them (a grapheme can be several).
    {
      weight: 2,
      arbitrary: fc
        .string({ ...sized, unit: 'grapheme' })
        .filter((s) => s.length >= minLength && s.length <= maxLength),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...new Set(
          ['', 'x'.repeat(Math.min(maxLength, LONG * 5))].filter((s) => s.length >= minLength && s.length <= maxLength),
        ),
      ),
    },
  )
}

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/)

/** Strings of a `format`, kept to what every validator accepts (zod's email, for one, is stricter than RFC 5322). */
function formatArbitrary(format: unknown): fc.Arbitrary<string> | undefined {
  const day = fc.date({
    min: new Date('1970-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  })
  switch (format) {
    case 'email':
      return fc
        .tuple(word, word, fc.constantFrom('com', 'org', 'io', 'dev'))
        .map(([user, host, tld]) => `${user}@${host}.${tld}`)
    case 'uuid':
      return fc.uuid({ version: 4 })
    case 'uri':
    case 'url':
      return fc
        .tuple(fc.constantFrom('https', 'http'), word, fc.array(word, { maxLength: 3 }))
        .map(([scheme, host, path]) => `${scheme}://${host}.example.com/${path.join('/')}`)
    case 'date-time':
      return day.map((d) => d.toISOString())
    case 'date':
      return day.map((d) => d.toISOString().slice(0, 10))
    case 'time':
      return day.map((d) => d.toISOString().slice(11, 19))
    case 'ipv4':
      return fc.ipV4()
    case 'ipv6':
      return fc.ipV6()
    default:
      return undefined
  }
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exMin = num(schema.exclusiveMinimum)
  const exMax = num(schema.exclusiveMaximum)
  let min = num(schema.minimum) ?? (exMin !== undefined ? exMin : undefined)
  let max = num(schema.maximum) ?? (exMax !== undefined ? exMax : undefined)
  const multipleOf = num(schema.multipleOf)
  if (integer || (multipleOf !== undefined && Number.isInteger(multipleOf))) {
    const step = multipleOf && multipleOf > 0 ? multipleOf : 1
    if (exMin !== undefined && min === exMin) min = exMin + (integer ? 1 : Number.EPSILON)
    if (exMax !== undefined && max === exMax) max = exMax - (integer ? 1 : Number.EPSILON)
    const lo = Math.ceil((min ?? -1_000_000) / step)
    const hi = Math.floor((max ?? 1_000_000) / step)
    if (lo > hi) return fc.constant(lo * step)
    const any = fc
      .integer({ min: Math.max(lo, Number.MIN_SAFE_INTEGER), max: Math.min(hi, Number.MAX_SAFE_INTEGER) })
      .map((n) => n * step)
    // fast-check leans towards zero and small values; the schema's own bounds and their neighbours come often too.
    const edges = [min === undefined ? undefined : lo, max === undefined ? undefined : hi]
      .flatMap((n) => (n === undefined ? [] : [n, n === lo ? n + 1 : n - 1]))
      .filter((n) => n >= lo && n <= hi)
    return edges.length
      ? fc.oneof(
          { weight: 3, arbitrary: any },
          { weight: 1, arbitrary: fc.constantFrom(...new Set(edges)).map((n) => n * step) },
        )
      : any
  }
  const edges = [!(exMin !== undefined && min === exMin) && min, !(exMax !== undefined && max === exMax) && max].filter(
    (n): n is number => typeof n === 'number',
  )
  const anyDouble = fc
    .double({
      min: min ?? -1e9,
      max: max ?? 1e9,
      minExcluded: exMin !== undefined && min === exMin,
      maxExcluded: exMax !== undefined && max === exMax,
      noNaN: true,
      noDefaultInfinity: true,
    })
    .map((n) => (Object.is(n, -0) ? 0 : n))
  return edges.length
    ? fc.oneof({ weight: 3, arbitrary: anyDouble }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
    : anyDouble
}

function arrayArbitrary(schema: Schema, ctx: Context): fc.Arbitrary<unknown[]> {
  const deeper = { ...ctx, depth: ctx.depth + 1 }
  const minLength = num(schema.minItems) ?? 0
  const maxLength = ctx.depth >= MAX_DEPTH ? minLength : (num(schema.maxItems) ?? Math.max(minLength, 5))
  // Built only when an item can be generated: a recursive schema's arrays end empty.
  if (maxLength === 0) return fc.constant([])
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined
  if (prefix) {
    // A tuple: one arbitrary per position, then the rest (`items`, or draft-07's `additionalItems`) when allowed.
    const head = fc.tuple(...prefix.map((s) => arbitraryOf(s as Schema, deeper)))
    return head as fc.Arbitrary<unknown[]>
  }
  const item = isSchema(schema.items) ? arbitraryOf(schema.items, deeper) : fc.jsonValue({ maxDepth: 1 })
  return schema.uniqueItems === true
    ? fc.uniqueArray(item, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(item, { minLength, maxLength })
}

function objectArbitrary(schema: Schema, ctx: Context): fc.Arbitrary<Record<string, unknown>> {
  const deeper = { ...ctx, depth: ctx.depth + 1 }
  const properties = (isSchema(schema.properties) ? schema.properties : {}) as Record<string, Schema>
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  // Past the depth limit only what is required, so recursive types end.
  const keys = Object.keys(properties).filter((k) => ctx.depth < MAX_DEPTH || required.has(k))
  const model = Object.fromEntries(keys.map((k) => [k, arbitraryOf(properties[k]!, deeper)]))
  const record = fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) })
  if (!isSchema(schema.additionalProperties) || ctx.depth >= MAX_DEPTH) return record
  // A record of other keys (`z.record`, an index signature) beside the declared ones.
  const extra = fc.dictionary(
    word.filter((k) => !(k in properties)),
    arbitraryOf(schema.additionalProperties, deeper),
    { maxKeys: 3 },
  )
  return fc.tuple(record, extra).map(([declared, more]) => ({ ...more, ...declared }))
}

/** Valid values of `schema`, with `$ref`s resolved against `root` (default: the schema itself). */
export function arbitraryOf(
  schema: Schema | boolean,
  ctx: Context = { root: schema as Schema, depth: 0 },
): fc.Arbitrary<unknown> {
  if (
    schema === true ||
    (isSchema(schema) &&
      Object.keys(schema).filter((k) => !k.startsWith('$') && k !== 'description' && k !== 'title').length === 0 &&
      !schema.$ref)
  )
    return fc.jsonValue({ maxDepth: 2 })
  if (schema === false || !isSchema(schema)) return fc.constant(null)
  // A schema that requires itself without end has no finite value: stop building.
  if (ctx.depth > MAX_DEPTH * 3) return fc.constant(null)
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, ctx.root)
    const { $ref: _ref, ...rest } = schema
    return target
      ? arbitraryOf({ ...target, ...rest }, { ...ctx, depth: ctx.depth + 1 })
      : fc.jsonValue({ maxDepth: 1 })
  }
  if (Array.isArray(schema.allOf)) return arbitraryOf(mergeAll(schema, ctx), ctx)
  if ('const' in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]))
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
  if (Array.isArray(branches) && branches.length) {
    const { oneOf: _o, anyOf: _a, ...base } = schema
    return fc.oneof(...branches.map((b) => arbitraryOf({ ...base, ...b }, ctx)))
  }
  const types = typesOf(schema)
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 })
  return fc.oneof(...types.map((type) => arbitraryOfType(type, schema, ctx)))
}

function arbitraryOfType(type: string, schema: Schema, ctx: Context): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return numberArbitrary(schema, true)
    case 'number':
      return numberArbitrary(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return arrayArbitrary(schema, ctx)
    case 'object':
      return objectArbitrary(schema, ctx)
    default:
      return fc.jsonValue({ maxDepth: 1 })
  }
}

/** An invalid input: the value, and the one change that makes it invalid (for the report). */
export interface InvalidInput {
  value: unknown
  broken: string
}

/** A value of another JSON type than `schema` allows (a string for a number, an object for a string…). */
function wrongType(schema: Schema): unknown {
  const allowed = new Set(typesOf(schema))
  if (allowed.has('number')) allowed.add('integer')
  const candidates: Array<[string, unknown]> = [
    ['string', 'not-a-number'],
    ['number', 42],
    ['boolean', true],
    ['object', { unexpected: true }],
    ['array', [1, 2]],
    ['null', null],
  ]
  return (candidates.find(([t]) => !allowed.has(t) && !(t === 'number' && allowed.has('integer'))) ?? [
    '',
    Symbol.for('never'),
  ])[1]
}

/**
 * Invalid inputs of an object schema: a valid value broken in one place — a required field removed, a field of the
 * wrong type, a number past its bound, a string past its length, a value outside its enum, a key the schema forbids.
 */
export function invalidArbitraryOf(schema: Schema): fc.Arbitrary<InvalidInput> {
  const ctx: Context = { root: schema, depth: 0 }
  const target = typeof schema.$ref === 'string' ? (resolveRef(schema.$ref, schema) ?? schema) : schema
  const properties = (isSchema(target.properties) ? target.properties : {}) as Record<string, Schema>
  const required = Array.isArray(target.required) ? (target.required as string[]) : []
  const breakers: Array<fc.Arbitrary<(value: Record<string, unknown>) => InvalidInput | undefined>> = [
    fc.constant(() => ({ value: wrongType(target), broken: 'the whole input has the wrong type' })),
  ]
  for (const key of required)
    breakers.push(fc.constant((v) => ({ value: omit(v, key), broken: `the required field "${key}" is missing` })))
  for (const [key, raw] of Object.entries(properties)) {
    const prop = typeof raw.$ref === 'string' ? { ...resolveRef(raw.$ref, schema), ...raw } : raw
    breakers.push(
      fc.constant((v) => ({ value: { ...v, [key]: wrongType(prop) }, broken: `"${key}" has the wrong type` })),
    )
    const outside = outOfRange(prop)
    if (outside !== undefined)
      breakers.push(fc.constant((v) => ({ value: { ...v, [key]: outside.value }, broken: `"${key}" ${outside.why}` })))
  }
  if (target.additionalProperties === false)
    breakers.push(
      fc.constant((v) => ({ value: { ...v, zzUnexpectedKey: 1 }, broken: 'a key the schema does not allow' })),
    )
  return fc
    .tuple(arbitraryOf(target, ctx), fc.oneof(...breakers))
    .map(
      ([value, brk]) =>
        brk(isSchema(value) ? value : {}) ?? { value: wrongType(target), broken: 'the whole input has the wrong type' },
    )
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _gone, ...rest } = value
  return rest
}

/** A value of the right type that breaks a bound, a length or an enum; undefined when the schema has none. */
function outOfRange(schema: Schema): { value: unknown; why: string } | undefined {
  if (Array.isArray(schema.enum))
    return { value: `not-one-of-${schema.enum.length}`, why: 'is not one of its enum values' }
  const max = num(schema.maximum) ?? num(schema.exclusiveMaximum)
  if (max !== undefined) return { value: max + 1, why: `is above its maximum ${max}` }
  const min = num(schema.minimum) ?? num(schema.exclusiveMinimum)
  if (min !== undefined) return { value: min - 1, why: `is below its minimum ${min}` }
  const maxLength = num(schema.maxLength)
  if (maxLength !== undefined) return { value: 'x'.repeat(maxLength + 1), why: `is longer than ${maxLength}` }
  const minLength = num(schema.minLength)
  if (minLength !== undefined && minLength > 0) return { value: '', why: `is shorter than ${minLength}` }
  return undefined
}
