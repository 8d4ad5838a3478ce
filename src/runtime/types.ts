// Public types of the Toolscope runtime: the createTool() contract (Mastra-compatible) and the runTool() engine.
// Framework-free: no React, no Hono, no node:*. Every other layer (tool host, server, SPA, tests) builds on these.

import type { StandardSchemaV1, InferInput, InferOutput, JsonSchema } from './schemaTypes.ts'

/* ------------------------------------------------------------------ model output */

/** One part of a `{ type: 'content' }` model output. */
export type ModelContentPart =
  | { type: 'text'; text: string }
  | { type: 'image-url'; url: string; mediaType?: string }
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'file-url'; url: string; mediaType?: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string }
  | { type: 'file-id'; fileId: string | Record<string, string> }
  | { type: 'image-file-id'; fileId: string | Record<string, string> }
  | { type: 'custom'; [key: string]: unknown }

/** What the model receives for a tool result (AI SDK `ToolResultOutput` shapes). */
export type ModelOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: unknown }
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: unknown }
  | { type: 'execution-denied'; reason?: string }
  | { type: 'content'; value: ModelContentPart[] }

/* ------------------------------------------------------------------ transforms */

/** Phases a transform can map. */
export type TransformPhase = 'input' | 'inputDelta' | 'output' | 'error' | 'approval' | 'suspend' | 'resume'
/**
 * Phase names as a transform function sees them in `context.phase` (Mastra's stream phases). The placeholder for a missing
 * or failed transform names this phase too: `{ message: "Tool output-available payload unavailable" }`.
 */
export type TransformContextPhase =
  | 'input-delta'
  | 'input-available'
  | 'output-available'
  | 'error'
  | 'approval'
  | 'suspend'
  | 'resume'
/** Audiences a transform targets. */
export type TransformTarget = 'display' | 'transcript'

/** Context handed to each transform function. */
export interface ToolPayloadTransformContext<TIn = any, TOut = any, TSuspend = any, TResume = any> {
  target: TransformTarget
  phase: TransformContextPhase
  toolName: string
  toolCallId: string
  input?: TIn
  inputTextDelta?: string
  output?: TOut
  error?: unknown
  suspendPayload?: TSuspend
  resumeData?: TResume
}

export type ToolPayloadTransformFn<TIn = any, TOut = any, TSuspend = any, TResume = any> = (
  context: ToolPayloadTransformContext<TIn, TOut, TSuspend, TResume>,
) => unknown

/** Per-target transforms: each phase optional. */
export type ToolPayloadTargetTransform<TIn = any, TOut = any, TSuspend = any, TResume = any> = Partial<
  Record<TransformPhase, ToolPayloadTransformFn<TIn, TOut, TSuspend, TResume>>
>

/** `transform` option of createTool(). */
export interface ToolPayloadTransform<TIn = any, TOut = any, TSuspend = any, TResume = any> {
  display?: ToolPayloadTargetTransform<TIn, TOut, TSuspend, TResume>
  transcript?: ToolPayloadTargetTransform<TIn, TOut, TSuspend, TResume>
}

/* ------------------------------------------------------------------ MCP, background, misc options */

export interface McpToolAnnotations {
  title?: string
  readOnlyHint?: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
  [key: string]: unknown
}

export interface McpToolProperties {
  annotations?: McpToolAnnotations
  _meta?: Record<string, unknown>
}

export interface ToolBackgroundConfig {
  enabled?: boolean
  defaultDisposition?: 'background' | 'foreground' | (string & {})
  timeoutMs?: number
  maxRetries?: number
  onComplete?: (result: {
    toolCallId: string
    toolName: string
    output: unknown
    attempts: number
  }) => void | Promise<void>
  onFailed?: (result: {
    toolCallId: string
    toolName: string
    error: unknown
    attempts: number
  }) => void | Promise<void>
}

/** A chat message as agents pass it to hooks and execute (AI SDK / Mastra CoreMessage-like). */
export type ToolMessage = { role: string; content: unknown; [key: string]: unknown }

/* ------------------------------------------------------------------ execution context */

