// The OpenAI strict-mode transform with a record of what it changed. The schema it returns is the one
// `toStrictJsonSchema` (src/runtime/serializers.ts) sends, keyword for keyword; strictTransform.test.ts compares them.

import { isJsonObject, pointer } from '../jsonSchema.ts'
import type { JsonObject, SchemaChange, SchemaTransform } from '../types.ts'

const SINGLE_OR_ARRAY = [
  'items',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'oneOf',
  'allOf',
  'prefixItems',
]
const MAPS = ['$defs', 'definitions', 'patternProperties']

/** A property schema the model may set to null: `type` gains "null" (and `enum` gains null), or the schema joins an anyOf with null. */
function nullable(schema: JsonObject): JsonObject {
  const type = schema.type
  if (typeof type === 'string') {
    if (type === 'null') return schema
    const widened: JsonObject = { ...schema, type: [type, 'null'] }
    if (Array.isArray(schema.enum)) widened.enum = [...schema.enum, null]
    return widened
  }
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] }
  return { anyOf: [schema, { type: 'null' }] }
}

function isObjectLike(out: JsonObject): boolean {
  return (
    out.type === 'object' || (Array.isArray(out.type) && out.type.includes('object')) || isJsonObject(out.properties)
  )
}

function strictValue(value: unknown, path: string, changes: SchemaChange[]): unknown {
  if (Array.isArray(value)) return value.map((item, index) => strictValue(item, pointer(path, index), changes))
  if (!isJsonObject(value)) return value
  return strictNode(value, path, changes)
}

function strictProperties(
  schema: JsonObject,
  properties: JsonObject,
  path: string,
  changes: SchemaChange[],
): JsonObject {
  const required = new Set(Array.isArray(schema.required) ? schema.required : [])
  const out: JsonObject = {}
  for (const [name, property] of Object.entries(properties)) {
    const propertyPath = pointer(path, 'properties', name)
    const strict = strictValue(property, propertyPath, changes)
    if (required.has(name)) {
      out[name] = strict
      continue
    }
    const widened = isJsonObject(strict) ? nullable(strict) : { anyOf: [strict, { type: 'null' }] }
    if (widened !== strict)
      changes.push({
        path: propertyPath,
        message: `"${name}" was optional: it is listed in \`required\` and made nullable, so the model sends null to leave it out.`,
      })
    else
      changes.push({
        path: propertyPath,
        message: `"${name}" was optional: it is listed in \`required\` (it already allowed null).`,
      })
    out[name] = widened
  }
  return out
}

function strictNode(schema: JsonObject, path: string, changes: SchemaChange[]): JsonObject {
  const out: JsonObject = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') {
      changes.push({ path: pointer(path, key), message: 'Removed the `$schema` dialect marker.' })
    } else if (key === 'properties' && isJsonObject(value)) {
      out.properties = strictProperties(schema, value, path, changes)
    } else if (SINGLE_OR_ARRAY.includes(key)) {
      out[key] = strictValue(value, pointer(path, key), changes)
    } else if (MAPS.includes(key) && isJsonObject(value)) {
      const mapped: JsonObject = {}
      for (const [name, item] of Object.entries(value))
        mapped[name] = strictValue(item, pointer(path, key, name), changes)
      out[key] = mapped
    } else {
      out[key] = value
    }
  }
  if (isObjectLike(out)) {
    const properties = isJsonObject(out.properties) ? out.properties : {}
    out.properties = properties
    out.required = Object.keys(properties)
    if (schema.additionalProperties !== false)
      changes.push({ path, message: 'Set `additionalProperties: false` (strict mode requires it on every object).' })
    out.additionalProperties = false
  }
  return out
}

/**
 * Makes a JSON Schema acceptable to OpenAI strict mode as far as a transform can: every object gets
 * `additionalProperties: false` and lists all its properties as required; optional properties become nullable.
 */
export function toOpenAIStrict(schema: JsonObject, path = ''): SchemaTransform {
  const changes: SchemaChange[] = []
  return { schema: strictNode(schema, path, changes), changes }
}
