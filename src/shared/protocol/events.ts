// Run events on the wire: the payload values they carry (views, model output, messages) and the discriminated
// union of every event a run emits, checked at compile time against the runtime's own event types.

import { z } from 'zod'
import type { RunEvent as RuntimeRunEvent } from '../../runtime/events.ts'
import { RUN_END_STATUSES, type RuntimeEndStatus } from '../../runtime/status.ts'

export const JsonSchemaObject = z.record(z.string(), z.unknown())
export type JsonSchemaObject = z.infer<typeof JsonSchemaObject>

export const Caller = z.enum(['agent', 'workflow', 'mcp', 'direct'])
export type Caller = z.infer<typeof Caller>

export const LogLevel = z.enum(['debug', 'info', 'warn', 'error', 'fatal'])
/** Who wrote a `log` event: the tool's observe logger, MCP logging, a hook, the runtime, or the tool's console. */
export const LogSource = z.enum(['observe', 'mcp', 'hook', 'runtime', 'console'])

export const ValidationIssue = z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })
export type ValidationIssue = z.infer<typeof ValidationIssue>
/** One link of a thrown error's `cause` chain. */
export const ErrorCause = z.object({ message: z.string(), name: z.string().optional(), code: z.string().optional() })
export type ErrorCause = z.infer<typeof ErrorCause>

const FileId = z.union([z.string(), z.record(z.string(), z.string())])
const ContentPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image-url'), url: z.string(), mediaType: z.string().optional() }),
  z.object({ type: z.literal('image-data'), data: z.string(), mediaType: z.string() }),
  z.object({ type: z.literal('file-url'), url: z.string(), mediaType: z.string().optional() }),
  z.object({ type: z.literal('file-data'), data: z.string(), mediaType: z.string(), filename: z.string().optional() }),
  z.object({ type: z.literal('file-id'), fileId: FileId }),
  z.object({ type: z.literal('image-file-id'), fileId: FileId }),
  z.looseObject({ type: z.literal('custom') }),
])
// Payload values are `.optional()`: JSON on the wire cannot carry `undefined`, the tool host drops such keys,
// and zod 4 rejects a missing key even for z.unknown().
const Payload = z.unknown().optional()
export const ModelOutput = z.union([
  z.object({ type: z.literal('text'), value: z.string() }),
  z.object({ type: z.literal('json'), value: Payload }),
  z.object({ type: z.literal('error-text'), value: z.string() }),
  z.object({ type: z.literal('error-json'), value: Payload }),
  z.object({ type: z.literal('execution-denied'), reason: z.string().optional() }),
  z.object({ type: z.literal('content'), value: z.array(ContentPart) }),
])
export type ModelOutput = z.infer<typeof ModelOutput>

/** A display or transcript view; `passthrough` when it is raw itself (the tool has no transform for that target). */
export const TransformedView = z.object({
  value: Payload,
  placeholder: z.boolean().optional(),
  failed: z.string().optional(),
  passthrough: z.boolean().optional(),
  suppressed: z.boolean().optional(),
})

/**
 * The compact form of a passthrough view, as carried worker → main, stored in history and sent on run event streams:
 * `{ "passthrough": true }` and no `value`, meaning "the value of `views.raw`", so raw crosses each boundary once.
 * Readers expand it with `RunEventFrame` / `expandViews` (src/shared/passthroughViews.ts) to `{ value: raw, passthrough: true }`.
 */
export const PassthroughRef = z.strictObject({ passthrough: z.literal(true) })

export const Views = z.object({
  raw: Payload,
  display: TransformedView,
  transcript: TransformedView,
  model: ModelOutput.optional(),
})
export type Views = z.infer<typeof Views>

export const Message = z.looseObject({ role: z.string(), content: z.unknown() })

/** Set on an event whose payloads were cut to the size limit: the original size and the fields cut (dotted paths). */
export const Truncation = z.object({ originalBytes: z.number().nonnegative(), fields: z.array(z.string()).optional() })
export type Truncation = z.infer<typeof Truncation>

/** Headers of an HTTP exchange (secret ones redacted by the host). */
export const HttpHeaders = z.record(z.string(), z.string())
/** A request or response body: text, or base64 for binary; `bytes` is its full size, `truncated` when cut. */
export const HttpBody = z.object({
  text: z.string().optional(),
  base64: z.string().optional(),
  bytes: z.number().int().nonnegative(),
  truncated: z.boolean().optional(),
})
export type HttpBody = z.infer<typeof HttpBody>
/** Who answered a request when no real traffic did: the cassette's exchange or the mock rule at `index` (from 0). */
export const AnsweredBy = z.object({ source: z.enum(['cassette', 'mock']), index: z.number().int().nonnegative() })

const base = { seq: z.number().int().nonnegative(), at: z.number(), truncated: Truncation.optional() }
export const HookName = z.enum(['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'])
export const StepPhase = z.enum(['input-streaming', 'input-available', 'approval', 'execute', 'output-mapping'])
/** How a run ended (`interrupted` / `expired` are written by the server when the run did not end by itself). */
export const RunStatus = z.enum(RUN_END_STATUSES)
export type RunStatus = z.infer<typeof RunStatus>
const ElicitationRequest = z.object({
  message: z.string(),
  requestedSchema: JsonSchemaObject,
  mode: z.enum(['form', 'url']).optional(),
  url: z.string().optional(),
})
export const ElicitationAction = z.enum(['accept', 'decline', 'cancel'])

