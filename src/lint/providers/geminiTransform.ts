// Converts a JSON Schema to the OpenAPI 3.0 subset Gemini function declarations take (`parameters`), recording every
// change (what was converted or removed) and every problem it could not solve, each under its Gemini rule.

import { isJsonObject, pointer, typesOf } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta, SchemaChange } from '../types.ts'
import { findingOf } from './common.ts'
import {
  GEMINI_EMPTY_OBJECT,
  GEMINI_ENUM_VALUES,
  GEMINI_FORMAT,
  GEMINI_PARAMETER_NAME,
  GEMINI_RECURSIVE_REF,
  GEMINI_REF,
  GEMINI_TUPLE,
  GEMINI_TYPE_LIST,
  GEMINI_UNSUPPORTED,
  GEMINI_UNTYPED,
} from './geminiRules.ts'

/** The formats Gemini documents, by type. */
const FORMATS: Record<string, string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
}
/** Fields of the Gemini Schema object that are copied as they are. */
const COPIED = new Set([
  'title',
  'description',
  'nullable',
  'maxItems',
  'minItems',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'propertyOrdering',
  'default',
  'minimum',
  'maximum',
])
/** Fields the conversion handles itself. */
const HANDLED = new Set([
  'type',
  'format',
  'properties',
  'items',
  'anyOf',
  'oneOf',
  'enum',
  'const',
  '$ref',
  '$defs',
  'definitions',
  'examples',
])
/** Fields removed without a finding: they carry no constraint the model would miss. */
const QUIET = new Set(['$schema', '$id', '$comment'])
const PARAMETER_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/

/**
 * The outcome of the conversion: the schema as sent, every change made, and the findings: one per change that loses
 * something (fixable) and one per problem the conversion cannot solve.
 */
export interface GeminiConversion {
  schema: JsonObject
  changes: SchemaChange[]
  findings: Finding[]
}

class Converter {
  readonly findings: Finding[] = []
  readonly changes: SchemaChange[] = []
  private readonly resolving: string[] = []

  constructor(
    private readonly root: JsonObject,
    private readonly rootPath: string,
  ) {}

  private note(rule: RuleMeta, path: string, message: string, fixable: boolean): void {
    this.findings.push(findingOf(rule, message, { path, fixable }))
    if (fixable) this.changes.push({ path, message })
  }

  /** A removal that loses nothing the model needs: listed as a change, not reported. */
  private removeQuietly(key: string, path: string): void {
    this.changes.push({
      path: pointer(path, key),
      message: `Removed \`${key}\` (Gemini's schema has no such field; nothing the model needs is lost).`,
    })
  }

  private resolve(ref: string): JsonObject | undefined {
    if (ref === '#') return this.root
    const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
    if (!match) return undefined
    const defs = this.root[match[1]]
    const target = isJsonObject(defs) ? defs[match[2].replaceAll('~1', '/').replaceAll('~0', '~')] : undefined
    return isJsonObject(target) ? target : undefined
  }

  /** Converts one node; `path` points at it in the tool's schema. */
  convert(node: JsonObject, path: string): JsonObject {
    if (typeof node.$ref === 'string') return this.convertRef(node, node.$ref, path)
    const out: JsonObject = {}
    this.convertType(node, out, path)
    for (const [key, value] of Object.entries(node)) {
      if (COPIED.has(key)) out[key] = value
      else if (key === 'properties' && isJsonObject(value)) out.properties = this.convertProperties(value, path)
      else if (key === 'items') out.items = this.convertItems(value, path)
      else if (QUIET.has(key) || (key === 'additionalProperties' && value === false)) this.removeQuietly(key, path)
      else if (!HANDLED.has(key))
        this.note(
          GEMINI_UNSUPPORTED,
          pointer(path, key),
          `Gemini's schema has no \`${key}\`; it is removed when sent, so the model does not see it. Say the constraint in the description.`,
          true,
        )
    }
    this.convertFormat(node, out, path)
    this.convertUnion(node, out, path)
    this.convertEnum(node, out, path)
    if (Array.isArray(node.examples) && node.examples.length > 0 && out.example === undefined) {
      out.example = node.examples[0]
      this.note(
        GEMINI_UNSUPPORTED,
        pointer(path, 'examples'),
        'Gemini takes one `example`: the first of `examples` is sent as it.',
        true,
      )
    }
    for (const key of ['$defs', 'definitions']) {
      if (node[key] !== undefined)
        this.note(
          GEMINI_REF,
          pointer(path, key),
          `\`${key}\` is dropped when sent: Gemini has no references, so each $ref is inlined.`,
          true,
        )
    }
    this.checkShape(out, path)
    return out
  }

