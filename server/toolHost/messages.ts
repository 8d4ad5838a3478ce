// Typed messages between the main thread and the tool-host worker. Only plain JSON crosses:
// tools, schemas and functions stay in the worker, which runs them and reports events.

import type { CatalogError, ControlFailure, RunControl, StartRunBody, ToolDetail } from '../../src/shared/protocol.ts'

export type { ControlFailure }

/** Data given to a worker at spawn time. */
export interface WorkerInit {
  files: string[]
  /** Files skipped because importing them killed a previous worker (with the reason shown in the catalog). */
  skip: CatalogError[]
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
  | { type: 'start'; runId: string; request: StartRunBody; timeoutMs: number; /** Payloads larger are cut in the worker, before postMessage. */ payloadBytes?: number }
  | { type: 'check'; reqId: number; check: FitCheck }
  | { type: 'control'; reqId: number; runId: string; control: RunControl }

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
