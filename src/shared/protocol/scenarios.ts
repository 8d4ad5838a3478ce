// The test bench: scenario files (call, scripted decisions, expectation), their listing, replay reports, suggested
// expectations and exported tests.

import { z } from 'zod'
import { CatalogError } from './catalog.ts'
import { AbortControl, ApproveControl, CallFields, DeclineControl, RespondControl, ResumeControl } from './commands.ts'
import { ModelOutput, RunStatus } from './events.ts'
import { SCENARIO_NAME } from './network.ts'
import { FORMAT_VERSIONS } from '../formats/versions.ts'

/** One scripted answer, consumed in order as the run asks for it: a RunControl (except `continue`, which a replay
 * gives by itself at every pause); `abort` also says when it fires, at the `nth` event of type `on`. */
export const Decision = z.discriminatedUnion('type', [
  ApproveControl,
  DeclineControl,
  ResumeControl,
  RespondControl,
  AbortControl.extend({
    on: z.string().min(1).default('run-started'),
    nth: z.number().int().min(1).default(1),
  }).strict(),
])
export type Decision = z.infer<typeof Decision>

/** What a replay must produce. `match: 'partial'` accepts extra object keys in the actual views. */
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

/** A scenario file: a saved run (input, context, scripted decisions) and the result it must keep producing. */
export const Scenario = z
  .object({
    $schema: z.string().optional(),
    /** The scenario format's version: the store writes it; a file without it is version 1 (upgraded on read). */
    version: z.literal(FORMAT_VERSIONS.scenario).optional(),
    name: z
      .string()
      .regex(SCENARIO_NAME, 'use 1–100 letters, digits, ".", "-" or "_", not starting with "." and without ".."'),
    description: z.string().optional(),
    ...CallFields,
    decisions: z.array(Decision).default([]),
    expect: Expectation,
  })
  .strict()
  .refine((s) => s.input !== undefined || s.inputText !== undefined, {
    message: 'a scenario needs `input` or `inputText`',
    path: ['input'],
  })
export type Scenario = z.infer<typeof Scenario>

/** A stored scenario as listed: `unfit` holds the reasons it no longer fits the tool's current schemas. */
export const ScenarioEntry = z.object({ file: z.string(), scenario: Scenario, unfit: z.array(z.string()) })
export type ScenarioEntry = z.infer<typeof ScenarioEntry>

/** `GET /api/scenarios?toolId=`: scenarios plus the files that failed to load (path and problem). */
export const ScenarioList = z.object({
  root: z.string(),
  scenarios: z.array(ScenarioEntry),
  errors: z.array(CatalogError),
})
export type ScenarioList = z.infer<typeof ScenarioList>

/** `POST /api/scenarios`: save a finished run as a scenario; `expect` replaces the expectation taken from the run. */
export const SaveScenarioBody = z
  .object({
    runId: z.string().min(1),
    name: z.string().min(1).max(1000),
    description: z.string().max(10_000).optional(),
    expect: Expectation.optional(),
    overwrite: z.boolean().optional(),
  })
  .strict()
export type SaveScenarioBody = z.infer<typeof SaveScenarioBody>

/** One difference between expected and actual, by dotted path. */
export const Mismatch = z.object({ path: z.string(), expected: z.unknown().optional(), actual: z.unknown().optional() })
export type Mismatch = z.infer<typeof Mismatch>

/** Outcome of replaying one scenario (the replay is a normal run: `runId` is in history). */
export const ReplayReport = z.object({
  toolId: z.string(),
  name: z.string(),
  runId: z.string().optional(),
  passed: z.boolean(),
  outcome: z.object({ status: z.string() }).catchall(z.unknown()),
  mismatches: z.array(Mismatch),
  scriptError: z.string().optional(),
  unfit: z.array(z.string()),
  /** Readable diff of the mismatches (what the CLI prints). */
  diff: z.string(),
})
export type ReplayReport = z.infer<typeof ReplayReport>
/** `POST /api/scenarios/:toolId/replay`: every scenario of a tool, replayed in list order. */
export const ReplayAllResponse = z.object({
  results: z.array(ReplayReport),
  passed: z.number().int(),
  failed: z.number().int(),
})
export type ReplayAllResponse = z.infer<typeof ReplayAllResponse>

/** `POST /api/runs/:id/expectation`: `rerun` runs the same call once more to see which values differ. */
export const SuggestExpectationBody = z.object({ rerun: z.boolean().optional() }).strict()
export type SuggestExpectationBody = z.infer<typeof SuggestExpectationBody>
const ValuePath = z.array(z.union([z.string(), z.number().int().nonnegative()]))
/**
 * The expectation a finished run suggests for a scenario or an exported test: its result, with a matcher
 * (`{ "$any": kind }`) at every value that differs between two runs of the same call (the run compared with is
 * `comparedWith`), or with one run only at every value that looks generated. `unmatchable`: values that differ but
 * that no matcher fits (a flag, an array's length). `rerunProblem`: why a rerun asked for could not be compared.
 */
export const SuggestedExpectation = z.object({
  expect: Expectation,
  /** The run's own result, without matchers (what switching a matcher off puts back). */
  exact: Expectation,
  matchers: z.array(
    z.object({
      path: ValuePath,
      kind: z.enum(['string', 'date', 'number']),
      why: z.enum(['differs', 'looks-generated']),
    }),
  ),
  unmatchable: z.array(ValuePath),
  comparedWith: z.object({ runId: z.string(), how: z.enum(['history', 'rerun']) }).optional(),
  rerunProblem: z.string().optional(),
})
export type SuggestedExpectation = z.infer<typeof SuggestedExpectation>

/** `POST /api/export`: a run or a stored scenario as a test file. */
export const ExportBody = z
  .object({
    format: z.enum(['vitest', 'playwright']),
    runId: z.string().optional(),
    scenario: z.object({ toolId: z.string(), name: z.string() }).strict().optional(),
    /** With `runId`: the expectation to assert (as edited from POST /api/runs/:id/expectation); default, that suggestion. */
    expect: Expectation.optional(),
  })
  .strict()
  .refine((b) => (b.runId === undefined) !== (b.scenario === undefined), {
    message: 'give either `runId` or `scenario`',
  })
  .refine((b) => b.expect === undefined || b.runId !== undefined, {
    message: '`expect` goes with `runId` (a scenario has its own)',
    path: ['expect'],
  })
export type ExportBody = z.infer<typeof ExportBody>
export const ExportResponse = z.object({ filename: z.string(), code: z.string() })
export type ExportResponse = z.infer<typeof ExportResponse>