  private convertRef(node: JsonObject, ref: string, path: string): JsonObject {
    const target = this.resolve(ref)
    const siblings: JsonObject = { ...node }
    delete siblings.$ref
    if (!target || this.resolving.includes(ref)) {
      const why = target ? 'refers to itself (a recursive schema)' : 'does not resolve inside the schema'
      this.note(
        GEMINI_RECURSIVE_REF,
        pointer(path, '$ref'),
        `This $ref ${why}, which Gemini cannot express; it is sent as a bare object. Limit the recursion to a fixed depth (nested z.object) or take JSON as a string.`,
        false,
      )
      return this.convert({ ...siblings, type: 'object' }, path)
    }
    this.note(GEMINI_REF, pointer(path, '$ref'), `The $ref "${ref}" is inlined: Gemini has no references.`, true)
    this.resolving.push(ref)
    const converted = this.convert({ ...target, ...siblings }, path)
    this.resolving.pop()
    return converted
  }

  private convertType(node: JsonObject, out: JsonObject, path: string): void {
    if (!Array.isArray(node.type)) {
      if (typeof node.type === 'string') out.type = node.type
      return
    }
    const types = typesOf(node)
    const nonNull = types.filter((t) => t !== 'null')
    if (nonNull.length === 1) out.type = nonNull[0]
    else if (nonNull.length > 1) out.anyOf = nonNull.map((t) => ({ type: t }))
    else out.type = 'null'
    if (types.includes('null')) out.nullable = true
    const sentAs = nonNull.length > 1 ? 'an anyOf of types' : `"${String(out.type)}"`
    const nullable = types.includes('null') ? ' with nullable: true' : ''
    this.note(
      GEMINI_TYPE_LIST,
      pointer(path, 'type'),
      `The type list [${types.join(', ')}] is sent as ${sentAs}${nullable}.`,
      true,
    )
  }

  private convertProperties(properties: JsonObject, path: string): JsonObject {
    const out: JsonObject = {}
    for (const [name, property] of Object.entries(properties)) {
      const propertyPath = pointer(path, 'properties', name)
      if (!PARAMETER_NAME.test(name))
        this.note(
          GEMINI_PARAMETER_NAME,
          propertyPath,
          `"${name}" breaks Vertex AI's parameter-name rule (a letter or "_" first, then letters, digits or "_", at most 64). Rename it, e.g. to snake_case.`,
          false,
        )
      out[name] = isJsonObject(property) ? this.convert(property, propertyPath) : {}
    }
    return out
  }

  private convertItems(items: unknown, path: string): JsonObject {
    if (isJsonObject(items)) return this.convert(items, pointer(path, 'items'))
    if (!Array.isArray(items)) return {}
    this.note(
      GEMINI_TUPLE,
      pointer(path, 'items'),
      'Gemini has no tuples: the positions are sent as `items: { anyOf: [...] }`, so the model no longer knows which type goes where. Use an object with named fields instead of z.tuple().',
      true,
    )
    const branches = items.filter(isJsonObject).map((item, index) => this.convert(item, pointer(path, 'items', index)))
    return { anyOf: branches }
  }

  /** anyOf stays; oneOf becomes anyOf; a `{ type: "null" }` branch becomes `nullable: true`. */
  private convertUnion(node: JsonObject, out: JsonObject, path: string): void {
    let keyword: 'anyOf' | 'oneOf'
    if (Array.isArray(node.anyOf)) keyword = 'anyOf'
    else if (Array.isArray(node.oneOf)) keyword = 'oneOf'
    else return
    if (keyword === 'oneOf')
      this.note(
        GEMINI_UNSUPPORTED,
        pointer(path, 'oneOf'),
        'Gemini has no `oneOf`: it is sent as `anyOf` (the model may match more than one branch).',
        true,
      )
    const converted: JsonObject[] = []
    let hasNull = false
    const union = node[keyword]
    const branches: unknown[] = Array.isArray(union) ? union : []
    branches.forEach((branch, index) => {
      if (!isJsonObject(branch)) return
      if (branch.type === 'null') hasNull = true
      else converted.push(this.convert(branch, pointer(path, keyword, index)))
    })
    if (hasNull) {
      out.nullable = true
      this.note(
        GEMINI_TYPE_LIST,
        pointer(path, keyword),
        'The null branch of this union is sent as `nullable: true`.',
        true,
      )
    }
    if (converted.length !== 1) {
      out.anyOf = converted
      return
    }
    // A single branch is merged into this node; this node's own description wins over the branch's.
    const description = out.description
    Object.assign(out, converted[0])
    if (description !== undefined) out.description = description
  }

