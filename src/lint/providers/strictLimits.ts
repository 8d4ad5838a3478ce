// The size limits of OpenAI strict mode (Structured Outputs): nesting, property count, enum count and string totals.
// All quoted from https://platform.openai.com/docs/guides/structured-outputs#supported-schemas ("Supported schemas").
// Earlier versions of that page said 100 properties and 5 levels; the current page says 5000 and 10.

import { isJsonObject, pointer, propertiesOf, walkSchema } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta } from '../types.ts'
import { INPUT_PATH, findingOf } from './common.ts'

/** The "Supported schemas" section every strict-mode rule quotes. */
export const STRICT_DOCS = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas'

/** "A schema may have up to 5000 object properties total, with up to 10 levels of nesting." */
export const MAX_STRICT_DEPTH = 10
/** Same sentence: the property limit. */
export const MAX_STRICT_PROPERTIES = 5000
/** "A schema may have up to 1000 enum values across all enum properties." */
export const MAX_STRICT_ENUM_VALUES = 1000
/** "For a single enum property with string values, the total string length of all enum values cannot exceed 15,000 characters when there are more than 250 enum values." */
export const MAX_LARGE_ENUM_CHARS = 15_000
/** Same sentence: the enum size from which that character limit applies. */
export const LARGE_ENUM_VALUES = 250
/** "In a schema, total string length of all property names, definition names, enum values, and const values cannot exceed 120,000 characters." */
export const MAX_STRICT_STRING_CHARS = 120_000

/** Nesting deeper than MAX_STRICT_DEPTH object levels. */
export const STRICT_DEPTH: RuleMeta = {
  id: 'openai-strict/nesting-depth',
  defaultSeverity: 'error',
  summary: 'At most 10 levels of object nesting',
  source: STRICT_DOCS,
}
/** More than MAX_STRICT_PROPERTIES properties in all objects together. */
export const STRICT_PROPERTY_COUNT: RuleMeta = {
  id: 'openai-strict/property-count',
  defaultSeverity: 'error',
  summary: 'At most 5000 object properties in total',
  source: STRICT_DOCS,
}
/** More than MAX_STRICT_ENUM_VALUES enum values in the schema as sent. */
export const STRICT_ENUM_COUNT: RuleMeta = {
  id: 'openai-strict/enum-count',
  defaultSeverity: 'error',
  summary: 'At most 1000 enum values in total',
  source: STRICT_DOCS,
}
/** A string enum of more than LARGE_ENUM_VALUES values totalling more than MAX_LARGE_ENUM_CHARS characters. */
export const STRICT_LARGE_ENUM: RuleMeta = {
  id: 'openai-strict/large-enum',
  defaultSeverity: 'error',
  summary: 'A string enum of more than 250 values may total at most 15,000 characters',
  source: STRICT_DOCS,
}
/** Property names, definition names, enum values and consts totalling more than MAX_STRICT_STRING_CHARS characters. */
export const STRICT_STRING_TOTAL: RuleMeta = {
  id: 'openai-strict/string-total',
  defaultSeverity: 'error',
  summary: 'Names, enum values and consts may total at most 120,000 characters',
  source: STRICT_DOCS,
}

/** The size-limit rules of strict mode. */
export const STRICT_LIMIT_RULES: readonly RuleMeta[] = [
  STRICT_DEPTH,
  STRICT_PROPERTY_COUNT,
  STRICT_ENUM_COUNT,
  STRICT_LARGE_ENUM,
  STRICT_STRING_TOTAL,
]

function stringLength(values: unknown[]): number {
  let total = 0
  for (const value of values) if (typeof value === 'string') total += value.length
  return total
}

function definitionNamesLength(node: JsonObject): number {
  let total = 0
  for (const key of ['$defs', 'definitions']) {
    const defs = node[key]
    if (isJsonObject(defs)) for (const name of Object.keys(defs)) total += name.length
  }
  return total
}

/**
 * The limit findings of a schema. Nesting counts object levels only (the root object is level 1, an array adds none),
 * the convention the documentation leaves open; `sent` is the schema after the strict transform (it may add null to enums).
 */
export function checkStrictLimits(raw: JsonObject, sent: JsonObject): Finding[] {
  const findings: Finding[] = []
  let deepest = { depth: 0, path: INPUT_PATH }
  let properties = 0
  let strings = 0
  walkSchema(raw, INPUT_PATH, (node, context) => {
    if (context.objectDepth > deepest.depth) deepest = { depth: context.objectDepth, path: context.path }
    const names = Object.keys(propertiesOf(node))
    properties += names.length
    strings += stringLength(names) + definitionNamesLength(node)
    if (typeof node.const === 'string') strings += node.const.length
    if (!Array.isArray(node.enum)) return
    strings += stringLength(node.enum)
    const chars = stringLength(node.enum)
    if (node.enum.length > LARGE_ENUM_VALUES && chars > MAX_LARGE_ENUM_CHARS) {
      const message = `This enum has ${node.enum.length} values totalling ${chars} characters; above ${LARGE_ENUM_VALUES} values strict mode allows ${MAX_LARGE_ENUM_CHARS}. Shorten the values, or take a free string and validate it in execute.`
      findings.push(findingOf(STRICT_LARGE_ENUM, message, { path: pointer(context.path, 'enum') }))
    }
  })
  let enumValues = 0
  walkSchema(sent, INPUT_PATH, (node) => {
    if (Array.isArray(node.enum)) enumValues += node.enum.length
  })
  if (deepest.depth > MAX_STRICT_DEPTH) {
    findings.push(
      findingOf(
        STRICT_DEPTH,
        `Objects are nested ${deepest.depth} levels deep here; strict mode allows ${MAX_STRICT_DEPTH}. Flatten the input (move deep fields up, or take an id instead of a nested object).`,
        { path: deepest.path },
      ),
    )
  }
  if (properties > MAX_STRICT_PROPERTIES) {
    findings.push(
      findingOf(
        STRICT_PROPERTY_COUNT,
        `The schema has ${properties} object properties in total; strict mode allows ${MAX_STRICT_PROPERTIES}. Split the tool or reuse definitions.`,
        { path: INPUT_PATH },
      ),
    )
  }
  if (enumValues > MAX_STRICT_ENUM_VALUES) {
    findings.push(
      findingOf(
        STRICT_ENUM_COUNT,
        `The schema has ${enumValues} enum values in total (as sent); strict mode allows ${MAX_STRICT_ENUM_VALUES}. Replace large enums with a string validated in execute.`,
        { path: INPUT_PATH },
      ),
    )
  }
  if (strings > MAX_STRICT_STRING_CHARS) {
    findings.push(
      findingOf(
        STRICT_STRING_TOTAL,
        `Property names, definition names, enum values and consts total ${strings} characters; strict mode allows ${MAX_STRICT_STRING_CHARS}. Shorten names and enums, or split the tool.`,
        { path: INPUT_PATH },
      ),
    )
  }
  return findings
}
