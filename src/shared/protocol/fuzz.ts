// Fuzzing a tool from the playground: the body that starts a fuzz job, and the job as the UI polls it
// (its phase, progress, and the report of src/testbench/fuzz/fuzz.ts once it ends). A job's runs are normal runs in
// history; the report names the minimal failing one by id.

import { z } from 'zod'
import { FUZZ_CHECKS } from '../../testbench/fuzz/checks.ts'

/** A check's id (src/testbench/fuzz/checks.ts). */
export const FuzzCheckId = z.enum(FUZZ_CHECKS)

/** `POST /api/tools/:id/fuzz`: how many calls to generate, the seed (default random), the checks (default all but same-output). */
export const FuzzBody = z
  .object({
    runs: z.number().int().min(1).max(5000).optional(),
    seed: z.number().int().optional(),
    checks: z.array(FuzzCheckId).optional(),
    network: z.enum(['live', 'replay', 'mock']).optional(),
    clock: z.literal('fake').optional(),
    /** Collect code coverage of the tool files around the job's runs (the server reloads the tool workers to do so). */
    coverage: z.boolean().optional(),
  })
  .strict()
export type FuzzBody = z.infer<typeof FuzzBody>

/** `POST /api/tools/:id/fuzz` answers 202 with the job to poll. */
export const FuzzStarted = z.object({ jobId: z.string() })
export type FuzzStarted = z.infer<typeof FuzzStarted>

/** One generated call, as the report shows it. */
export const FuzzCallShape = z.object({
  input: z.unknown(),
  requestContext: z.record(z.string(), z.unknown()).optional(),
  valid: z.boolean(),
  broken: z.string().optional(),
})

/** The minimal failing call: the checks it failed, its run in history, and how fast-check found it again. */
export const FuzzFailureShape = z.object({
  call: FuzzCallShape,
  failures: z.array(z.object({ check: FuzzCheckId, message: z.string() })),
  runId: z.string().optional(),
  shrinks: z.number().int(),
  path: z.string(),
})
export type FuzzFailureShape = z.infer<typeof FuzzFailureShape>

/** One part of the input schema to exercise (src/testbench/fuzz/schemaCoverage.ts) and how many inputs did. */
export const CoverageItemShape = z.object({
  path: z.string(),
  kind: z.enum([
    'enum',
    'branch',
    'optional-present',
    'optional-absent',
    'minimum',
    'maximum',
    'minLength',
    'maxLength',
    'minItems',
    'maxItems',
  ]),
  label: z.string(),
  hit: z.number().int(),
})

/** Code coverage of one tool file: its source text by line, and each executable line's count (1-based lines; JSON keys). */
export const FileCoverageShape = z.object({
  file: z.string(),
  source: z.array(z.string()),
  lines: z.record(z.string(), z.number().int()),
})
export type FileCoverageShape = z.infer<typeof FileCoverageShape>

/** What a job covered: the input schema's parts (always), and the tool file's lines when coverage was asked for. */
export const FuzzCoverageShape = z.object({
  schema: z.object({ items: z.array(CoverageItemShape), covered: z.number().int(), total: z.number().int() }),
  files: z.array(FileCoverageShape).optional(),
})
export type FuzzCoverageShape = z.infer<typeof FuzzCoverageShape>

/** A fuzz report, the fields the UI shows (the server's FuzzReport also lists every input tried). */
export const FuzzReportShape = z.object({
  toolId: z.string(),
  seed: z.number().int(),
  runs: z.number().int(),
  executed: z.number().int(),
  checks: z.array(FuzzCheckId),
  failure: FuzzFailureShape.optional(),
  /** Invalid inputs generated (each must be refused), when the runner counts them. */
  invalid: z.number().int().optional(),
  durationMs: z.number(),
  coverage: FuzzCoverageShape.optional(),
})
export type FuzzReportShape = z.infer<typeof FuzzReportShape>

/**
 * Where a fuzz job is: `fuzzing` until its report is in (`done`), it threw (`failed`, with `error`) or it was cancelled.
 * A job's phase, not a run status: a job holds many runs.
 */
export const FuzzPhase = z.enum(['fuzzing', 'done', 'failed', 'cancelled'])
export type FuzzPhase = z.infer<typeof FuzzPhase>

/** `GET /api/fuzz/:jobId`: runs made so far (`done`, shrinking included) of the `total` asked for, then the report. */
export const FuzzJob = z.object({
  id: z.string(),
  toolId: z.string(),
  phase: FuzzPhase,
  done: z.number().int(),
  total: z.number().int(),
  report: FuzzReportShape.optional(),
  error: z.string().optional(),
})
export type FuzzJob = z.infer<typeof FuzzJob>