  /** Keeps a documented format; removes any other (the API has rejected them for strings). */
  private convertFormat(node: JsonObject, out: JsonObject, path: string): void {
    if (node.format === undefined) return
    const allowed = typeof out.type === 'string' ? (FORMATS[out.type] ?? []) : []
    if (typeof node.format === 'string' && allowed.includes(node.format)) {
      out.format = node.format
      return
    }
    const message = `Gemini uses the formats ${Object.entries(FORMATS)
      .map(([type, formats]) => `${formats.join('/')} (${type})`)
      .join(
        ', ',
      )}; the API has rejected "${String(node.format)}" here ("only 'enum' and 'date-time' are supported for STRING type"), so it is removed when sent. Say the format in the description.`
    this.note(GEMINI_FORMAT, pointer(path, 'format'), message, true)
  }

  private convertEnum(node: JsonObject, out: JsonObject, path: string): void {
    const values: unknown[] = Array.isArray(node.enum) ? [...node.enum] : []
    if (node.const !== undefined) {
      values.push(node.const)
      this.note(
        GEMINI_UNSUPPORTED,
        pointer(path, 'const'),
        'Gemini has no `const`: it is sent as a one-value `enum`.',
        true,
      )
    }
    if (values.length === 0) return
    if (values.includes(null)) out.nullable = true
    const kept = values.filter((v) => v !== null)
    const keyword = Array.isArray(node.enum) ? 'enum' : 'const'
    if (kept.some((v) => typeof v !== 'string')) {
      this.note(
        GEMINI_ENUM_VALUES,
        pointer(path, keyword),
        `Gemini enums hold strings only; [${kept.map((v) => JSON.stringify(v)).join(', ')}] is rejected. Use string values (z.enum([...])) and convert in execute, or describe the allowed numbers instead.`,
        false,
      )
    } else if (out.type === undefined && out.anyOf === undefined) {
      out.type = 'string'
      this.note(
        GEMINI_UNTYPED,
        pointer(path, keyword),
        'This enum has no type; it is sent as `type: "string"`, the only type Gemini allows an enum on.',
        true,
      )
    } else if (out.type !== 'string') {
      this.note(
        GEMINI_ENUM_VALUES,
        pointer(path, keyword),
        `Gemini allows an enum only on a string type ("function declaration enum only allowed for STRING type"), and this one is on ${JSON.stringify(out.type ?? out.anyOf)}. Make it a string enum and convert in execute.`,
        false,
      )
    }
    out.enum = kept
  }

  private checkShape(out: JsonObject, path: string): void {
    if (out.type === undefined && out.anyOf === undefined && out.enum === undefined) {
      this.note(
        GEMINI_UNTYPED,
        path,
        'This schema has no type (z.any(), z.unknown() or a date without a JSON form), which Gemini needs. Give it a concrete type, e.g. z.string() for free text or JSON.',
        false,
      )
    }
    const isObject = out.type === 'object'
    const empty = !isJsonObject(out.properties) || Object.keys(out.properties).length === 0
    if (isObject && empty && path !== this.rootPath) {
      this.note(
        GEMINI_EMPTY_OBJECT,
        path,
        'This object has no fixed properties (a record or map); Gemini has no additionalProperties, so the model sees an empty object. Use an array of { key, value } objects or list the fields.',
        false,
      )
    }
  }
}

/** The Gemini form of a JSON Schema and the findings of the conversion; `path` is the schema's pointer in the tool. */
export function toGeminiSchema(schema: JsonObject, path = ''): GeminiConversion {
  const converter = new Converter(schema, path)
  const out = converter.convert(schema, path)
  return { schema: out, changes: converter.changes, findings: converter.findings }
}
