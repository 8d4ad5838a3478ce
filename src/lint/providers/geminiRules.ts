// The rules of the Gemini view, each with the documentation (or observed API error) it comes from. Kept apart from
// the transform so that geminiTransform.ts reads as the conversion it is.

import type { RuleMeta } from '../types.ts'

/** Gemini API reference, Schema: "Represents a select subset of an OpenAPI 3.0 schema object." */
export const GEMINI_SCHEMA_DOCS = 'https://ai.google.dev/api/caching#Schema'
/** Gemini API reference, FunctionDeclaration. */
export const GEMINI_DECLARATION_DOCS = 'https://ai.google.dev/api/caching#FunctionDeclaration'

/**
 * FunctionDeclaration.name (Gemini API, v1beta): "Required. The name of the function. Must be a-z, A-Z, 0-9, or
 * contain underscores, colons, dots, and dashes, with a maximum length of 64."
 */
export const GEMINI_NAME: RuleMeta = {
  id: 'gemini/name-format',
  defaultSeverity: 'error',
  summary: 'Must be 1–64 characters of a-z, A-Z, 0-9, "_", ":", "." or "-"',
  source: GEMINI_DECLARATION_DOCS,
}
/**
 * The Gen AI SDK and Vertex AI FunctionDeclaration.name add: "Must start with a letter or an underscore."
 * (googleapis.github.io/js-genai, cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration).
 */
export const GEMINI_NAME_START: RuleMeta = {
  id: 'gemini/name-start',
  defaultSeverity: 'warning',
  summary: 'Should start with a letter or an underscore',
  source: 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration',
}
/**
 * Vertex AI FunctionDeclaration.parameters: "Parameter names must start with a letter or an underscore and must only
 * contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
 */
export const GEMINI_PARAMETER_NAME: RuleMeta = {
  id: 'gemini/parameter-name',
  defaultSeverity: 'warning',
  summary: 'Parameter names: a letter or "_" first, then a-z, A-Z, 0-9, "_"; at most 64',
  source: 'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration',
}
/**
 * FunctionDeclaration.parametersJsonSchema: "The schema must describe an object where the properties are the parameters
 * to the function"; Vertex answers other roots with "functionDeclaration parameters schema should be of type OBJECT".
 */
export const GEMINI_PARAMETERS_OBJECT: RuleMeta = {
  id: 'gemini/parameters-object',
  defaultSeverity: 'error',
  summary: 'Parameters must be an object schema',
  source: GEMINI_DECLARATION_DOCS,
}
/**
 * The Schema object lists its fields (type, format, title, description, nullable, enum, maxItems, minItems, properties,
 * required, minProperties, maxProperties, minLength, maxLength, pattern, example, anyOf, propertyOrdering, default,
 * items, minimum, maximum); others are unknown fields the API rejects ("Invalid JSON payload received. Unknown name").
 */
export const GEMINI_UNSUPPORTED: RuleMeta = {
  id: 'gemini/unsupported-keyword',
  defaultSeverity: 'warning',
  summary: 'Keywords outside the OpenAPI 3.0 subset are removed or converted',
  source: GEMINI_SCHEMA_DOCS,
}
/** Schema.type is one `Type` value (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL) with `nullable` beside it, not a list. */
export const GEMINI_TYPE_LIST: RuleMeta = {
  id: 'gemini/type-list',
  defaultSeverity: 'warning',
  summary: 'A list of types becomes one type plus `nullable`, or an anyOf',
  source: GEMINI_SCHEMA_DOCS,
}
/** The Schema subset has no `$ref` or `$defs`: references are inlined. */
export const GEMINI_REF: RuleMeta = {
  id: 'gemini/ref',
  defaultSeverity: 'warning',
  summary: '`$ref` is inlined; `$defs`/`definitions` are dropped',
  source: GEMINI_SCHEMA_DOCS,
}
/** Same: a recursive `$ref` cannot be inlined. */
export const GEMINI_RECURSIVE_REF: RuleMeta = {
  id: 'gemini/recursive-ref',
  defaultSeverity: 'error',
  summary: 'Recursive schemas cannot be expressed',
  source: GEMINI_SCHEMA_DOCS,
}
/**
 * Schema.enum is `string[]`: "Possible values of the element of Type.STRING with enum format." The API answers other
 * values with "Invalid value at '...enum[3]' (TYPE_STRING), 3" (github.com/microsoft/azure-devops-mcp/issues/145) and an
 * enum on another type with "function declaration enum only allowed for STRING type" (github.com/decolua/9router/issues/359).
 */
export const GEMINI_ENUM_VALUES: RuleMeta = {
  id: 'gemini/enum-values',
  defaultSeverity: 'error',
  summary: 'Enums hold strings, on a string type',
  source: GEMINI_SCHEMA_DOCS,
}
/**
 * Schema.format, older reference: "Supported formats: for NUMBER type: float, double; for INTEGER type: int32, int64;
 * for STRING type: enum, date-time". The API answered other string formats with "format: only 'enum' and 'date-time'
 * are supported for STRING type" (github.com/google-gemini/gemini-cli/issues/3178, gemini-2.5-pro, 2025); the current
 * reference says "Any value is allowed, but most do not trigger any special functionality". Removed when sent.
 */
export const GEMINI_FORMAT: RuleMeta = {
  id: 'gemini/format',
  defaultSeverity: 'warning',
  summary: 'Only enum and date-time (strings), float and double, int32 and int64 are formats Gemini uses',
  source: 'https://github.com/google-gemini/gemini-cli/issues/3178',
}
/** Schema.items is one Schema ("Schema of the elements of Type.ARRAY"): tuples have no form. */
export const GEMINI_TUPLE: RuleMeta = {
  id: 'gemini/tuple',
  defaultSeverity: 'warning',
  summary: 'Tuples become an array of anyOf (the order is lost)',
  source: GEMINI_SCHEMA_DOCS,
}
/**
 * An OBJECT needs its properties: the API answers "parameters.properties: should be non-empty for OBJECT type"
 * (github.com/agno-agi/agno/issues/2112); with no additionalProperties, a record reaches the model as an empty object.
 */
export const GEMINI_EMPTY_OBJECT: RuleMeta = {
  id: 'gemini/empty-object',
  defaultSeverity: 'warning',
  summary: 'Objects without properties (records, maps) reach the model empty',
  source: 'https://github.com/agno-agi/agno/issues/2112',
}
/** Schema.type: "Required. Data type." in the v1beta reference; an untyped schema (z.any(), z.unknown()) has no form. */
export const GEMINI_UNTYPED: RuleMeta = {
  id: 'gemini/untyped',
  defaultSeverity: 'warning',
  summary: 'Every schema needs a type',
  source: GEMINI_SCHEMA_DOCS,
}

/** Every rule of the Gemini view. */
export const GEMINI_RULES: readonly RuleMeta[] = [
  GEMINI_NAME,
  GEMINI_NAME_START,
  GEMINI_PARAMETER_NAME,
  GEMINI_PARAMETERS_OBJECT,
  GEMINI_UNSUPPORTED,
  GEMINI_TYPE_LIST,
  GEMINI_REF,
  GEMINI_RECURSIVE_REF,
  GEMINI_ENUM_VALUES,
  GEMINI_FORMAT,
  GEMINI_TUPLE,
  GEMINI_EMPTY_OBJECT,
  GEMINI_UNTYPED,
]