export const RunEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('run-started'),
    toolId: z.string(),
    toolCallId: z.string(),
    caller: Caller,
    background: z.boolean(),
    stepping: z.boolean(),
  }),
  z.object({ ...base, type: z.literal('input-start'), toolCallId: z.string() }),
  z.object({ ...base, type: z.literal('input-delta'), inputTextDelta: z.string(), views: Views }),
  z.object({ ...base, type: z.literal('input-available'), input: Payload, views: Views }),
  z.object({ ...base, type: z.literal('approval-requested'), input: Payload, views: Views }),
  z.object({ ...base, type: z.literal('approval-resolved'), approved: z.boolean(), reason: z.string().optional() }),
  z.object({
    ...base,
    type: z.literal('suspended'),
    payload: Payload,
    resumeSchema: JsonSchemaObject.optional(),
    resumeLabel: z.union([z.string(), z.array(z.string())]).optional(),
    views: Views,
  }),
  z.object({ ...base, type: z.literal('resumed'), resumeData: Payload, views: Views }),
  z.object({ ...base, type: z.literal('writer-chunk'), chunk: Payload }),
  z.object({
    ...base,
    type: z.literal('log'),
    level: LogLevel,
    message: z.string(),
    data: z.unknown().optional(),
    source: LogSource,
    location: z.string().optional(),
  }),
  z.object({
    ...base,
    type: z.literal('span'),
    spanId: z.string(),
    parentSpanId: z.string().optional(),
    name: z.string(),
    attributes: z.record(z.string(), z.unknown()).optional(),
    startedAt: z.number(),
    durationMs: z.number(),
    status: z.enum(['ok', 'error']),
    error: z.string().optional(),
  }),
  z.object({ ...base, type: z.literal('hook-error'), hook: HookName, message: z.string() }),
  z.object({ ...base, type: z.literal('state-changed'), state: Payload }),
  z.object({ ...base, type: z.literal('elicitation-requested'), request: ElicitationRequest }),
  z.object({
    ...base,
    type: z.literal('elicitation-resolved'),
    result: z.object({ action: ElicitationAction, content: z.record(z.string(), z.unknown()).optional() }),
  }),
  z.object({ ...base, type: z.literal('paused'), next: StepPhase }),
  z.object({
    ...base,
    type: z.literal('http-request'),
    requestId: z.string(),
    method: z.string(),
    url: z.string(),
    headers: HttpHeaders,
    body: HttpBody.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('http-response'),
    requestId: z.string(),
    statusCode: z.number().int(),
    statusText: z.string().optional(),
    headers: HttpHeaders,
    body: HttpBody.optional(),
    durationMs: z.number(),
    answeredBy: AnsweredBy.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('http-error'),
    requestId: z.string(),
    message: z.string(),
    durationMs: z.number(),
    answeredBy: AnsweredBy.optional(),
  }),
  z.object({
    ...base,
    type: z.literal('clock-skipped'),
    ms: z.number().nonnegative(),
    totalMs: z.number().nonnegative(),
    timer: z.enum(['setTimeout', 'setInterval']),
  }),
  z.object({ ...base, type: z.literal('output'), output: Payload, views: Views }),
  z.object({
    ...base,
    type: z.literal('error'),
    message: z.string(),
    validationErrors: z.array(ValidationIssue).optional(),
    /** The thrown error's stack (source-mapped to the tool's TypeScript), when it was an Error. */
    stack: z.string().optional(),
    /** The thrown error's `cause` chain, outermost first. */
    causes: z.array(ErrorCause).optional(),
    views: Views,
  }),
  z.object({ ...base, type: z.literal('aborted'), reason: z.string().optional() }),
  z.object({ ...base, type: z.literal('background-attempt'), attempt: z.number().int(), error: z.string().optional() }),
  z.object({ ...base, type: z.literal('run-finished'), status: RunStatus, durationMs: z.number() }),
])
export type RunEvent = z.infer<typeof RunEvent>
export type RunEventType = RunEvent['type']

// Compile-time check: the runtime's events and the wire events have the same types and, per type, the same
// fields with mutually assignable values (a field added, dropped or retyped on one side fails the build).
// `OnWire` is a runtime event as JSON carries it: a field of type unknown may be missing (undefined is dropped).
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Flat<T> = { [K in keyof T]: T[K] }
type OnWire<T> = T extends readonly (infer E)[]
  ? OnWire<E>[]
  : T extends object
    ? Flat<
        { [K in keyof T as unknown extends T[K] ? never : K]: OnWire<T[K]> } & {
          [K in keyof T as unknown extends T[K] ? K : never]?: T[K]
        }
      >
    : T
type Agree<R, W> = [Same<OnWire<R>, W>, Same<keyof R, keyof W>] extends [true, true] ? true : false
/** The wire adds what only the server writes: `truncated` on any event, and the ends the runtime cannot reach. */
type ServerOnly<W> = W extends { type: 'run-finished' }
  ? Flat<Omit<W, 'truncated' | 'status'> & { status: RuntimeEndStatus }>
  : Flat<Omit<W, 'truncated'>>
type ShapeMismatches = {
  [T in RunEventType]: Agree<
    Extract<RuntimeRunEvent, { type: T }>,
    ServerOnly<Extract<RunEvent, { type: T }>>
  > extends true
    ? never
    : T
}[RunEventType]
const _sameEventTypes: Same<RuntimeRunEvent['type'], RunEventType> = true
/** Lists every event type whose shapes differ: the build fails with "Property '<type>' is missing". */
const _sameEventShapes: { [T in ShapeMismatches]: 'the runtime and the protocol disagree on this event' } = {}
void [_sameEventTypes, _sameEventShapes]
