// Run events and the runTool() API: what running a tool "as an agent would" reports, step by step.
// These types are mirrored one-to-one by the zod schemas in src/shared/protocol.ts (checked there at compile time).

import type {
  ElicitationRequest,
  ElicitationResult,
  LogLevel,
  ModelOutput,
  RequestContextLike,
  ToolMessage,
} from './types.ts'
import type { JsonSchema } from './schemaTypes.ts'
import type { RunCheckpoint } from './checkpoint.ts'
import type { RuntimeEndStatus, RuntimeRunState } from './status.ts'

/** Who calls the tool: decides which parts of the execution context exist. */
export type Caller = 'agent' | 'workflow' | 'mcp' | 'direct'

/** The payload phase a set of views belongs to. */
export type ViewPhase = 'input' | 'output' | 'error' | 'approval' | 'suspend' | 'resume'

/** A display or transcript view: the transformed value, or a placeholder when the transform is missing or failed. */
export interface TransformedView {
  value: unknown
  /** true when `value` is Mastra's placeholder (`{ message: "Tool <phase> payload unavailable" }`). */
  placeholder?: boolean
  /** Set when the transform threw: its message. */
  failed?: string
  /** true when no transform is configured for this target at all, so the raw value passes through. */
  passthrough?: boolean
  /** true when the target has transforms but none for `inputDelta`: Mastra drops the delta for that audience. */
  suppressed?: boolean
}

/** What each audience gets for one payload. */
export interface Views {
  raw: unknown
  display: TransformedView
  transcript: TransformedView
  /** Only for output and error phases. */
  model?: ModelOutput
}

/** Phases `stepping: true` pauses before. */
export type StepPhase = 'input-streaming' | 'input-available' | 'approval' | 'execute' | 'output-mapping'

/** Who wrote a `log` event: the tool's observe logger, MCP logging, a hook, the runtime, or the tool's console (captured by a host). */
export type LogSource = 'observe' | 'mcp' | 'hook' | 'runtime' | 'console'

/** One link of a thrown error's `cause` chain. */
export interface ErrorCause {
  message: string
  name?: string
  code?: string
}

/** Final status of a run. */
export type RunStatus = RuntimeEndStatus

interface EventBase {
  /** 0-based sequence number, strictly increasing within a run. */
  seq: number
  /** Milliseconds since the run started (performance clock). */
  at: number
}

export type RunEvent = EventBase &
  (
    | {
        type: 'run-started'
        toolId: string
        toolCallId: string
        caller: Caller
        background: boolean
        stepping: boolean
      }
    | { type: 'input-start'; toolCallId: string }
    | { type: 'input-delta'; inputTextDelta: string; views: Views }
    | { type: 'input-available'; input: unknown; views: Views }
    | { type: 'approval-requested'; input: unknown; views: Views }
    | { type: 'approval-resolved'; approved: boolean; reason?: string }
    | { type: 'suspended'; payload: unknown; resumeSchema?: JsonSchema; resumeLabel?: string | string[]; views: Views }
    | { type: 'resumed'; resumeData: unknown; views: Views }
    | { type: 'writer-chunk'; chunk: unknown }
    | {
        type: 'log'
        level: LogLevel
        message: string
        data?: unknown
        source: LogSource
        /** Where the log call was made (`file:line`), for console output captured by a host. */
        location?: string
      }
    | {
        type: 'span'
        spanId: string
        parentSpanId?: string
        name: string
        attributes?: Record<string, unknown>
        startedAt: number
        durationMs: number
        status: 'ok' | 'error'
        error?: string
      }
    | { type: 'hook-error'; hook: 'onInputStart' | 'onInputDelta' | 'onInputAvailable' | 'onOutput'; message: string }
    | { type: 'state-changed'; state: unknown }
    | { type: 'elicitation-requested'; request: ElicitationRequest }
    | { type: 'elicitation-resolved'; result: ElicitationResult }
    | { type: 'paused'; next: StepPhase }
    | { type: 'output'; output: unknown; views: Views }
    | {
        type: 'error'
        message: string
        validationErrors?: Array<{ path: Array<string | number>; message: string }>
        /** The thrown error's stack (source-mapped when source maps are on), when it was an Error. */
        stack?: string
        /** The thrown error's `cause` chain, outermost first (bounded, cycles cut). */
        causes?: ErrorCause[]
        views: Views
      }
    | { type: 'aborted'; reason?: string }
    | { type: 'background-attempt'; attempt: number; error?: string }
    | NetworkEvent
    | ClockEvent
    | { type: 'run-finished'; status: RunStatus; durationMs: number }
  )

/** A request or response body as a host saw it: text (or base64 for binary), its full size, and whether it was cut. */
export interface HttpBody {
  text?: string
  base64?: string
  bytes: number
  truncated?: boolean
}

/**
 * An outbound HTTP exchange of the tool, reported by a host that intercepts its network calls (Toolscope's tool host
 * does): a request, then its response or its error, linked by `requestId`. Secret headers and query values arrive
 * redacted.
 */
