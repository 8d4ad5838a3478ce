// Small helpers for reading JSON Schemas as plain data: JSON Pointers, the sub-schemas of a node, a node's types,
// and a depth-first walk that the provider checks and lint rules share.

import type { JsonObject } from './types.ts'

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** Escapes one JSON Pointer segment (RFC 6901): `~` as `~0`, `/` as `~1`. */
export function escapePointer(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1')
}

/** Appends segments to a JSON Pointer. */
export function pointer(base: string, ...segments: Array<string | number>): string {
  let out = base
  for (const segment of segments) out += `/${escapePointer(segment)}`
  return out
}

/** The types a schema node allows by its `type` keyword (empty when it has none). */
export function typesOf(node: JsonObject): string[] {
  const type = node.type
  if (typeof type === 'string') return [type]
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string')
  return []
}

/** True when the node describes an object: `type` includes `object`, or it has `properties`. */
export function isObjectNode(node: JsonObject): boolean {
  return typesOf(node).includes('object') || isJsonObject(node.properties)
}

/** The property schemas of a node (an empty record when it has none). */
export function propertiesOf(node: JsonObject): Record<string, unknown> {
  return isJsonObject(node.properties) ? node.properties : {}
}

/** The `required` names of a node. */
export function requiredOf(node: JsonObject): string[] {
  return Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : []
}

/** Keywords whose value is one sub-schema. */
const SINGLE_KEYWORDS = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]
/** Keywords whose value is an array of sub-schemas. */
const ARRAY_KEYWORDS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items']
/** Keywords whose value is a record of sub-schemas. */
const MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']

/** One sub-schema of a node: the schema, its pointer, the keyword it sits under and, under `properties`, its name. */
export interface ChildSchema {
  node: JsonObject
  path: string
  keyword: string
  propertyName?: string
}

/** The direct sub-schemas of a node (boolean schemas are skipped). */
export function childSchemas(node: JsonObject, path: string): ChildSchema[] {
  const children: ChildSchema[] = []
  for (const keyword of SINGLE_KEYWORDS) {
    const value = node[keyword]
    if (isJsonObject(value)) children.push({ node: value, path: pointer(path, keyword), keyword })
  }
  for (const keyword of ARRAY_KEYWORDS) {
    const value = node[keyword]
    if (!Array.isArray(value)) continue
    value.forEach((item, index) => {
      if (isJsonObject(item)) children.push({ node: item, path: pointer(path, keyword, index), keyword })
    })
  }
  for (const keyword of MAP_KEYWORDS) {
    const value = node[keyword]
    if (!isJsonObject(value)) continue
    for (const [name, item] of Object.entries(value)) {
      if (!isJsonObject(item)) continue
      const child: ChildSchema = { node: item, path: pointer(path, keyword, name), keyword }
      if (keyword === 'properties') child.propertyName = name
      children.push(child)
    }
  }
  return children
}

/** What the walk hands each node: its pointer, how many object levels contain it (itself included) and how it was reached. */
export interface WalkContext {
  path: string
  /** Object nesting level: the root object is 1, an object inside it 2, and so on; non-object nodes keep their parent's level. */
  objectDepth: number
  keyword?: string
  propertyName?: string
}

/** Visits every node of a schema depth first, the root first. Stops descending past `maxNodes` visits (guards huge schemas). */
export function walkSchema(
  root: JsonObject,
  rootPath: string,
  visit: (node: JsonObject, context: WalkContext) => void,
  maxNodes = 100_000,
): void {
  const stack: Array<{ node: JsonObject; context: WalkContext }> = [
    { node: root, context: { path: rootPath, objectDepth: isObjectNode(root) ? 1 : 0 } },
  ]
  let visited = 0
  while (stack.length > 0 && visited < maxNodes) {
    const entry = stack.pop()
    if (!entry) break
    visited += 1
    visit(entry.node, entry.context)
    const children = childSchemas(entry.node, entry.context.path)
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i]
      const depth = entry.context.objectDepth + (isObjectNode(child.node) ? 1 : 0)
      stack.push({
        node: child.node,
        context: { path: child.path, objectDepth: depth, keyword: child.keyword, propertyName: child.propertyName },
      })
    }
  }
}

/** A schema without its `$schema` dialect marker (a shallow copy). */
export function withoutDialect(schema: JsonObject): JsonObject {
  const copy: JsonObject = { ...schema }
  delete copy.$schema
  return copy
}
