// OpenAI function tools in strict mode (`strict: true`, Structured Outputs): the definition after the strict transform
// (as `toOpenAITool` sends a strict tool) and the Structured Outputs limits from OpenAI's "Supported schemas" section.

import type { ToolDetail } from '../../shared/protocol.ts'
import { isObjectNode, pointer, propertiesOf, requiredOf, walkSchema } from '../jsonSchema.ts'
import type { Finding, JsonObject, RuleMeta } from '../types.ts'
import { INPUT_PATH, findingOf, inputSchemaOf, type ProviderProfile } from './common.ts'
import { OPENAI_COMMON_RULES, checkOpenAICommon, openAIFunctionTool } from './openai.ts'
import { checkStrictLimits, STRICT_DOCS, STRICT_LIMIT_RULES } from './strictLimits.ts'
import { toOpenAIStrict } from './strictTransform.ts'

// Every rule below quotes https://platform.openai.com/docs/guides/structured-outputs#supported-schemas unless it says otherwise.

/** "To use Structured Outputs, all fields or function parameters must be specified as required." (fixable: made nullable) */
export const STRICT_ALL_REQUIRED: RuleMeta = {
  id: 'openai-strict/all-required',
  defaultSeverity: 'warning',
  summary: 'Every property must be listed in `required`',
  source: STRICT_DOCS,
}
/** "additionalProperties: false must always be set in objects" (fixable when the object has no additionalProperties at all). */
export const STRICT_ADDITIONAL_PROPERTIES: RuleMeta = {
  id: 'openai-strict/additional-properties',
  defaultSeverity: 'warning',
  summary: 'Every object must set `additionalProperties: false`',
  source: STRICT_DOCS,
}
/** Same source: an open object (a record/map, `.passthrough()`) can only be sent closed, so the model can send only `{}`. */
export const STRICT_OPEN_OBJECT: RuleMeta = {
  id: 'openai-strict/open-object',
  defaultSeverity: 'error',
  summary: 'Records and open objects cannot be expressed with `additionalProperties: false`',
  source: STRICT_DOCS,
}
/** "The root level object of a schema must be an object, and not use anyOf." */
export const STRICT_ROOT_ANY_OF: RuleMeta = {
  id: 'openai-strict/root-any-of',
  defaultSeverity: 'error',
  summary: 'The root schema must not use `anyOf`',
  source: STRICT_DOCS,
}
/** "Composition: allOf, not, dependentRequired, dependentSchemas, if, then, else" are listed as not supported. */
export const STRICT_UNSUPPORTED: RuleMeta = {
  id: 'openai-strict/unsupported-keyword',
  defaultSeverity: 'error',
  summary: 'allOf, not, dependentRequired, dependentSchemas, if, then and else are not supported',
  source: STRICT_DOCS,
}
/** Supported string formats: "date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid". */
export const STRICT_FORMAT: RuleMeta = {
  id: 'openai-strict/format',
  defaultSeverity: 'error',
  summary: 'Only the documented string formats are supported',
  source: STRICT_DOCS,
}
/**
 * The supported-schemas list names the keywords strict mode takes (types, properties, required, additionalProperties,
 * items, enum, const, anyOf, $ref/$defs, pattern, format, multipleOf, maximum, exclusiveMaximum, minimum,
 * exclusiveMinimum, minItems, maxItems); anything else is outside it and "an unsupported schema makes the API return an
 * error" with `strict: true`. A warning: some unlisted keywords are accepted today.
 */
export const STRICT_UNLISTED: RuleMeta = {
  id: 'openai-strict/unlisted-keyword',
  defaultSeverity: 'warning',
  summary: 'Keywords outside the documented strict-mode subset may be rejected',
  source: STRICT_DOCS,
}
/**
 * Not in the supported list; the API answered "Invalid schema for function 'ABC': In context=('properties', 'error'),
 * 'default' is not permitted" (github.com/567-labs/instructor/issues/1074, github.com/dotnet/extensions/issues/6196);
 * 2026 reports say api.openai.com accepts it while Azure still rejects it (github.com/openai/openai-agents-python/issues/4390).
 */
export const STRICT_DEFAULT: RuleMeta = {
  id: 'openai-strict/default',
  defaultSeverity: 'warning',
  summary: '`default` has been rejected in strict mode',
  source: 'https://github.com/567-labs/instructor/issues/1074',
}
/**
 * "Some type-specific keywords are not yet supported ... For fine-tuned models": minLength, maxLength, pattern, format;
 * minimum, maximum, multipleOf; patternProperties, unevaluatedProperties, propertyNames, minProperties, maxProperties;
 * unevaluatedItems, contains, minContains, maxContains, uniqueItems. Off by default: only fine-tuned models are affected.
 */
export const STRICT_FINE_TUNED: RuleMeta = {
  id: 'openai-strict/fine-tuned-keyword',
  defaultSeverity: 'off',
  summary: 'Keywords fine-tuned models do not support in strict mode',
  source: STRICT_DOCS,
}

const UNSUPPORTED = ['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else']
const FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']
const LISTED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'definitions',
  'pattern',
  'format',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
])
/** Annotations that only describe (never constrain), so strict mode has nothing to compile from them. */
const ANNOTATIONS = new Set(['title', 'description', '$comment', 'examples', '$schema'])
const FINE_TUNED = new Set([
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'multipleOf',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
])

