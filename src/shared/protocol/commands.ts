// What a client sends to drive runs: the call fields, start and save bodies, run controls (approve, decline, resume,
// respond, continue, abort), and the error codes and body of every refused request.

import { z } from 'zod'
import type { RunControlErrorShape } from '../../runtime/events.ts'
import { Caller, ElicitationAction, Message, ValidationIssue } from './events.ts'
import { CASSETTE_NAME, Cassette, Mocks, NetworkMode } from './network.ts'

type RuntimeControlErrorCode = RunControlErrorShape['code']

/** Most input fragments a run streams: a model's argument deltas, merged beyond this. */
export const MAX_INPUT_CHUNKS = 10_000

/** The fields that describe one call of a tool: shared by run requests and scenario files. */
export const CallFields = {
  toolId: z.string().min(1),
  input: z.unknown().optional(),
  inputText: z.string().optional(),
  requestContext: z.record(z.string(), z.unknown()).optional(),
  caller: Caller.optional(),
  messages: z.array(Message).optional(),
  workflowState: z.unknown().optional(),
  /** How the input text streams in: fixed-size chunks, or these exact fragments (a model's argument deltas; they join to the input text). */
  stream: z
    .object({
      chunkSize: z.number().int().min(1).max(100_000).optional(),
      chunks: z.array(z.string()).max(MAX_INPUT_CHUNKS).optional(),
    })
    .strict()
    .optional(),
  /** The run's network mode (default `live`). */
  network: NetworkMode.optional(),
  /** For `replay`: a cassette's name (a file of the tool's cassette folder) or the cassette itself; for `record`: the name to save it under. */
  cassette: z
    .union([z.string().regex(CASSETTE_NAME, 'a cassette name is 1–100 letters, digits, ".", "-" or "_"'), Cassette])
    .optional(),
  /** For `mock`: the rules that answer the run's requests. */
  mocks: Mocks.optional(),
  /** `fake`: the tool's timers fire at once and its clock jumps ahead (waits, polls and retries take no time). Default `real`. */
  clock: z.enum(['real', 'fake']).optional(),
}

export const StartRunBody = z.object({ ...CallFields, stepping: z.boolean().optional() }).strict()
export type StartRunBody = z.infer<typeof StartRunBody>

export const StartRunResponse = z.object({ runId: z.string() })

/** `POST /api/runs/:id/cassette`: saves a recorded run's cassette as `toolscope/cassettes/<tool-id>/<name>.json`. */
export const SaveCassetteBody = z
  .object({ name: z.string().regex(CASSETTE_NAME, 'a cassette name is 1–100 letters, digits, ".", "-" or "_"') })
  .strict()
export type SaveCassetteBody = z.infer<typeof SaveCassetteBody>
/** Its answer: the file written and how many exchanges it holds. */
export const SaveCassetteResponse = z.object({ file: z.string(), exchanges: z.number().int() })
export type SaveCassetteResponse = z.infer<typeof SaveCassetteResponse>

/** Longest reason a person gives when declining or aborting a run: a sentence or a paragraph, not a document. */
export const MAX_REASON_CHARS = 2_000
const CappedReason = z.string().max(MAX_REASON_CHARS, `a reason is at most ${MAX_REASON_CHARS} characters`).optional()

export const ApprovalBody = z.object({ approved: z.boolean(), reason: CappedReason }).strict()
export const ResumeBody = z.object({ resumeData: z.unknown() }).strict()
export const RespondBody = z
  .object({ action: ElicitationAction, content: z.record(z.string(), z.unknown()).optional() })
  .strict()
export const AbortBody = z.object({ reason: CappedReason }).strict()
export const EmptyBody = z.object({}).strict()

// Unbounded in scenario decisions (the 1 MiB body cap bounds it) so scenario files written before RunControl still
// parse; RunControl, what the API takes, caps it (CappedReason).
const Reason = z.string().optional()
export const ApproveControl = z.object({ type: z.literal('approve') }).strict()
export const DeclineControl = z.object({ type: z.literal('decline'), reason: Reason }).strict()
export const ResumeControl = z.object({ type: z.literal('resume'), resumeData: z.unknown() }).strict()
export const RespondControl = z
  .object({
    type: z.literal('respond'),
    action: ElicitationAction,
    content: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
const ContinueControl = z.object({ type: z.literal('continue') }).strict()
export const AbortControl = z.object({ type: z.literal('abort'), reason: Reason }).strict()

/**
 * Every way a run is steered, in one vocabulary: the body of `POST /api/runs/:id/control`, what the older
 * per-control routes are mapped to, the worker's control message, the UI's commands and (as Decision) scenario scripts.
 */
export const RunControl = z.discriminatedUnion('type', [
  ApproveControl,
  DeclineControl.extend({ reason: CappedReason }).strict(),
  ResumeControl,
  RespondControl,
  ContinueControl,
  AbortControl.extend({ reason: CappedReason }).strict(),
])
export type RunControl = z.infer<typeof RunControl>

/**
 * Why a request or a run control was refused. Carried by `ApiError.code` and control failures; the app maps each
 * code to one HTTP status. Clients branch on the code, never on the message text.
 */
export const ErrorCode = z.enum([
  'invalid-body',
  'unauthorized',
  'too-large',
  'not-found',
  'conflict',
  'unknown-run',
  'unknown-tool',
  'unknown-cassette',
  /** A file (run file, cassette, scenario) written by a newer Toolscope, in a format version this one cannot read. */
  'newer-version',
  'too-many-runs',
  /** History cannot be written (disk full, I/O error): a run is not started; RunPage.storage says why. */
  'storage-failed',
  'invalid-state',
  'invalid-resume-data',
  'invalid-elicitation-content',
  'timeout',
  'host-unavailable',
  'internal',
])
export type ErrorCode = z.infer<typeof ErrorCode>

/**
 * A refused run control, as the runtime (RunControlError), the tool host and the registry report it. Defined once:
 * the tool host's worker messages validate a worker's reply with this schema.
 */
export const ControlFailure = z.object({
  code: ErrorCode,
  message: z.string(),
  /** The run's state when the control was refused. */
  state: z.string().optional(),
  validationErrors: z.array(ValidationIssue).optional(),
})
export type ControlFailure = z.infer<typeof ControlFailure>

// Compile-time check: every code the runtime's RunControlError can carry is one of the protocol's codes.
const _runtimeCodes: RuntimeControlErrorCode extends ErrorCode ? true : false = true
void _runtimeCodes

/** Body of every 4xx/5xx answer. */
export const ApiError = z.object({
  error: z.string(),
  code: ErrorCode.optional(),
  issues: z.array(ValidationIssue).optional(),
  state: z.string().optional(),
})
export type ApiError = z.infer<typeof ApiError>
