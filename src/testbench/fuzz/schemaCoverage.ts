// Schema coverage: which parts of a tool's input schema the inputs its scenarios and fuzz runs used exercised, and
// which none did — each enum value, each union branch, each optional property present and absent, each bound hit
// exactly (a number at its minimum, a string at its maxLength, an array at its minItems…). Pure: the schema is the JSON
// Schema the catalog has (draft-07 or 2020-12, `$ref` into `$defs`/`definitions`), the inputs are plain values.
//
// A value "fits" a union branch by a structural test (type, const, enum, required keys, bounds, nested properties and
// items): enough to tell a discriminated union's branches apart without compiling the schema with a validator.

type Schema = Record<string, unknown>

export type CoverageKind =
  | 'enum'
  | 'branch'
  | 'optional-present'
  | 'optional-absent'
  | 'minimum'
  | 'maximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'

/** One thing to exercise: where (a JSON path like `unit`, `items[].size`, `shape<1>.radius`), what, and how often. */
export interface CoverageItem {
  path: string
  kind: CoverageKind
  label: string
  hit: number
}

export interface SchemaCoverage {
  items: CoverageItem[]
  covered: number
  total: number
}

/** How deep `$ref`s and nesting are followed (a recursive schema's items are counted down to here). */
const MAX_DEPTH = 6

interface Walk {
  root: Schema
  items: Map<string, CoverageItem>
}

const isSchema = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v)
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)

function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = root
  for (const part of ref.slice(1).split('/').filter(Boolean))
    node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  return isSchema(node) ? node : undefined
}

/** The schema with its `$ref` followed and its `allOf` parts merged in (properties and required joined). */
function flatten(schema: Schema, root: Schema, depth = 0): Schema {
  let out = schema
  if (typeof out.$ref === 'string' && depth < MAX_DEPTH) {
    const { $ref, ...rest } = out
    out = flatten({ ...resolveRef($ref as string, root), ...rest }, root, depth + 1)
  }
  if (!Array.isArray(out.allOf)) return out
  const { allOf, ...base } = out
  let merged: Schema = base
  for (const part of allOf.filter(isSchema).map((p) => flatten(p, root, depth + 1))) {
    merged = {
      ...merged,
      ...part,
      properties: { ...(merged.properties as Schema), ...(part.properties as Schema) },
      required: [...new Set([...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])])],
    }
  }
  return merged
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return false
  return JSON.stringify(a) === JSON.stringify(b)
}

function typeAllows(types: unknown, value: unknown): boolean {
  if (types === undefined) return true
  const list = Array.isArray(types) ? types : [types]
  const actual = typeOf(value)
  return list.some(
    (t) => t === actual || (t === 'integer' && Number.isInteger(value)) || (t === 'number' && actual === 'number'),
  )
}

/** Whether `value` fits `schema` by its structure: type, const, enum, bounds, required keys, properties and items. */
export function fits(raw: Schema | boolean, value: unknown, root: Schema, depth = 0): boolean {
  if (typeof raw === 'boolean') return raw
  if (depth > MAX_DEPTH) return true
  const schema = flatten(raw, root)
  if ('const' in schema && !sameJson(schema.const, value)) return false
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => sameJson(e, value))) return false
  if (!typeAllows(schema.type, value)) return false
  const branches = (schema.anyOf ?? schema.oneOf) as unknown
  if (Array.isArray(branches) && !branches.some((b) => fits(b as Schema, value, root, depth + 1))) return false
  if (typeof value === 'number') return numberFits(schema, value)
  if (typeof value === 'string')
    return (num(schema.minLength) ?? 0) <= value.length && value.length <= (num(schema.maxLength) ?? Infinity)
  if (Array.isArray(value)) return arrayFits(schema, value, root, depth)
  if (isObject(value)) return objectFits(schema, value, root, depth)
  return true
}

function numberFits(schema: Schema, value: number): boolean {
  const exMin = schema.exclusiveMinimum === true ? num(schema.minimum) : num(schema.exclusiveMinimum)
  const exMax = schema.exclusiveMaximum === true ? num(schema.maximum) : num(schema.exclusiveMaximum)
  if (value < (num(schema.minimum) ?? -Infinity) || value > (num(schema.maximum) ?? Infinity)) return false
  return !(exMin !== undefined && value <= exMin) && !(exMax !== undefined && value >= exMax)
}

