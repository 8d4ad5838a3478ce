// Typed messages between the main thread and the tool-host worker. Only plain JSON crosses:
// tools, schemas and functions stay in the worker, which runs them and reports events.

import type { CatalogError, StartRunBody, ToolDetail } from '../../src/shared/protocol.ts'

/** Data given to a worker at spawn time. */
export interface WorkerInit {
  files: string[]
  /** Files skipped because importing them killed a previous worker (with the reason shown in the catalog). */
  skip: CatalogError[]
}

/** A run control forwarded to the worker. */
export type ControlAction =
  | { action: 'approve' }
  | { action: 'decline'; reason?: string }
  | { action: 'resume'; resumeData: unknown }
  | { action: 'respond'; result: { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, unknown> } }
  | { action: 'continue' }
  | { action: 'abort'; reason?: string }

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
  | { type: 'start'; runId: string; request: StartRunBody; timeoutMs: number; /** Payloads larger are cut in the worker, before postMessage. */ payloadBytes?: number }
  | { type: 'check'; reqId: number; check: FitCheck }
  | ({ type: 'control'; reqId: number; runId: string } & ControlAction)

/** A control failure as the runtime reported it (RunControlError) or a plain error. */
export interface ControlFailure {
  code: 'invalid-state' | 'invalid-resume-data' | 'unknown-run' | 'failed'
  message: string
  state?: string
  validationErrors?: Array<{ path: Array<string | number>; message: string }>
}

/** Worker → main thread. */
export type FromWorker =
  | { type: 'importing'; file: string }
  | { type: 'loaded'; tools: ToolDetail[]; errors: CatalogError[] }
  | { type: 'event'; runId: string; event: unknown }
  | { type: 'start-failed'; runId: string; message: string }
  | { type: 'control-result'; reqId: number; ok: true }
  | { type: 'control-result'; reqId: number; ok: false; failure: ControlFailure }
  | { type: 'log'; level: 'warn' | 'error'; message: string }
  | { type: 'check-result'; reqId: number; problems: string[] }
