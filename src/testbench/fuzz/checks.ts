// The checks a generated run must pass, each with an id a tool can turn off (`toolscope fuzz --skip-check <id>`, or
// package.json "toolscope.fuzz.tools.<id>.checks"): read from the run's events alone, so the same checks hold for a run
// in a worker, on an MCP server or replayed from history.

import type { RunEvent } from '../../shared/protocol.ts'
import { Status } from '../../runtime/status.ts'

/** Every check, in the order a report lists them. */
export const FUZZ_CHECKS = [
  'no-crash',
  'refuses-invalid',
  'output-schema',
  'suspend-schema',
  'model-output',
  'transforms',
  'no-hang',
  'no-secret-in-views',
  'same-output',
] as const
export type FuzzCheckId = (typeof FUZZ_CHECKS)[number]

/** What each check asks, for reports and the UI. */
export const CHECK_DESCRIPTIONS: Record<FuzzCheckId, string> = {
  'no-crash': 'a valid input never ends in an exception',
  'refuses-invalid': 'an invalid input is refused by input validation, cleanly',
  'output-schema': 'the output matches outputSchema',
  'suspend-schema': 'a suspend payload matches suspendSchema',
  'model-output': 'toModelOutput succeeds',
  transforms: 'every transform succeeds',
  'no-hang': 'the run ends within its timeout',
  'no-secret-in-views': 'no secret of the request context reaches a view',
  'same-output': 'the same input gives the same output (off unless asked: needs the network replayed or mocked)',
}

/** Checks on by default (`same-output` runs every input twice: asked for with --check same-output). */
export const DEFAULT_CHECKS: readonly FuzzCheckId[] = FUZZ_CHECKS.filter((c) => c !== 'same-output')

/** One failed check of one run. */
export interface CheckFailure {
  check: FuzzCheckId
  message: string
}

type ErrorEvent = Extract<RunEvent, { type: 'error' }>

/** The kind of an error event, from the runtime's messages (src/runtime/errors.ts, runCore.ts). */
function errorKind(error: ErrorEvent): 'input' | 'request-context' | 'output' | 'suspend' | 'timeout' | 'exception' {
  const m = error.message
  if (m.startsWith('Tool input validation failed for ')) return 'input'
  if (m.startsWith('Request context validation failed for ')) return 'request-context'
  if (m.startsWith('Tool output validation failed for ')) return 'output'
  if (m.startsWith('Tool suspension data validation failed for ')) return 'suspend'
  if (/^Tool \S+ timed out after \d+ ms$/.test(m) || / did not answer within \d+ ms, the run's timeout/.test(m))
    return 'timeout'
  return 'exception'
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300)

/**
 * The forms of a planted secret that count as leaked: itself, its random part alone (a tool that cuts the prefix) and its
 * base64. The runtime already scrubs the exact value from every event, so a leak is a secret the tool reshaped.
 */
function leakForms(secret: string): string[] {
  const random = secret.replace(/^sk-fuzz-/, '')
  return [secret, ...(random.length >= 6 ? [random] : []), btoa(secret), btoa(secret).replace(/=+$/, '')]
}

/** Where a secret value shows in a run's views (raw, display, transcript, model of any event), if anywhere. */
function secretIn(events: readonly RunEvent[], secrets: readonly string[]): string | undefined {
  const forms = secrets.filter((s) => s.length >= 6).flatMap(leakForms)
  if (!forms.length) return undefined
  for (const event of events) {
    const views = (event as { views?: Record<string, unknown> }).views
    if (!views) continue
    for (const [name, view] of Object.entries(views)) {
      const text = JSON.stringify(view) ?? ''
      if (forms.some((f) => text.includes(f)))
        return `the ${name} view of the ${event.type} event holds a secret of the request context, reshaped`
    }
  }
  return undefined
}

/**
 * The checks a run failed. `valid` says whether its input was generated valid; `secrets` are the values put in the
 * request context under secret-looking keys; `enabled` the checks asked for.
 */
export function checkRun(
  events: readonly RunEvent[],
  options: { valid: boolean; secrets?: readonly string[]; enabled: ReadonlySet<FuzzCheckId> },
): CheckFailure[] {
  const failures: CheckFailure[] = []
  const fail = (check: FuzzCheckId, message: string) => options.enabled.has(check) && failures.push({ check, message })
  const finished = events.findLast((e) => e.type === 'run-finished') as
    | Extract<RunEvent, { type: 'run-finished' }>
    | undefined
  const error = events.find((e): e is ErrorEvent => e.type === 'error')
  if (!finished) fail('no-hang', 'the run did not finish')
  if (error) {
    const kind = errorKind(error)
    if (kind === 'timeout') fail('no-hang', firstLine(error.message))
    else if (kind === 'output') fail('output-schema', firstLine(error.message))
    else if (kind === 'suspend') fail('suspend-schema', firstLine(error.message))
    else if (options.valid && kind === 'exception') fail('no-crash', firstLine(error.message))
    else if (options.valid && (kind === 'input' || kind === 'request-context'))
      fail('no-crash', `a valid input was refused: ${firstLine(error.message)}`)
    else if (!options.valid && kind === 'exception')
      fail('refuses-invalid', `an invalid input reached the tool, which threw: ${firstLine(error.message)}`)
  } else if (!options.valid && finished?.status === Status.success) {
    fail('refuses-invalid', 'an invalid input was accepted and the run succeeded')
  }
  for (const event of events) {
    if (event.type !== 'log' || event.source !== 'runtime') continue
    if (event.message.startsWith('toModelOutput threw: ')) fail('model-output', firstLine(event.message))
    else if (event.message.startsWith('Tool payload transform failed')) fail('transforms', firstLine(event.message))
  }
  const leak = secretIn(events, options.secrets ?? [])
  if (leak) fail('no-secret-in-views', leak)
  return failures
}

/** The outcome two runs of one input are compared by (`same-output`): status, output or error message. */
export function outcomeOf(events: readonly RunEvent[]): string {
  const output = events.find((e) => e.type === 'output') as { output?: unknown } | undefined
  const error = events.find((e): e is ErrorEvent => e.type === 'error')
  const finished = events.findLast((e) => e.type === 'run-finished') as { status?: string } | undefined
  return JSON.stringify({ status: finished?.status, output: output?.output, error: error?.message })
}
