// Scenario files: a saved run (input, context, scripted decisions) and the result it must keep producing.
// One zod schema serves the server store, the headless runner and the UI; its JSON Schema is published for editors.

import { z } from 'zod'
import { readScenario } from '../shared/formats/formats.ts'
import { Decision, Expectation, Scenario, SCENARIO_NAME } from '../shared/protocol.ts'

// The schemas live in the protocol module (the API carries them); re-exported here for the test bench.
export { Decision, Expectation, Scenario, SCENARIO_NAME }
/** A scenario as written (defaults not yet applied). */
export type ScenarioInput = z.input<typeof Scenario>

/** A scenario or tool name that cannot be a file inside the scenario folder (the caller's mistake, not the store's). */
export class InvalidScenarioNameError extends Error {
  override name = 'InvalidScenarioNameError'
}

/** Throws a readable InvalidScenarioNameError when `name` could not be a file inside the scenario folder. */
export function assertScenarioName(name: string, what = 'scenario name'): void {
  if (!SCENARIO_NAME.test(name)) {
    throw new InvalidScenarioNameError(
      `Invalid ${what} "${name}": use 1–100 letters, digits, ".", "-" or "_", not starting with "." and without "..".`,
    )
  }
}

/**
 * Parses a scenario file's text, upgraded from an older version first; the error names the problem and where it is
 * (a FileVersionError for a file of a newer Toolscope).
 */
export function parseScenario(text: string, source = 'scenario'): Scenario {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`, { cause: error })
  }
  const parsed = readScenario(json, source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    throw new Error(`${source}: not a valid scenario: ${problems.join('; ')}`)
  }
  return parsed.data
}

/** JSON Schema of scenario files, published so editors autocomplete them. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(Scenario, { target: 'draft-07', io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >
}