function checkObject(node: JsonObject, path: string, findings: Finding[]): void {
  const required = new Set(requiredOf(node))
  for (const name of Object.keys(propertiesOf(node))) {
    if (required.has(name)) continue
    const message = `"${name}" is optional, but strict mode needs every property in \`required\`. It is sent as required and nullable (the model sends null to leave it out); make it required, or .nullable() to say so yourself.`
    findings.push(findingOf(STRICT_ALL_REQUIRED, message, { path: pointer(path, 'properties', name), fixable: true }))
  }
  const extra = node.additionalProperties
  if (extra === undefined) {
    const message =
      'This object does not set `additionalProperties: false`, which strict mode requires on every object. It is added when sent (z.strictObject() says it in the schema).'
    findings.push(findingOf(STRICT_ADDITIONAL_PROPERTIES, message, { path, fixable: true }))
  } else if (extra !== false) {
    const message =
      'This object accepts extra keys (a z.record() or .passthrough()), which strict mode cannot express: it is sent with `additionalProperties: false`, so the model can only send the listed properties. Use an array of { key, value } objects, or turn strict off.'
    findings.push(findingOf(STRICT_OPEN_OBJECT, message, { path: pointer(path, 'additionalProperties') }))
  }
}

function checkKeywords(node: JsonObject, path: string, findings: Finding[]): void {
  for (const key of Object.keys(node)) {
    const at = pointer(path, key)
    if (UNSUPPORTED.includes(key)) {
      findings.push(
        findingOf(
          STRICT_UNSUPPORTED,
          `\`${key}\` is not supported in strict mode. Rewrite it with anyOf or a flat object (e.g. merge intersected objects into one z.object), or turn strict off.`,
          { path: at },
        ),
      )
    } else if (key === 'default') {
      findings.push(
        findingOf(
          STRICT_DEFAULT,
          'Strict mode has rejected `default` ("\'default\' is not permitted"), and Azure OpenAI still does. Keep the default in code (handle null) and drop it from the schema, or turn strict off.',
          { path: at },
        ),
      )
    } else if (key === 'items' && Array.isArray(node.items)) {
      findings.push(
        findingOf(
          STRICT_UNLISTED,
          'Tuples (`items` as an array) are not in the strict-mode subset. Use an object with named fields instead of z.tuple().',
          { path: at },
        ),
      )
    } else if (!LISTED.has(key) && !ANNOTATIONS.has(key) && !key.startsWith('x-')) {
      findings.push(
        findingOf(
          STRICT_UNLISTED,
          `\`${key}\` is not in OpenAI's documented strict-mode subset and may be rejected. Remove it (say the constraint in the description instead) or turn strict off.`,
          { path: at },
        ),
      )
    }
    if (FINE_TUNED.has(key))
      findings.push(
        findingOf(
          STRICT_FINE_TUNED,
          `Fine-tuned models do not support \`${key}\` in strict mode. Remove it if this tool is used with a fine-tuned model.`,
          { path: at },
        ),
      )
  }
  if (typeof node.format === 'string' && !FORMATS.includes(node.format)) {
    const message = `Strict mode supports the formats ${FORMATS.join(', ')}; "${node.format}" is not one of them. Drop the format (e.g. z.string() instead of z.url()) and describe it instead.`
    findings.push(findingOf(STRICT_FORMAT, message, { path: pointer(path, 'format') }))
  }
}

/** The strict-mode findings of a tool: the shared OpenAI checks, then strict's own on the raw input schema. */
function checkStrict(tool: ToolDetail): Finding[] {
  const findings = checkOpenAICommon(tool)
  const schema = inputSchemaOf(tool)
  if (Array.isArray(schema.anyOf)) {
    findings.push(
      findingOf(
        STRICT_ROOT_ANY_OF,
        'The root schema uses anyOf (a union or discriminated union as the whole input). Strict mode needs an object root: wrap the union in a field, e.g. z.object({ action: z.discriminatedUnion(...) }).',
        { path: pointer(INPUT_PATH, 'anyOf') },
      ),
    )
  }
  walkSchema(schema, INPUT_PATH, (node, context) => {
    if (isObjectNode(node)) checkObject(node, context.path, findings)
    checkKeywords(node, context.path, findings)
  })
  findings.push(...checkStrictLimits(schema, toOpenAIStrict(schema, INPUT_PATH).schema))
  return findings
}

/** OpenAI function tools with `strict: true`. */
export const openaiStrictProvider: ProviderProfile = {
  id: 'openai-strict',
  label: 'OpenAI (strict)',
  docs: STRICT_DOCS,
  rules: [
    ...OPENAI_COMMON_RULES,
    STRICT_ALL_REQUIRED,
    STRICT_ADDITIONAL_PROPERTIES,
    STRICT_OPEN_OBJECT,
    STRICT_ROOT_ANY_OF,
    STRICT_UNSUPPORTED,
    STRICT_FORMAT,
    STRICT_UNLISTED,
    STRICT_DEFAULT,
    STRICT_FINE_TUNED,
    ...STRICT_LIMIT_RULES,
  ],
  definition: (tool) => openAIFunctionTool(tool, toOpenAIStrict(inputSchemaOf(tool)).schema, true),
  check: checkStrict,
  transform: (tool) => structuredClone(toOpenAIStrict(inputSchemaOf(tool), INPUT_PATH)),
}
