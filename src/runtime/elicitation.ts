// Checks an accepted elicitation answer against the request's `requestedSchema`, the flat JSON Schema subset MCP's
// elicitation allows (an object of string, number, integer, boolean, enum and multi-select properties, `required`),
// so a wrong answer is refused like invalid resume data instead of reaching the tool. Values are never quoted.

import type { ValidationIssue } from './standardSchema.ts'

type Schema = Record<string, unknown>

const isObject = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v)
const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
const numberOr = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/** The allowed values of an enum property (`enum`, or the `const`s of a titled `oneOf` / `anyOf`), if it is one. */
function allowedValues(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum
  const titled = schema.oneOf ?? schema.anyOf
  if (Array.isArray(titled)) return titled.map((option) => (isObject(option) ? option.const : undefined))
  return undefined
}

// Deliberately loose shape checks: they catch an answer of the wrong kind, not every invalid address.
const FORMATS: Record<string, (s: string) => boolean> = {
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  uri: (s) => /^[a-zA-Z][a-zA-Z\d+.-]*:\S*$/.test(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)),
}

function stringIssues(schema: Schema, value: string): string[] {
  const issues: string[] = []
  // JSON Schema lengths count code points; the answers are small (bodies are capped), so spreading is cheap.
  const length = [...value].length
  const min = numberOr(schema.minLength)
  const max = numberOr(schema.maxLength)
  if (min !== undefined && length < min)
    issues.push(`Too short: expected at least ${min} characters, received ${length}`)
  if (max !== undefined && length > max) issues.push(`Too long: expected at most ${max} characters, received ${length}`)
  const check = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined
  if (check && !check(value)) issues.push(`Invalid format: expected ${schema.format}`)
  return issues
}

function numberIssues(schema: Schema, value: number): string[] {
  if (!Number.isFinite(value)) return ['Expected a finite number']
  if (schema.type === 'integer' && !Number.isInteger(value)) return ['Expected an integer, received a fraction']
  const min = numberOr(schema.minimum)
  const max = numberOr(schema.maximum)
  if (min !== undefined && value < min) return [`Too small: expected at least ${min}`]
  if (max !== undefined && value > max) return [`Too big: expected at most ${max}`]
  return []
}

function arrayIssues(schema: Schema, value: unknown[]): string[] {
  const issues: string[] = []
  const min = numberOr(schema.minItems)
  const max = numberOr(schema.maxItems)
  if (min !== undefined && value.length < min)
    issues.push(`Too few: expected at least ${min} items, received ${value.length}`)
  if (max !== undefined && value.length > max)
    issues.push(`Too many: expected at most ${max} items, received ${value.length}`)
  const allowed = isObject(schema.items) ? allowedValues(schema.items) : undefined
  if (value.some((item) => typeof item !== 'string')) issues.push('Expected an array of strings')
  else if (allowed && value.some((item) => !allowed.includes(item)))
    issues.push(`Invalid option: expected items among ${allowed.length} allowed values`)
  return issues
}

/** What is wrong with one property's answer (empty when it fits); a schema outside the subset is not checked. */
function propertyIssues(schema: Schema, value: unknown): string[] {
  const expected = schema.type
  const received = kindOf(value)
  if (expected === 'string') {
    if (typeof value !== 'string') return [`Invalid input: expected string, received ${received}`]
    const allowed = allowedValues(schema)
    if (allowed && !allowed.includes(value))
      return [`Invalid option: expected one of the ${allowed.length} allowed values`]
    return stringIssues(schema, value)
  }
  if (expected === 'number' || expected === 'integer') {
    return typeof value === 'number'
      ? numberIssues(schema, value)
      : [`Invalid input: expected ${expected}, received ${received}`]
  }
  if (expected === 'boolean')
    return typeof value === 'boolean' ? [] : [`Invalid input: expected boolean, received ${received}`]
  if (expected === 'array')
    return Array.isArray(value) ? arrayIssues(schema, value) : [`Invalid input: expected array, received ${received}`]
  return []
}

/**
 * Every way `content` (an accepted answer) does not fit `requestedSchema`: a required property missing, a property of
 * the wrong type, out of range, too long, not an allowed option. Properties the schema does not list are let through,
 * as JSON Schema does.
 */
export function elicitationIssues(
  requestedSchema: unknown,
  content: Record<string, unknown> | undefined,
): ValidationIssue[] {
  if (!isObject(requestedSchema)) return []
  const answer = content ?? {}
  const properties = isObject(requestedSchema.properties) ? requestedSchema.properties : {}
  const issues: ValidationIssue[] = []
  const required = Array.isArray(requestedSchema.required)
    ? requestedSchema.required.filter((k): k is string => typeof k === 'string')
    : []
  for (const key of required) {
    if (!Object.hasOwn(answer, key) || answer[key] === undefined) issues.push({ path: [key], message: 'Required' })
  }
  for (const [key, schema] of Object.entries(properties)) {
    if (!isObject(schema) || !Object.hasOwn(answer, key) || answer[key] === undefined) continue
    for (const message of propertyIssues(schema, answer[key])) issues.push({ path: [key], message })
  }
  return issues
}