function arrayFits(schema: Schema, value: unknown[], root: Schema, depth: number): boolean {
  if (value.length < (num(schema.minItems) ?? 0) || value.length > (num(schema.maxItems) ?? Infinity)) return false
  const prefix = (
    Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []
  ) as Schema[]
  if (!prefix.every((s, i) => i >= value.length || fits(s, value[i], root, depth + 1))) return false
  return (
    !isSchema(schema.items) || value.slice(prefix.length).every((v) => fits(schema.items as Schema, v, root, depth + 1))
  )
}

function objectFits(schema: Schema, value: Record<string, unknown>, root: Schema, depth: number): boolean {
  const properties = (isSchema(schema.properties) ? schema.properties : {}) as Record<string, Schema>
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
  if (!required.every((k) => k in value)) return false
  if (schema.additionalProperties === false && Object.keys(value).some((k) => !(k in properties))) return false
  return Object.entries(properties).every(([k, s]) => !(k in value) || fits(s, value[k], root, depth + 1))
}

/** Counts `hit` more for the item (created with 0 hits when first seen, so an item nobody exercised is listed). */
function count(walk: Walk, path: string, kind: CoverageKind, label: string, hit: number): void {
  const key = `${path}\u0000${kind}\u0000${label}`
  const item = walk.items.get(key) ?? { path, kind, label, hit: 0 }
  item.hit += hit
  walk.items.set(key, item)
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** A short name for a union branch: its const, its discriminating consts, or its type. */
function branchLabel(keyword: string, index: number, branch: Schema): string {
  if ('const' in branch) return `${keyword}[${index}] ${JSON.stringify(branch.const)}`
  const consts = Object.entries((isSchema(branch.properties) ? branch.properties : {}) as Record<string, Schema>)
    .filter(([, s]) => isSchema(s) && 'const' in s)
    .map(([k, s]) => `${k}=${JSON.stringify(s.const)}`)
  const type = Array.isArray(branch.type)
    ? branch.type.join('|')
    : typeof branch.type === 'string'
      ? branch.type
      : Array.isArray(branch.enum)
        ? 'enum'
        : 'any'
  return `${keyword}[${index}] ${consts.length ? consts.join(' ') : type}`
}

/** Walks `raw` at `path` with the values found there (every input's value at that place), counting what they hit. */
function visit(walk: Walk, raw: Schema | boolean, path: string, values: unknown[], depth: number): void {
  if (typeof raw === 'boolean' || depth > MAX_DEPTH) return
  const schema = flatten(raw, walk.root)
  if (Array.isArray(schema.enum) && !('const' in schema)) {
    for (const option of schema.enum)
      count(walk, path, 'enum', JSON.stringify(option), values.filter((v) => sameJson(v, option)).length)
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword]
    if (!Array.isArray(branches)) continue
    const { anyOf: _a, oneOf: _o, ...base } = schema
    branches.forEach((b, i) => {
      if (!isSchema(b)) return
      const branch = { ...base, ...flatten(b, walk.root) }
      const inside = values.filter((v) => fits(branch, v, walk.root))
      count(walk, path, 'branch', branchLabel(keyword, i, flatten(b, walk.root)), inside.length)
      visit(walk, branch, `${path}<${i}>`, inside, depth + 1)
    })
    return
  }
  visitNumbers(
    walk,
    schema,
    path,
    values.filter((v): v is number => typeof v === 'number'),
  )
  visitLengths(
    walk,
    schema,
    path,
    'Length',
    values.filter((v): v is string => typeof v === 'string').map((s) => [s.length, [...s].length]),
  )
  const arrays = values.filter(Array.isArray)
  visitLengths(
    walk,
    schema,
    path,
    'Items',
    arrays.map((a) => [a.length]),
  )
  visitArrays(walk, schema, path, arrays, depth)
  visitObjects(walk, schema, path, values.filter(isObject), depth)
}

