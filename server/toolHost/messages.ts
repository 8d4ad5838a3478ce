// Typed messages between the main thread and a tool-host worker. Only plain JSON crosses: tools, schemas and
// functions stay in the worker. Worker → main messages are zod-validated once, at the first main-thread hop.

import { z } from 'zod'
import {
  Caller,
  CassetteExchange,
  CatalogError,
  ControlFailure,
  ToolDetail,
  type RunControl,
  type StartRunBody,
} from '../../src/shared/protocol.ts'
import { PARKED_STATUSES, type RunCheckpoint as RuntimeCheckpoint } from '../../src/runtime/index.ts'
import type { NetworkProgress as InterceptProgress } from '../../src/network/intercept.ts'

/** Data given to a worker at spawn time. */
export interface WorkerInit {
  files: string[]
  /** Files skipped because importing them killed a previous worker (with the reason shown in the catalog). */
  skip: CatalogError[]
  /** False: the tools' HTTP is not intercepted (see ToolHostOptions.interceptNetwork). */
  interceptNetwork: boolean
  /** More header and query parameter names to redact in network events and recordings. */
  redact?: { headers?: string[]; query?: string[] }
  /** Bytes a run's recording keeps at most (the per-run limit); a response body past it is cut and marked. */
  recordingBytes?: number
  /** Collect V8 coverage of `files` from before their import, posted as `coverage` after the load and after each run. */
  coverage?: boolean
}

/** Data of a stored scenario to check against a tool's current schemas (no run is started). */
export interface FitCheck {
  toolId: string
  input?: unknown
  inputText?: string
  requestContext?: Record<string, unknown>
  /** Resume data of each scripted resume, in order. */
  resumeData: unknown[]
}

/** Main thread → worker. */
export type ToWorker =
  | {
      type: 'start'
      runId: string
      request: StartRunBody
      timeoutMs: number /** Payloads larger are cut in the worker, before postMessage. */
      payloadBytes?: number
    }
  | { type: 'check'; reqId: number; check: FitCheck }
  | { type: 'control'; reqId: number; runId: string; control: RunControl }
  /** Continues a parked run from its checkpoint on this worker and applies `control` to it (replied like a control). */
  | {
      type: 'continue'
      reqId: number
      runId: string
      request: StartRunBody
      checkpoint: RunCheckpoint
      control: RunControl
      payloadBytes?: number
      progress?: NetworkProgress
    }

/** Where a run's replay and mock answers stand (src/network's NetworkProgress): kept by the host while the run is parked. */
export const NetworkProgress = z.object({
  /** Requests made so far per replay key (see src/network/plan.ts). */
  used: z.record(z.string(), z.number().int().nonnegative()),
  /** Answers given so far per mock rule. */
  hits: z.array(z.number().int().nonnegative()),
})
export type NetworkProgress = z.infer<typeof NetworkProgress>

/** A run parked while it waits for approval or resume data (the runtime's RunCheckpoint, checked at the hop). */
export const RunCheckpoint = z.object({
  state: z.enum(PARKED_STATUSES),
  toolId: z.string(),
  toolCallId: z.string(),
  caller: Caller,
  background: z.boolean(),
  input: z.unknown(),
  requestContext: z.record(z.string(), z.unknown()),
  workflowState: z.unknown(),
  nextSeq: z.number().int().nonnegative(),
  startedAt: z.number(),
  timeoutMs: z.number().optional(),
  timeLeftMs: z.number().optional(),
})
export type RunCheckpoint = z.infer<typeof RunCheckpoint>

/** Worker → main thread. `event` stays `unknown` here: HostWorker validates it against the protocol's RunEvent (once). */
export const FromWorker = z.discriminatedUnion('type', [
  z.object({ type: z.literal('importing'), file: z.string() }),
  z.object({ type: z.literal('loaded'), tools: z.array(ToolDetail), errors: z.array(CatalogError) }),
  z.object({ type: z.literal('event'), runId: z.string(), event: z.unknown() }),
  /** Sent just before a run's `run-finished` (or after `parked`): whether the worker is fit to host another run. */
  z.object({ type: z.literal('run-ended'), runId: z.string(), reusable: z.boolean() }),
  /** The run waits for approval or resume data and left the worker: the host keeps it and continues it on any worker. */
  z.object({ type: z.literal('parked'), runId: z.string(), checkpoint: RunCheckpoint }),
  /** A tool broke a builtin the host relies on (JSON.stringify, toJSON…): the worker must be replaced at once. */
  z.object({ type: z.literal('poisoned'), runId: z.string().optional(), problem: z.string() }),
  z.object({ type: z.literal('start-failed'), runId: z.string(), message: z.string() }),
  /** `failure` is absent when the runtime accepted the control. */
  z.object({ type: z.literal('control-result'), reqId: z.number(), failure: ControlFailure.optional() }),
  z.object({ type: z.literal('log'), level: z.enum(['warn', 'error']), message: z.string() }),
  z.object({ type: z.literal('check-result'), reqId: z.number(), problems: z.array(z.string()) }),
  /** A run's network: its replay or mock progress, or (network mode `record`) one recorded exchange. */
  z.object({
    type: z.literal('network'),
    runId: z.string(),
    progress: NetworkProgress.optional(),
    recorded: CassetteExchange.optional(),
  }),
  /** Lines of the tool files run since the worker's last `coverage` (sent before `loaded`, and before each `run-ended`). */
  z.object({
    type: z.literal('coverage'),
    files: z.array(z.object({ file: z.string(), lines: z.record(z.string(), z.number().int().nonnegative()) })),
  }),
])
/** Worker → main thread. */
export type FromWorker = z.infer<typeof FromWorker>

// The wire checkpoint and the runtime's are one shape.
true satisfies RunCheckpoint extends RuntimeCheckpoint
  ? RuntimeCheckpoint extends RunCheckpoint
    ? true
    : false
  : false
// The wire progress and the interception's are one shape.
true satisfies NetworkProgress extends InterceptProgress
  ? InterceptProgress extends NetworkProgress
    ? true
    : false
  : false
