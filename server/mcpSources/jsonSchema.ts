// An MCP tool's JSON Schema as a Standard Schema: validated with Ajv (draft-07, or 2020-12 when the schema says so,
// formats included) and exported as itself through Standard JSON Schema, so the runtime validates an MCP tool's input
// and output, and describes and lints it, exactly as it does an in-process tool's.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { StandardSchemaV1 } from '../../src/runtime/index.ts'

type JsonObject = Record<string, unknown>
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv

let draft07: Ajv | undefined
let draft2020: Ajv | undefined
const options = { strict: false, allErrors: true, validateSchema: false, allowUnionTypes: true }

function ajvFor(schema: JsonObject): Ajv {
  const modern = typeof schema.$schema === 'string' && /2019-09|2020-12/.test(schema.$schema)
  if (modern) return (draft2020 ??= addFormats(new Ajv2020(options) as unknown as Ajv))
  return (draft07 ??= addFormats(new Ajv(options)))
}

/** "/a/0/b" → ["a", 0, "b"]. */
function pathOf(error: ErrorObject): (string | number)[] {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
  if (error.keyword === 'required') path.push((error.params as { missingProperty: string }).missingProperty)
  return path
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'Required'
  if (error.keyword === 'additionalProperties')
    return `Unrecognized key: "${(error.params as { additionalProperty: string }).additionalProperty}"`
  return error.message ?? error.keyword
}

/**
 * A Standard Schema over `schema`. A schema Ajv cannot compile validates nothing (the server still checks its input)
 * and says why in `problem`.
 */
export function jsonSchemaStandard(schema: JsonObject, vendor = 'mcp'): StandardSchemaV1 & { problem?: string } {
  let validate: ValidateFunction | undefined
  let problem: string | undefined
  try {
    validate = ajvFor(schema).compile(schema)
  } catch (err) {
    problem = (err as Error).message
  }
  const exported = () => schema
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: (value: unknown) => {
        if (!validate || validate(value)) return { value }
        const seen = new Set<string>()
        const issues = (validate.errors ?? []).flatMap((e) => {
          const issue = { message: messageOf(e), path: pathOf(e) }
          const key = JSON.stringify(issue)
          if (seen.has(key)) return []
          seen.add(key)
          return [issue]
        })
        return { issues: issues.length ? issues : [{ message: 'Does not match the schema' }] }
      },
      jsonSchema: { input: exported, output: exported },
    },
    ...(problem ? { problem } : {}),
  } as StandardSchemaV1 & { problem?: string }
}
