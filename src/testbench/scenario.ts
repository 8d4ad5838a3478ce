// Scenario files: a saved run (input, context, scripted decisions) and the result it must keep producing.
// One zod schema serves the server store, the headless runner and the UI; its JSON Schema is published for editors.

import { z } from 'zod'
import { Caller, Message, ModelOutput, RunStatus } from '../shared/protocol.ts'

/** One scripted answer, consumed in order as the run asks for it. */
export const Decision = z.discriminatedUnion('type', [
  z.object({ type: z.literal('approve') }).strict(),
  z.object({ type: z.literal('decline'), reason: z.string().optional() }).strict(),
  z.object({ type: z.literal('resume'), resumeData: z.unknown() }).strict(),
  z
    .object({ type: z.literal('respond'), action: z.enum(['accept', 'decline', 'cancel']), content: z.record(z.string(), z.unknown()).optional() })
    .strict(),
])
export type Decision = z.infer<typeof Decision>

/** What the replay must produce. `match: 'partial'` accepts extra object keys in the actual views. */
export const Expectation = z
  .object({
    status: RunStatus,
    match: z.enum(['exact', 'partial']).default('exact'),
    raw: z.unknown().optional(),
    display: z.unknown().optional(),
    transcript: z.unknown().optional(),
    model: ModelOutput.optional(),
    error: z.string().optional(),
  })
  .strict()
export type Expectation = z.infer<typeof Expectation>

export const Scenario = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1),
    description: z.string().optional(),
    toolId: z.string().min(1),
    input: z.unknown().optional(),
    inputText: z.string().optional(),
    requestContext: z.record(z.string(), z.unknown()).optional(),
    caller: Caller.optional(),
    messages: z.array(Message).optional(),
    workflowState: z.unknown().optional(),
    stream: z.object({ chunkSize: z.number().int().min(1).optional() }).strict().optional(),
    decisions: z.array(Decision).default([]),
    expect: Expectation,
  })
  .strict()
  .refine((s) => s.input !== undefined || s.inputText !== undefined, { message: 'a scenario needs `input` or `inputText`', path: ['input'] })
/** A parsed scenario file. */
export type Scenario = z.infer<typeof Scenario>
/** A scenario as written (defaults not yet applied). */
export type ScenarioInput = z.input<typeof Scenario>

/** Scenario names become file names: letters, digits, dot, dash and underscore, nothing that can climb out of a folder. */
export const SCENARIO_NAME = /^(?!\.)[A-Za-z0-9._-]{1,100}$/

/** Throws a readable error when `name` could not be a file inside the scenario folder. */
export function assertScenarioName(name: string, what = 'scenario name'): void {
  if (!SCENARIO_NAME.test(name) || name.includes('..')) {
    throw new Error(`Invalid ${what} "${name}": use 1–100 letters, digits, ".", "-" or "_", not starting with "." and without "..".`)
  }
}

/** Parses a scenario file's text; the error names the problem and where it is. */
export function parseScenario(text: string, source = 'scenario'): Scenario {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`, { cause: error })
  }
  const parsed = Scenario.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new Error(`${source}: not a valid scenario: ${problems.join('; ')}`)
  }
  return parsed.data
}

/** JSON Schema of scenario files, published so editors autocomplete them. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Scenario, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>
}