/** Map-like request context (Mastra's RequestContext surface). */
export interface RequestContextLike<T extends Record<string, unknown> = Record<string, unknown>> {
  get<K extends keyof T & string>(key: K): T[K] | undefined
  set<K extends keyof T & string>(key: K, value: T[K]): void
  has(key: string): boolean
  delete(key: string): boolean
  entries(): IterableIterator<[string, unknown]>
  keys(): IterableIterator<string>
  values(): IterableIterator<unknown>
  forEach(fn: (value: unknown, key: string) => void): void
  /** A method, as in Mastra's RequestContext. */
  size(): number
  clear(): void
  toJSON(): Record<string, unknown>
  getRaw?(key: string): unknown
  setRaw?(key: string, value: unknown): void
  hasRaw?(key: string): boolean
  deleteRaw?(key: string): boolean
  readonly all?: Record<string, unknown>
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'fatal'

/** Observability helper, always present on the execution context. */
export interface ToolObserve {
  span<T>(name: string, fn: () => Promise<T> | T, attributes?: Record<string, unknown>): Promise<T>
  log(level: LogLevel, message: string, data?: Record<string, unknown>): void
}

/** A writer that streams custom chunks out of a running tool. */
export interface ToolWriter {
  write(chunk: unknown): Promise<void>
  /** Alias used by some Mastra versions. */
  custom?(chunk: unknown): Promise<void>
}

export interface SuspendOptions {
  resumeLabel?: string | string[]
  [key: string]: unknown
}

export interface AgentToolExecutionContext<TSuspend = unknown, TResume = unknown> {
  /** The calling agent's id ('' when there is none, as in Mastra). */
  agentId?: string
  toolCallId: string
  messages: ToolMessage[]
  suspend: (payload: TSuspend, options?: SuspendOptions) => Promise<void>
  resumeData?: TResume
  threadId?: string
  resourceId?: string
  writer?: ToolWriter
}

export interface WorkflowToolExecutionContext<TSuspend = unknown, TResume = unknown> {
  runId: string
  workflowId?: string
  state: unknown
  setState: (state: unknown) => void | Promise<void>
  suspend: (payload: TSuspend, options?: SuspendOptions) => Promise<void>
  resumeData?: TResume
}

/** An MCP elicitation request as a tool sends it. */
export interface ElicitationRequest {
  message: string
  requestedSchema: JsonSchema
  /** MCP's URL mode: the person opens `url` (and answers accept, decline or cancel, with no content). */
  mode?: 'form' | 'url'
  url?: string
}

/** The user's answer to an elicitation request. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel'
  content?: Record<string, unknown>
}

export interface McpToolExecutionContext {
  elicitation: { sendRequest: (request: ElicitationRequest) => Promise<ElicitationResult> }
  progress?: (progress: number, total?: number, message?: string) => Promise<void>
  log?: (level: LogLevel, data: unknown) => Promise<void>
  extra?: Record<string, unknown>
}

/** Second argument of `execute`. */
export interface ToolExecutionContext<
  TSuspend = unknown,
  TResume = unknown,
  TContext extends Record<string, unknown> = Record<string, unknown>,
> {
  requestContext?: RequestContextLike<TContext>
  abortSignal?: AbortSignal
  agent?: AgentToolExecutionContext<TSuspend, TResume>
  workflow?: WorkflowToolExecutionContext<TSuspend, TResume>
  mcp?: McpToolExecutionContext
  writer?: ToolWriter
  observe: ToolObserve
  /** Shortcut available whatever the caller: suspends the call. */
  suspend?: (payload: TSuspend, options?: SuspendOptions) => Promise<void>
  /** Present when the call is being resumed. */
  resumeData?: TResume
  toolCallId?: string
  [key: string]: unknown
}

/**
 * What a direct caller may pass as the second argument of `tool.execute`: any part of the execution context, the request
 * context as a RequestContext, Map or plain object, and Mastra's flat agent fields (`toolCallId` + `messages`).
 */
export interface DirectExecutionContext<TSuspend = unknown, TResume = unknown> {
  requestContext?: RequestContextLike<any> | Map<string, unknown> | Record<string, unknown>
  abortSignal?: AbortSignal
  agent?: Partial<AgentToolExecutionContext<TSuspend, TResume>>
  workflow?: Partial<WorkflowToolExecutionContext<TSuspend, TResume>>
  mcp?: McpToolExecutionContext
  writer?: ToolWriter
  observe?: ToolObserve
  suspend?: (payload: TSuspend, options?: SuspendOptions) => Promise<void>
  resumeData?: TResume
  toolCallId?: string
  messages?: ToolMessage[]
  [key: string]: unknown
}

/** Options every hook receives. */
export interface ToolCallOptions {
  toolCallId: string
  messages: ToolMessage[]
  abortSignal?: AbortSignal
}

/**
 * Second argument of a `requireApproval` function. runTool() gives all three fields; Mastra's agent gives
 * `{ requestContext, workspace }`, hence all optional (so a Toolscope tool type-checks as a Mastra tool).
 */
export interface ApprovalCall {
  toolCallId?: string
  messages?: ToolMessage[]
  /** The request context as a plain object. */
  requestContext?: Record<string, unknown>
  workspace?: unknown
}

/** Second argument runTool() gives `toModelOutput` (the AI SDK's `toModelOutput({ toolCallId, input, output })` needs them). */
export interface ModelOutputCall {
  toolCallId: string
  input: unknown
}

/** Validation problems as Mastra nests them: messages at this level, then one subtree per field or index. */
export interface FormattedValidationErrors {
  errors: string[]
  fields: Record<string, FormattedValidationErrors>
}

/** What a direct `execute` returns instead of throwing on bad data (Mastra's shape, `validationErrors` a tree). */
export interface ToolValidationError {
  error: true
  message: string
  validationErrors: FormattedValidationErrors
}

/* ------------------------------------------------------------------ createTool */

/** Options accepted by createTool(). */
export interface ToolConfig<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TSuspendSchema extends StandardSchemaV1 | undefined = undefined,
  TResumeSchema extends StandardSchemaV1 | undefined = undefined,
  TContextSchema extends StandardSchemaV1 | undefined = undefined,
> {
  id: string
  description: string
  inputSchema?: TInputSchema
  outputSchema?: TOutputSchema
  suspendSchema?: TSuspendSchema
  resumeSchema?: TResumeSchema
  requestContextSchema?: TContextSchema
  strict?: boolean
  /** The second argument (call id and validated input) is for adapters of other libraries; plain tools ignore it. */
  toModelOutput?: (output: InferOutput<TOutputSchema>, call?: ModelOutputCall) => unknown
  transform?: ToolPayloadTransform<
    InferOutput<TInputSchema>,
    InferOutput<TOutputSchema>,
    InferOutput<TSuspendSchema>,
    InferOutput<TResumeSchema>
  >
  requireApproval?: boolean | ((input: InferOutput<TInputSchema>, call?: ApprovalCall) => boolean | Promise<boolean>)
  mcp?: McpToolProperties
  providerOptions?: Record<string, Record<string, unknown>>
  inputExamples?: Array<{ input: Record<string, unknown> }>
  background?: ToolBackgroundConfig
  execute?: (
    input: InferOutput<TInputSchema>,
    context: ToolExecutionContext<
      InferOutput<TSuspendSchema>,
      InferOutput<TResumeSchema>,
      InferOutput<TContextSchema> extends Record<string, unknown>
        ? InferOutput<TContextSchema>
        : Record<string, unknown>
    >,
  ) => Promise<ExecuteResult<TOutputSchema>> | ExecuteResult<TOutputSchema>
  onInputStart?: (options: ToolCallOptions) => void | PromiseLike<void>
  onInputDelta?: (options: { inputTextDelta: string } & ToolCallOptions) => void | PromiseLike<void>
  onInputAvailable?: (options: { input: InferOutput<TInputSchema> } & ToolCallOptions) => void | PromiseLike<void>
  onOutput?: (
    options: { output: InferOutput<TOutputSchema>; toolName: string } & Omit<ToolCallOptions, 'messages'>,
  ) => void | PromiseLike<void>
}

/** What `execute` may return: the output, or nothing when it suspended. */
export type ExecuteResult<TOutputSchema> = TOutputSchema extends StandardSchemaV1
  ? InferInput<TOutputSchema> | void
  : unknown

/** The object createTool() returns; can be handed to an agent as is. */
export interface Tool<
  TInputSchema extends StandardSchemaV1 | undefined = any,
  TOutputSchema extends StandardSchemaV1 | undefined = any,
  TSuspendSchema extends StandardSchemaV1 | undefined = any,
  TResumeSchema extends StandardSchemaV1 | undefined = any,
  TContextSchema extends StandardSchemaV1 | undefined = any,
> extends Omit<ToolConfig<TInputSchema, TOutputSchema, TSuspendSchema, TResumeSchema, TContextSchema>, 'execute'> {
  /** Validating wrapper around the user's function; returns ToolValidationError objects for bad data. */
  execute?: (
    input: InferInput<TInputSchema>,
    context?: DirectExecutionContext<InferOutput<TSuspendSchema>, InferOutput<TResumeSchema>>,
  ) => Promise<InferOutput<TOutputSchema> | ToolValidationError | void>
  /** The user's function as given, unwrapped. */
  readonly userExecute?: ToolConfig<
    TInputSchema,
    TOutputSchema,
    TSuspendSchema,
    TResumeSchema,
    TContextSchema
  >['execute']
  /** Brand recognised across copies of the runtime (`Symbol.for('toolscope.tool')`). */
  readonly [TOOL_BRAND]: true
  /** Set on tools of other libraries whose `execute` runs the whole validation pipeline itself (see SELF_VALIDATING). */
  readonly [SELF_VALIDATING]?: true
}

/** Brand put on every Toolscope tool; `Symbol.for` so that two copies of the runtime agree. */
export const TOOL_BRAND: unique symbol = Symbol.for('toolscope.tool') as any

/**
 * Marks a tool whose own `execute` validates input, request context and resume data and checks the suspend payload and
 * output, returning validation error objects (a Mastra tool, an adapted AI SDK tool). runTool() then does not validate
 * again: it passes the raw input and reports the library's own error objects. Mastra's `Symbol.for('mastra.core.tool.Tool')`
 * marker means the same.
 */
export const SELF_VALIDATING: unique symbol = Symbol.for('toolscope.selfValidating') as any
