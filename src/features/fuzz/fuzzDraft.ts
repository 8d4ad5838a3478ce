// The Fuzz tab's form as typed (text fields kept as text until a fuzz starts), the body it becomes, and what a report
// offers to copy: the CLI command that reproduces it and the name a failure is saved under as a scenario. The last job
// and form of each tool are kept here, so opening the failing run and coming back finds the report where it was.

import type { FuzzBody, FuzzFailureShape } from '../../shared/protocol.ts'
import { DEFAULT_CHECKS, type FuzzCheckId } from '../../testbench/fuzz/checks.ts'

/** Network modes a fuzz can run with (recording every generated call would fill the cassette folder). */
export const FUZZ_NETWORK_MODES = ['live', 'replay', 'mock'] as const
export type FuzzNetwork = (typeof FUZZ_NETWORK_MODES)[number]

export interface FuzzDraft {
  runs: string
  /** Empty for a random seed. */
  seed: string
  checks: FuzzCheckId[]
  network: FuzzNetwork
  fakeClock: boolean
  /** Collect code coverage of the tool's file (off by default: the server reloads the tool workers for it). */
  coverage: boolean
}

export const DEFAULT_DRAFT: FuzzDraft = {
  runs: '100',
  seed: '',
  checks: [...DEFAULT_CHECKS],
  network: 'live',
  fakeClock: false,
  coverage: false,
}

export const MAX_FUZZ_RUNS = 5000

const INTEGER = /^-?\d+$/

/** The body of a draft, or why it cannot be sent (the field's problem, for the form to show). */
export function draftToBody(
  draft: FuzzDraft,
): { ok: true; body: FuzzBody } | { ok: false; field: 'runs' | 'seed' | 'checks'; problem: string } {
  const runs = Number(draft.runs.trim())
  if (!INTEGER.test(draft.runs.trim()) || runs < 1 || runs > MAX_FUZZ_RUNS)
    return { ok: false, field: 'runs', problem: `Runs must be a whole number from 1 to ${MAX_FUZZ_RUNS}.` }
  const seedText = draft.seed.trim()
  if (seedText && (!INTEGER.test(seedText) || !Number.isSafeInteger(Number(seedText))))
    return { ok: false, field: 'seed', problem: 'The seed is a whole number (or empty for a random one).' }
  if (!draft.checks.length) return { ok: false, field: 'checks', problem: 'Choose at least one check.' }
  return {
    ok: true,
    body: {
      runs,
      ...(seedText ? { seed: Number(seedText) } : {}),
      checks: draft.checks,
      network: draft.network,
      ...(draft.fakeClock ? { clock: 'fake' as const } : {}),
      ...(draft.coverage ? { coverage: true } : {}),
    },
  }
}

/** The command that runs the same calls again from a terminal. */
export const reproduceCommand = (toolId: string, seed: number, runs: number) =>
  `npx toolscope fuzz --tool ${toolId} --seed ${seed} --runs ${runs}`

/** The scenario name a failure is saved under. */
export const failureScenarioName = (failure: FuzzFailureShape, seed: number) =>
  `fuzz-${failure.failures[0]?.check ?? 'failure'}-${seed}`

/** The last fuzz of each tool in this page: its form and its job. */
const lastFuzz = new Map<string, { draft: FuzzDraft; jobId?: string }>()

export const rememberedFuzz = (toolId: string) => lastFuzz.get(toolId) ?? { draft: DEFAULT_DRAFT }
export const rememberFuzz = (toolId: string, state: { draft: FuzzDraft; jobId?: string }) => lastFuzz.set(toolId, state)