export type NetworkEvent =
  | {
      type: 'http-request'
      requestId: string
      method: string
      url: string
      headers: Record<string, string>
      body?: HttpBody
    }
  | {
      type: 'http-response'
      requestId: string
      statusCode: number
      statusText?: string
      headers: Record<string, string>
      body?: HttpBody
      durationMs: number
      answeredBy?: AnsweredBy
    }
  | { type: 'http-error'; requestId: string; message: string; durationMs: number; answeredBy?: AnsweredBy }

/**
 * Time a host skipped for the tool (a fake clock): a timer of `ms` fired at once instead of after its delay;
 * `totalMs` is all the time skipped so far in the run.
 */
export interface ClockEvent {
  type: 'clock-skipped'
  ms: number
  totalMs: number
  timer: 'setTimeout' | 'setInterval'
}

/** Who answered a request when no real traffic did: the cassette's exchange or the mock rule at `index` (from 0). */
export interface AnsweredBy {
  source: 'cassette' | 'mock'
  index: number
}

/** One event type's name. */
export type RunEventType = RunEvent['type']
/** The event of one type. */
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>

/** Options of runTool(). */
export interface RunToolOptions {
  /** Parsed input; streamed as its JSON text. */
  input?: unknown
  /** Raw input text as a model would stream it; parsed as JSON. Wins over `input`. */
  inputText?: string
  requestContext?: Map<string, unknown> | Record<string, unknown> | RequestContextLike<any>
  caller?: Caller
  messages?: ToolMessage[]
  workflowState?: unknown
  toolCallId?: string
  /** `chunks`: the exact fragments of the input text (a model's argument deltas), used when they join to it. */
  stream?: { chunkSize?: number; chunks?: string[] }
  /** Pause before each phase until continue() (a debugger for tools). */
  stepping?: boolean
  /** Given to the tool as `context.mastra`: the Mastra instance it was registered with, as Mastra's agents do. */
  mastra?: unknown
  signal?: AbortSignal
  /** Ends the run with an error (and aborts `context.abortSignal`) after this many ms. No limit by default. */
  timeoutMs?: number
  /** Overrides the tool's `background.enabled`. */
  background?: boolean
  /**
   * Continues a run parked elsewhere (see ToolRun.checkpoint): the run starts in the wait it was parked in, with its
   * input, request context and workflow state, and its events go on from the checkpoint's sequence number.
   * `input`, `inputText`, `requestContext`, `workflowState`, `toolCallId`, `caller` and `background` are ignored.
   */
  continueFrom?: RunCheckpoint
}

/** What a finished run resolves to. */
export interface RunResult {
  status: RunStatus
  /** Views of the final payload: output on success, error on error, approval on decline; raw undefined on abort. */
  views: Views
  events: RunEvent[]
  /** The error message when status is 'error'. */
  error?: string
}

/** A run in progress. Controls throw an Error naming the run's state when they do not fit it. */
export interface ToolRun {
  readonly toolCallId: string
  /** Buffered: every iteration, started at any time, yields all events from the first. */
  readonly events: AsyncIterable<RunEvent>
  readonly result: Promise<RunResult>
  /** Current state: 'running', 'awaiting-approval', 'suspended', 'awaiting-elicitation', 'paused', or a final status. */
  readonly state: RunState
  approve(): void
  decline(reason?: string): void
  /** Validates against `resumeSchema` first: rejects with a RunControlError ('invalid-resume-data') and stays suspended. */
  resume(resumeData: unknown): Promise<void>
  /**
   * Answers the pending elicitation. An `accept` whose content does not fit the request's `requestedSchema` throws a
   * RunControlError ('invalid-elicitation-content', with validationErrors) and the run stays awaiting-elicitation.
   */
  respond(answer: ElicitationResult): void
  continue(): void
  abort(reason?: string): void
  /**
   * Adds a `log` event with source 'console': a host's capture of the tool's own console output during this run
   * (`location` is where the call was made). Ignored once the run has ended.
   */
  console(level: LogLevel, message: string, location?: string): void
  /** Adds an HTTP exchange event seen by a host's network interception. Ignored once the run has ended. */
  network(event: NetworkEvent): void
  /** Adds a `clock-skipped` event: time a host's fake clock skipped for the tool. Ignored once the run has ended. */
  clock(event: Omit<ClockEvent, 'type'>): void
  /**
   * Ends the run with an error its host found (a request no cassette answers); `context.abortSignal` fires with the
   * message, as on a timeout. Ignored once the run has ended.
   */
  fail(message: string): void
  /** Subscribe to events as they happen (no replay). Returns an unsubscribe function. */
  subscribe(listener: (event: RunEvent) => void): () => void
  /**
   * The run as plain data while it waits for approval or resume data, so that another worker or process can continue
   * it (`runTool(tool, { continueFrom })`) and this one be dropped. Undefined in any other state, or when the input,
   * request context or workflow state holds values a copy would change (class instances, functions).
   */
  checkpoint(): RunCheckpoint | undefined
}

/** Thrown (or rejected) by a run control that does not fit the run. */
export interface RunControlErrorShape extends Error {
  code: 'invalid-state' | 'invalid-resume-data' | 'invalid-elicitation-content'
  state: RunState
  validationErrors?: Array<{ path: Array<string | number>; message: string }>
}

export type RunState = RuntimeRunState
