// One tool fuzzed: generated calls (mostly valid inputs, some invalid, a request context with planted secrets) run one
// after another through whatever runs tools (`execute`: the tool host, in the CLI and the server), each run checked
// (checks.ts), and the first failure shrunk by fast-check to a minimal call. Seeded: the report's seed and path replay
// the same calls (`toolscope fuzz --seed S`).

import fc from 'fast-check'
import { isSecretKey } from '../../runtime/index.ts'
import type { RunEvent } from '../../shared/protocol.ts'
import { arbitraryOf, invalidArbitraryOf } from './arbitraries.ts'
import { checkRun, outcomeOf, type CheckFailure, type FuzzCheckId } from './checks.ts'

type Schema = Record<string, unknown>

/** What is fuzzed: the tool and its schemas as JSON Schema (the catalog's). */
export interface FuzzTarget {
  toolId: string
  input?: Schema
  requestContext?: Schema
}

/** One generated call. */
export interface FuzzCall {
  input: unknown
  requestContext?: Record<string, unknown>
  /** False for an input broken on purpose (`broken` says how): it must be refused. */
  valid: boolean
  broken?: string
}

/** One run of a call: its events (to its end), and its id where the runner keeps runs (history). */
export interface FuzzRun {
  events: RunEvent[]
  runId?: string
}

export interface FuzzOptions {
  /** Calls to generate (default 100). */
  runs?: number
  /** Seed of the generation (default: random, printed in the report). */
  seed?: number
  /** Checks to apply. */
  checks: ReadonlySet<FuzzCheckId>
  /** Share of invalid inputs (default 0.2; 0 for none). */
  invalidShare?: number
  /** Runs one call to its end (answering approvals, suspensions and elicitations as the runner decides). */
  execute(call: FuzzCall): Promise<FuzzRun>
  /** After each run: how many have run (shrinking runs included) and how many calls were asked for. */
  onProgress?(done: number, runs: number): void
}

/** The minimal failing call, and how to get it again. */
export interface FuzzFailure {
  call: FuzzCall
  failures: CheckFailure[]
  /** The run of the minimal call, when the runner keeps runs. */
  runId?: string
  /** fast-check's path to the failing value (replays it with the seed). */
  path: string
  shrinks: number
}

export interface FuzzReport {
  toolId: string
  seed: number
  /** Calls generated before the first failure (all of them when none failed). */
  runs: number
  /** Runs made in all, shrinking included. */
  executed: number
  checks: FuzzCheckId[]
  failure?: FuzzFailure
  /** Every call tried, valid and invalid (for schema coverage). */
  inputs: unknown[]
  durationMs: number
}

/** A value that marks itself as planted, derived from where it is planted (the same call, the same value). */
const planted = (key: string, at: string) =>
  `sk-fuzz-${Math.abs(hash(`${key}:${at}`))
    .toString(36)
    .padStart(8, '0')}`

function hash(text: string): number {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0
  return h
}

/** A request context with every plain string under a secret-looking key replaced by a planted secret. */
function plantSecrets(
  schema: Schema,
  context: Record<string, unknown>,
): { value: Record<string, unknown>; secrets: string[] } {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  const secrets: string[] = []
  const value = { ...context }
  for (const [key, v] of Object.entries(value)) {
    const prop = properties[key] ?? {}
    const plain =
      prop.type === 'string' &&
      !prop.pattern &&
      !prop.format &&
      !prop.enum &&
      (prop.maxLength === undefined || (prop.maxLength as number) >= 17)
    if (typeof v === 'string' && isSecretKey(key) && plain) {
      value[key] = planted(key, v)
      secrets.push(value[key] as string)
    }
  }
  return { value, secrets }
}

/** The secrets planted in a call's request context. */
export function plantedSecrets(call: FuzzCall): string[] {
  return Object.values(call.requestContext ?? {}).filter(
    (v): v is string => typeof v === 'string' && v.startsWith('sk-fuzz-'),
  )
}

/** The generated calls of a tool. */
export function callArbitrary(target: FuzzTarget, invalidShare = 0.2): fc.Arbitrary<FuzzCall> {
  const inputSchema = target.input ?? { type: 'object' }
  const context = target.requestContext
    ? arbitraryOf(target.requestContext).map(
        (v) => plantSecrets(target.requestContext!, (v ?? {}) as Record<string, unknown>).value,
      )
    : fc.constant(undefined)
  const valid = fc.record({ input: arbitraryOf(inputSchema), requestContext: context }).map(
    (c): FuzzCall => ({
      input: c.input,
      ...(c.requestContext ? { requestContext: c.requestContext } : {}),
      valid: true,
    }),
  )
  if (invalidShare <= 0 || !target.input) return valid
  const invalid = fc.record({ broken: invalidArbitraryOf(inputSchema), requestContext: context }).map(
    (c): FuzzCall => ({
      input: c.broken.value,
      requestContext: c.requestContext,
      valid: false,
      broken: c.broken.broken,
    }),
  )
  const weight = Math.max(1, Math.round((1 - invalidShare) / invalidShare))
  return fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: invalid })
}

/** Fuzzes one tool; resolves to its report (a failure, shrunk, or none). */
export async function fuzzTool(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const runs = options.runs ?? 100
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
  const inputs: unknown[] = []
  let executed = 0
  let last: { call: FuzzCall; failures: CheckFailure[]; runId?: string } | undefined
  const property = fc.asyncProperty(callArbitrary(target, options.invalidShare), async (call) => {
    const run = await options.execute(call)
    executed++
    inputs.push(call.input)
    options.onProgress?.(executed, runs)
    const failures = checkRun(run.events, { valid: call.valid, secrets: plantedSecrets(call), enabled: options.checks })
    if (options.checks.has('same-output') && call.valid && failures.length === 0) {
      const again = await options.execute(call)
      executed++
      if (outcomeOf(again.events) !== outcomeOf(run.events))
        failures.push({ check: 'same-output', message: 'a second run of the same input gave another outcome' })
    }
    // The last failing call fast-check sees is the one it reports: shrinking ends on it.
    if (failures.length) last = { call, failures, runId: run.runId }
    return failures.length === 0
  })
  const details = await fc.check(property, { numRuns: runs, seed, endOnFailure: false })
  const report: FuzzReport = {
    toolId: target.toolId,
    seed,
    runs: details.numRuns,
    executed,
    checks: [...options.checks],
    inputs,
    durationMs: Date.now() - started,
  }
  if (details.failed && last) {
    report.failure = {
      call: last.call,
      failures: last.failures,
      runId: last.runId,
      path: details.counterexamplePath ?? '',
      shrinks: details.numShrinks,
    }
  } else if (details.failed && details.errorInstance) {
    throw details.errorInstance
  }
  return report
}