/** Bounds of a number: hit by the value at the bound, or for an exclusive bound by the nearest value inside it. */
function visitNumbers(walk: Walk, schema: Schema, path: string, values: number[]): void {
  const integer = schema.type === 'integer'
  const step = num(schema.multipleOf) ?? (integer ? 1 : 0)
  const bound = (kind: 'minimum' | 'maximum', inclusive: number | undefined, exclusive: number | undefined) => {
    const sign = kind === 'minimum' ? 1 : -1
    if (exclusive !== undefined) {
      const label = `${kind === 'minimum' ? '>' : '<'} ${exclusive}`
      // The nearest allowed value: one step inside, or for a real number within a millionth of the bound.
      const near = (v: number) =>
        step
          ? v === exclusive + sign * step
          : sign * (v - exclusive) > 0 && sign * (v - exclusive) <= 1e-6 * Math.max(1, Math.abs(exclusive))
      return count(walk, path, kind, label, values.filter(near).length)
    }
    if (inclusive === undefined) return
    const at = step ? (sign === 1 ? Math.ceil(inclusive / step) : Math.floor(inclusive / step)) * step : inclusive
    count(walk, path, kind, `= ${at}`, values.filter((v) => v === at).length)
  }
  bound(
    'minimum',
    num(schema.minimum),
    schema.exclusiveMinimum === true ? num(schema.minimum) : num(schema.exclusiveMinimum),
  )
  bound(
    'maximum',
    num(schema.maximum),
    schema.exclusiveMaximum === true ? num(schema.maximum) : num(schema.exclusiveMaximum),
  )
}

/** minLength/maxLength (a string's length in UTF-16 units or in code points) and minItems/maxItems. */
function visitLengths(walk: Walk, schema: Schema, path: string, what: 'Length' | 'Items', lengths: number[][]): void {
  for (const side of ['min', 'max'] as const) {
    const kind = `${side}${what}` as CoverageKind
    const bound = num(schema[kind])
    if (bound === undefined) continue
    count(
      walk,
      path,
      kind,
      `${what === 'Length' ? 'length' : 'items'} ${bound}`,
      lengths.filter((ls) => ls.includes(bound)).length,
    )
  }
}

function visitArrays(walk: Walk, schema: Schema, path: string, arrays: unknown[][], depth: number): void {
  const prefix = (
    Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []
  ) as Schema[]
  prefix.forEach((s, i) =>
    visit(
      walk,
      s,
      `${path}[${i}]`,
      arrays.filter((a) => a.length > i).map((a) => a[i]),
      depth + 1,
    ),
  )
  if (isSchema(schema.items))
    visit(
      walk,
      schema.items,
      `${path}[]`,
      arrays.flatMap((a) => a.slice(prefix.length)),
      depth + 1,
    )
}

function visitObjects(
  walk: Walk,
  schema: Schema,
  path: string,
  objects: Array<Record<string, unknown>>,
  depth: number,
): void {
  const properties = (isSchema(schema.properties) ? schema.properties : {}) as Record<string, Schema>
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  for (const [key, prop] of Object.entries(properties)) {
    const present = objects.filter((o) => o[key] !== undefined)
    if (!required.has(key)) {
      count(walk, join(path, key), 'optional-present', 'present', present.length)
      count(walk, join(path, key), 'optional-absent', 'absent', objects.length - present.length)
    }
    visit(
      walk,
      prop,
      join(path, key),
      present.map((o) => o[key]),
      depth + 1,
    )
  }
  if (isSchema(schema.additionalProperties)) {
    const extra = objects.flatMap((o) =>
      Object.entries(o)
        .filter(([k]) => !(k in properties))
        .map(([, v]) => v),
    )
    visit(walk, schema.additionalProperties, join(path, '*'), extra, depth + 1)
  }
}

/**
 * What `inputs` exercised of `schema`, item by item. Only inputs that fit the schema count (a fuzz report's inputs
 * include the invalid ones it sent to check refusal: those exercised validation, not the schema's parts).
 */
export function schemaCoverage(schema: Schema, inputs: unknown[]): SchemaCoverage {
  const walk: Walk = { root: schema, items: new Map() }
  visit(
    walk,
    schema,
    '',
    inputs.filter((input) => fits(schema, input, schema)),
    0,
  )
  const items = [...walk.items.values()]
  return { items, covered: items.filter((i) => i.hit > 0).length, total: items.length }
}

/** Text for the CLI: one line per item no input exercised, then a summary line. */
export function lines(coverage: SchemaCoverage): string[] {
  const missed = coverage.items
    .filter((i) => i.hit === 0)
    .map((i) => `  not exercised: ${i.path || '(input)'} ${i.kind} ${i.label}`)
  const share = coverage.total ? Math.round((coverage.covered / coverage.total) * 100) : 100
  return [...missed, `schema coverage: ${coverage.covered}/${coverage.total} (${share}%)`]
}
