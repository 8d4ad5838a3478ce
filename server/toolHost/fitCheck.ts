// Runs inside the tool-host worker: checks a stored scenario's input, request context and resume data against the
// tool's real schemas, so the UI and `toolscope test` can say why a scenario no longer fits (after a reload too).

import type { StandardSchemaV1, Tool } from '../../src/runtime/index.ts'
import type { FitCheck } from './messages.ts'

async function problemsOf(schema: StandardSchemaV1 | undefined, value: unknown, what: string): Promise<string[]> {
  if (!schema) return []
  try {
    const result = await schema['~standard'].validate(value)
    if (!result.issues) return []
    return result.issues.map((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.')
      return `${what}${path ? ` at ${path}` : ''}: ${issue.message}`
    })
  } catch (err) {
    return [`${what}: the schema threw while validating (${err instanceof Error ? err.message : String(err)})`]
  }
}

/** Every reason the scenario data does not fit `tool` today (empty when it fits). */
export async function checkFit(tool: Tool, check: FitCheck): Promise<string[]> {
  const problems: string[] = []
  let input = check.input
  if (check.inputText !== undefined) {
    try {
      input = JSON.parse(check.inputText)
    } catch (err) {
      problems.push(`input text is not valid JSON: ${(err as Error).message}`)
      input = undefined
    }
  }
  if (input !== undefined || check.inputText === undefined)
    problems.push(...(await problemsOf(tool.inputSchema, input, 'input')))
  problems.push(...(await problemsOf(tool.requestContextSchema, check.requestContext ?? {}, 'request context')))
  for (const [i, data] of check.resumeData.entries()) {
    if (!tool.resumeSchema) {
      problems.push('the scenario resumes the tool, but it has no resumeSchema any more')
      break
    }
    problems.push(...(await problemsOf(tool.resumeSchema, data, `resume data #${i + 1}`)))
  }
  return problems
}
