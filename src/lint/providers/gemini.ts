// Google Gemini function declarations (`tools[].functionDeclarations[]`): name, description and `parameters` in the
// OpenAPI 3.0 subset of the Gemini Schema object. (The newer `parametersJsonSchema` field takes plain JSON Schema;
// this view is the `parameters` form.)

import type { ToolDetail } from '../../shared/protocol.ts'
import { propertiesOf } from '../jsonSchema.ts'
import type { Finding, JsonObject, SchemaTransform } from '../types.ts'
import { INPUT_PATH, checkName, findingOf, hasObjectRoot, inputSchemaOf, type ProviderProfile } from './common.ts'
import {
  GEMINI_DECLARATION_DOCS,
  GEMINI_NAME,
  GEMINI_NAME_START,
  GEMINI_PARAMETERS_OBJECT,
  GEMINI_RULES,
} from './geminiRules.ts'
import { toGeminiSchema } from './geminiTransform.ts'

const NAME_PATTERN = /^[a-zA-Z0-9_.:-]{1,64}$/
const NAME_START = /^[a-zA-Z_]/

/** The declaration as sent; `parameters` is left out for a tool without parameters (the docs: "this can be left unset"). */
function definition(tool: ToolDetail): JsonObject {
  const out: JsonObject = { name: tool.id, description: tool.description }
  const schema = toGeminiSchema(inputSchemaOf(tool)).schema
  if (Object.keys(propertiesOf(schema)).length > 0 || !hasObjectRoot(schema)) out.parameters = schema
  return structuredClone(out)
}

function check(tool: ToolDetail): Finding[] {
  const findings = checkName(tool, GEMINI_NAME, NAME_PATTERN, 'Gemini')
  if (tool.id.length > 0 && !NAME_START.test(tool.id)) {
    findings.push(
      findingOf(
        GEMINI_NAME_START,
        `The tool id "${tool.id}" does not start with a letter or "_", which Vertex AI and the Gen AI SDK require of function names. Rename the tool.`,
        { path: '/id' },
      ),
    )
  }
  const schema = inputSchemaOf(tool)
  if (!hasObjectRoot(schema)) {
    findings.push(
      findingOf(
        GEMINI_PARAMETERS_OBJECT,
        'The input schema is not an object schema; Gemini function parameters must be an object. Make the input a z.object({...}).',
        { path: INPUT_PATH },
      ),
    )
  }
  findings.push(...toGeminiSchema(schema, INPUT_PATH).findings)
  return findings
}

function transform(tool: ToolDetail): SchemaTransform {
  const conversion = toGeminiSchema(inputSchemaOf(tool), INPUT_PATH)
  return structuredClone({ schema: conversion.schema, changes: conversion.changes })
}

/** Google Gemini function declarations. */
export const geminiProvider: ProviderProfile = {
  id: 'gemini',
  label: 'Google Gemini',
  docs: GEMINI_DECLARATION_DOCS,
  rules: GEMINI_RULES,
  definition,
  check,
  transform,
}
