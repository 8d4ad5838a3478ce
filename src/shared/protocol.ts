// The one protocol module: zod schemas of every HTTP body, SSE event and catalog payload exchanged between
// the SPA and the server. Both sides import it; the client parses every frame with it.

import { z } from 'zod'
import type { RunControlErrorShape, RunEvent as RuntimeRunEvent } from '../runtime/events.ts'
import { RUN_END_STATUSES, type RunLifecycleStatus } from './runStatus.ts'

type RuntimeControlErrorCode = RunControlErrorShape['code']

/* ------------------------------------------------------------------ shared pieces */

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

/* ------------------------------------------------------------------ run events */

/** Set on an event whose payloads were cut to the size limit: the original size and the fields cut (dotted paths). */
export const Truncation = z.object({ originalBytes: z.number().nonnegative(), fields: z.array(z.string()).optional() })
export type Truncation = z.infer<typeof Truncation>

/** Headers of an HTTP exchange (secret ones redacted by the host). */
export const HttpHeaders = z.record(z.string(), z.string())
/** A request or response body: text, or base64 for binary; `bytes` is its full size, `truncated` when cut. */
export const HttpBody = z.object({ text: z.string().optional(), base64: z.string().optional(), bytes: z.number().int().nonnegative(), truncated: z.boolean().optional() })
export type HttpBody = z.infer<typeof HttpBody>
/** Who answered a request when no real traffic did: the cassette's exchange or the mock rule at `index` (from 0). */
export const AnsweredBy = z.object({ source: z.enum(['cassette', 'mock']), index: z.number().int().nonnegative() })

const base = { seq: z.number().int().nonnegative(), at: z.number(), truncated: Truncation.optional() }
const HookName = z.enum(['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'])
export const StepPhase = z.enum(['input-streaming', 'input-available', 'approval', 'execute', 'output-mapping'])
/** How a run ended (`interrupted` / `expired` are written by the server when the run did not end by itself). */
export const RunStatus = z.enum(RUN_END_STATUSES)
export type RunStatus = z.infer<typeof RunStatus>
const ElicitationRequest = z.object({ message: z.string(), requestedSchema: JsonSchemaObject })
const ElicitationAction = z.enum(['accept', 'decline', 'cancel'])

export const RunEvent = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('run-started'), toolId: z.string(), toolCallId: z.string(), caller: Caller, background: z.boolean(), stepping: z.boolean() }),
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
  z.object({ ...base, type: z.literal('log'), level: LogLevel, message: z.string(), data: z.unknown().optional(), source: LogSource, location: z.string().optional() }),
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
  z.object({ ...base, type: z.literal('elicitation-resolved'), result: z.object({ action: ElicitationAction, content: z.record(z.string(), z.unknown()).optional() }) }),
  z.object({ ...base, type: z.literal('paused'), next: StepPhase }),
  z.object({ ...base, type: z.literal('http-request'), requestId: z.string(), method: z.string(), url: z.string(), headers: HttpHeaders, body: HttpBody.optional() }),
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
  z.object({ ...base, type: z.literal('http-error'), requestId: z.string(), message: z.string(), durationMs: z.number(), answeredBy: AnsweredBy.optional() }),
  z.object({ ...base, type: z.literal('clock-skipped'), ms: z.number().nonnegative(), totalMs: z.number().nonnegative(), timer: z.enum(['setTimeout', 'setInterval']) }),
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
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Flat<T> = { [K in keyof T]: T[K] }
type OnWire<T> = T extends readonly (infer E)[]
  ? OnWire<E>[]
  : T extends object
    ? Flat<{ [K in keyof T as unknown extends T[K] ? never : K]: OnWire<T[K]> } & { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] }>
    : T
type Agree<R, W> = [Same<OnWire<R>, W>, Same<keyof R, keyof W>] extends [true, true] ? true : false
/** The wire adds what only the server writes: `truncated` on any event, and the ends the runtime cannot reach. */
type ServerOnly<W> = W extends { type: 'run-finished' } ? Flat<Omit<W, 'truncated' | 'status'> & { status: Exclude<RunStatus, 'interrupted' | 'expired'> }> : Flat<Omit<W, 'truncated'>>
type ShapeMismatches = { [T in RunEventType]: Agree<Extract<RuntimeRunEvent, { type: T }>, ServerOnly<Extract<RunEvent, { type: T }>>> extends true ? never : T }[RunEventType]
const _sameEventTypes: Same<RuntimeRunEvent['type'], RunEventType> = true
/** Lists every event type whose shapes differ: the build fails with "Property '<type>' is missing". */
const _sameEventShapes: { [T in ShapeMismatches]: 'the runtime and the protocol disagree on this event' } = {}
void [_sameEventTypes, _sameEventShapes]

/* ------------------------------------------------------------------ tools catalog */

export const ToolKind = z.enum(['toolscope', 'mastra', 'ai-sdk'])

export const ToolFlags = z.object({
  requiresApproval: z.union([z.boolean(), z.literal('dynamic')]),
  canSuspend: z.boolean(),
  background: z.boolean(),
  strict: z.boolean(),
  hasTransform: z.boolean(),
  hasModelOutput: z.boolean(),
  hooks: z.array(HookName),
  readOnly: z.boolean().optional(),
  destructive: z.boolean().optional(),
  idempotent: z.boolean().optional(),
  openWorld: z.boolean().optional(),
})
export type ToolFlags = z.infer<typeof ToolFlags>

/**
 * One step from a module export to a tool: an entry of an exported record or array (`key`), a Mastra agent's tools
 * (`agent-tools`: `(await agent.listTools())[key]`), a Mastra instance's agents (`instance-agent`: `listAgents()[key]`)
 * or tools (`instance-tools`: `listTools()[key]`).
 */
export const AccessStep = z.object({ via: z.enum(['key', 'agent-tools', 'instance-agent', 'instance-tools']), key: z.union([z.string(), z.number()]) })
export type AccessStep = z.infer<typeof AccessStep>

/** How the tool host reached a tool from its module: the export, then the steps (exported tests reach it the same way). */
export const ToolAccess = z.object({ exportName: z.string(), steps: z.array(AccessStep) })
export type ToolAccess = z.infer<typeof ToolAccess>

export const ToolSummary = z.object({
  id: z.string(),
  title: z.string().optional(),
  description: z.string(),
  kind: ToolKind,
  /** Group label in the tool list (a Mastra agent's name, for instance). */
  group: z.string().optional(),
  file: z.string(),
  exportName: z.string().optional(),
  flags: ToolFlags,
  /** The model providers that refuse the tool's definition (`toolscope lint` errors), by label; absent when none. */
  refusedBy: z.array(z.string()).optional(),
})
export type ToolSummary = z.infer<typeof ToolSummary>

export const ToolDetail = ToolSummary.extend({
  libraryVersion: z.string().optional(),
  access: ToolAccess.optional(),
  schemas: z.object({
    input: JsonSchemaObject.optional(),
    output: JsonSchemaObject.optional(),
    suspend: JsonSchemaObject.optional(),
    resume: JsonSchemaObject.optional(),
    requestContext: JsonSchemaObject.optional(),
  }),
  mcp: z.object({ annotations: z.record(z.string(), z.unknown()).optional(), _meta: z.record(z.string(), z.unknown()).optional() }).optional(),
  providerOptions: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  inputExamples: z.array(z.object({ input: z.record(z.string(), z.unknown()) })).optional(),
  background: z.record(z.string(), z.unknown()).optional(),
  previews: z.object({ mcp: z.unknown(), openai: z.unknown(), anthropic: z.unknown() }),
  /** Set when the input schema is not an object schema, which MCP requires: `normalised` (type added) or `wrapped` (as `{ input }`). */
  mcpInput: z.enum(['normalised', 'wrapped']).optional(),
})
export type ToolDetail = z.infer<typeof ToolDetail>

export const CatalogError = z.object({ file: z.string(), message: z.string() })
export type CatalogError = z.infer<typeof CatalogError>

export const Catalog = z.object({
  version: z.number().int(),
  tools: z.array(ToolSummary),
  errors: z.array(CatalogError),
  /** The server's per-run time budget (`--timeout`), shown beside a live run's elapsed time. */
  timeoutMs: z.number().positive().optional(),
})
export type Catalog = z.infer<typeof Catalog>

/** Pushed on `GET /api/catalog/events` whenever the tool host reloads. */
export const CatalogEvent = z.object({
  type: z.literal('catalog-changed'),
  version: z.number().int(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
  changed: z.array(z.string()),
  errors: z.array(CatalogError),
})
export type CatalogEvent = z.infer<typeof CatalogEvent>

/* ------------------------------------------------------------------ network modes */

/**
 * What happens to a run's outbound HTTP: `live` real traffic, shown; `record` real traffic, saved as a cassette;
 * `replay` answered from a cassette, no real traffic; `mock` answered by hand-written rules.
 */
export const NetworkMode = z.enum(['live', 'record', 'replay', 'mock'])
export type NetworkMode = z.infer<typeof NetworkMode>

/** Scenario names become file names: letters, digits, dot, dash and underscore, nothing that can climb out of a folder. */
export const SCENARIO_NAME = /^(?!\.)(?!.*\.\.)[A-Za-z0-9._-]{1,100}$/
/** Cassette names become file names too (`toolscope/cassettes/<tool-id>/<name>.json`): the same rule. */
export const CASSETTE_NAME = SCENARIO_NAME

/** Chunk sizes a cassette keeps for one streamed body; later chunks are counted into the last one. */
export const MAX_RECORDED_CHUNKS = 100_000

/**
 * Why a recorded response body is not whole (`body` holds the bytes kept): `limit` it was larger than the recording's
 * byte limit (`limitBytes`; `originalBytes` when the tool read it all), `unread` the tool stopped reading it (or the
 * run ended) before it ended, `error` the network failed in the middle of it (`error`). A replay answers a `limit` cut
 * with an error; the other two give the bytes kept, then fail as recorded (`error`) or clearly (`unread`) if read on.
 */
export const BodyCut = z
  .object({
    reason: z.enum(['limit', 'unread', 'error']),
    limitBytes: z.number().int().nonnegative().optional(),
    originalBytes: z.number().int().nonnegative().optional(),
    error: z.string().optional(),
  })
  .strict()
export type BodyCut = z.infer<typeof BodyCut>

/** One recorded exchange: the request as sent (secrets redacted) and its response, or the network error it met. */
export const CassetteExchange = z
  .object({
    request: z.object({ method: z.string().min(1), url: z.string().min(1), headers: HttpHeaders.default({}), body: HttpBody.optional() }).strict(),
    response: z
      .object({
        status: z.number().int().min(100).max(599),
        statusText: z.string().optional(),
        headers: HttpHeaders.default({}),
        body: HttpBody.optional(),
        /** The URL that answered when `fetch` followed redirects (redacted): a replay answers `redirected: true` with it. */
        url: z.string().min(1).optional(),
        /** A streamed body's chunk sizes in bytes, in the order received: a replay delivers the same chunks. */
        chunks: z.array(z.number().int().positive()).max(MAX_RECORDED_CHUNKS).optional(),
        bodyCut: BodyCut.optional(),
      })
      .strict()
      .optional(),
    error: z.string().optional(),
    durationMs: z.number().nonnegative().optional(),
  })
  .strict()
  .refine((e) => (e.response === undefined) !== (e.error === undefined), { message: 'an exchange has either a `response` or an `error`' })
export type CassetteExchange = z.infer<typeof CassetteExchange>

/** A cassette: the exchanges of a recorded run, in the order they were made. */
export const Cassette = z
  .object({
    $schema: z.string().optional(),
    version: z.literal(1),
    /** What the cassette holds, for people (how it was made, what it shows). */
    description: z.string().optional(),
    toolId: z.string().optional(),
    recordedAt: z.string().optional(),
    exchanges: z.array(CassetteExchange).max(10_000),
  })
  .strict()
export type Cassette = z.infer<typeof Cassette>

/** Longest mock URL pattern, in characters, and most `*` in one (matching is linear in the URL either way). */
export const MOCK_URL_MAX_CHARS = 2_000
export const MOCK_URL_MAX_STARS = 100

/**
 * A hand-written answer: requests whose method (any when absent), URL (`*` matches any run of characters; exact
 * otherwise) and body (when given: a JSON value the request's JSON body must contain, or the exact text) match get
 * `response` or fail with `error`. `times` answers only the first N matching requests (a 429, then the next rule).
 */
export const MockRule = z
  .object({
    method: z.string().min(1).optional(),
    url: z
      .string()
      .min(1)
      .max(MOCK_URL_MAX_CHARS, `a URL pattern is at most ${MOCK_URL_MAX_CHARS} characters`)
      .refine((url) => url.split('*').length - 1 <= MOCK_URL_MAX_STARS, { message: `a URL pattern has at most ${MOCK_URL_MAX_STARS} "*"` }),
    body: z.unknown().optional(),
    response: z
      .object({
        status: z.number().int().min(100).max(599).default(200),
        headers: HttpHeaders.optional(),
        json: z.unknown().optional(),
        text: z.string().optional(),
      })
      .strict()
      .optional(),
    error: z.string().optional(),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((r) => (r.response === undefined) !== (r.error === undefined), { message: 'a rule has either a `response` or an `error`' })
export type MockRule = z.infer<typeof MockRule>

/** Mock rules, tried in order; `unmatched` says what a request no rule matches gets: an error (default) or real traffic. */
export const Mocks = z
  .object({ $schema: z.string().optional(), rules: z.array(MockRule).max(1_000), unmatched: z.enum(['fail', 'passthrough']).default('fail') })
  .strict()
export type Mocks = z.infer<typeof Mocks>

/* ------------------------------------------------------------------ run commands */

/** The fields that describe one call of a tool: shared by run requests and scenario files. */
const CallFields = {
  toolId: z.string().min(1),
  input: z.unknown().optional(),
  inputText: z.string().optional(),
  requestContext: z.record(z.string(), z.unknown()).optional(),
  caller: Caller.optional(),
  messages: z.array(Message).optional(),
  workflowState: z.unknown().optional(),
  stream: z.object({ chunkSize: z.number().int().min(1).max(100_000).optional() }).strict().optional(),
  /** The run's network mode (default `live`). */
  network: NetworkMode.optional(),
  /** For `replay`: a cassette's name (a file of the tool's cassette folder) or the cassette itself; for `record`: the name to save it under. */
  cassette: z.union([z.string().regex(CASSETTE_NAME, 'a cassette name is 1–100 letters, digits, ".", "-" or "_"'), Cassette]).optional(),
  /** For `mock`: the rules that answer the run's requests. */
  mocks: Mocks.optional(),
  /** `fake`: the tool's timers fire at once and its clock jumps ahead (waits, polls and retries take no time). Default `real`. */
  clock: z.enum(['real', 'fake']).optional(),
}

export const StartRunBody = z.object({ ...CallFields, stepping: z.boolean().optional() }).strict()
export type StartRunBody = z.infer<typeof StartRunBody>

export const StartRunResponse = z.object({ runId: z.string() })

/** `POST /api/runs/:id/cassette`: saves a recorded run's cassette as `toolscope/cassettes/<tool-id>/<name>.json`. */
export const SaveCassetteBody = z.object({ name: z.string().regex(CASSETTE_NAME, 'a cassette name is 1–100 letters, digits, ".", "-" or "_"') }).strict()
export type SaveCassetteBody = z.infer<typeof SaveCassetteBody>
/** Its answer: the file written and how many exchanges it holds. */
export const SaveCassetteResponse = z.object({ file: z.string(), exchanges: z.number().int() })
export type SaveCassetteResponse = z.infer<typeof SaveCassetteResponse>

/* ------------------------------------------------------------------ providers and lint */

/** One finding of a provider check or a lint rule: its rule, severity, what is wrong and how to fix it, where. */
export const LintFinding = z.object({ ruleId: z.string(), severity: z.enum(['error', 'warning']), message: z.string(), path: z.string().optional(), fixable: z.boolean().optional() })
export type LintFinding = z.infer<typeof LintFinding>

/** A token count, the tokenizer it comes from (`o200k_base`), and whether it is only an estimate. */
export const TokenCount = z.object({ provider: z.string(), count: z.number().int(), estimate: z.boolean(), encoding: z.string() })
export type TokenCount = z.infer<typeof TokenCount>

/**
 * `GET /api/tools/:id/providers`: what each model provider gets (the definition as sent, after the changes that make
 * it acceptable) and what it finds, the lint findings, and token counts: the definition's per provider and the whole
 * catalog's (`catalogTools` tools), each an estimate when marked. `tokens` is the count the budget rule uses.
 */
export const ProviderReport = z.object({
  toolId: z.string(),
  tokens: TokenCount,
  catalogTools: z.number().int(),
  lint: z.array(LintFinding),
  providers: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      docs: z.string().optional(),
      verdict: z.enum(['accepted', 'warnings', 'refused']),
      definition: z.unknown(),
      findings: z.array(LintFinding),
      changes: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
      tokens: TokenCount,
      catalogTokens: TokenCount,
    }),
  ),
})
export type ProviderReport = z.infer<typeof ProviderReport>

/** The token counts of one payload view per provider (`openai`, `anthropic`, `gemini`); `estimate` when approximate. */
export const ViewTokens = z.record(z.string(), z.object({ count: z.number().int(), estimate: z.boolean() }))
export type ViewTokens = z.infer<typeof ViewTokens>
/**
 * `GET /api/runs/:id/tokens`: what each view of each phase costs in tokens with each provider's tokenizer (how each
 * count is made in `counters`), and per phase the lint findings on its model view (`model-view-tokens`).
 */
export const RunTokens = z.object({
  runId: z.string(),
  counters: z.array(TokenCount.omit({ count: true }).extend({ label: z.string() })),
  phases: z.record(z.string(), z.object({ raw: ViewTokens, display: ViewTokens, transcript: ViewTokens, model: ViewTokens.optional(), findings: z.array(LintFinding) })),
})
export type RunTokens = z.infer<typeof RunTokens>

/** `GET /api/tools/:id/cassettes`: the cassette folder and the names of the tool's cassettes. */
export const CassetteList = z.object({ root: z.string(), names: z.array(z.string()) })
export type CassetteList = z.infer<typeof CassetteList>

/** Longest reason a person gives when declining or aborting a run: a sentence or a paragraph, not a document. */
export const MAX_REASON_CHARS = 2_000
const CappedReason = z.string().max(MAX_REASON_CHARS, `a reason is at most ${MAX_REASON_CHARS} characters`).optional()

export const ApprovalBody = z.object({ approved: z.boolean(), reason: CappedReason }).strict()
export const ResumeBody = z.object({ resumeData: z.unknown() }).strict()
export const RespondBody = z.object({ action: ElicitationAction, content: z.record(z.string(), z.unknown()).optional() }).strict()
export const AbortBody = z.object({ reason: CappedReason }).strict()
export const EmptyBody = z.object({}).strict()

// Unbounded in scenario decisions (the 1 MiB body cap bounds it) so scenario files written before RunControl still
// parse; RunControl, what the API takes, caps it (CappedReason).
const Reason = z.string().optional()
const ApproveControl = z.object({ type: z.literal('approve') }).strict()
const DeclineControl = z.object({ type: z.literal('decline'), reason: Reason }).strict()
const ResumeControl = z.object({ type: z.literal('resume'), resumeData: z.unknown() }).strict()
const RespondControl = z.object({ type: z.literal('respond'), action: ElicitationAction, content: z.record(z.string(), z.unknown()).optional() }).strict()
const ContinueControl = z.object({ type: z.literal('continue') }).strict()
const AbortControl = z.object({ type: z.literal('abort'), reason: Reason }).strict()

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

/** A refused run control, as the tool host and the registry report it. */
export interface ControlFailure {
  code: ErrorCode
  message: string
  /** The run's state when the control was refused. */
  state?: string
  validationErrors?: Array<{ path: Array<string | number>; message: string }>
}

// Compile-time check: every code the runtime's RunControlError can carry is one of the protocol's codes.
const _runtimeCodes: RuntimeControlErrorCode extends ErrorCode ? true : false = true
void _runtimeCodes

/** Live state of a run on the server, as listed in history. */
export const RunRecordStatus = z.enum(['queued', 'running', 'awaiting-approval', 'suspended', 'awaiting-elicitation', 'paused', ...RUN_END_STATUSES])
export type RunRecordStatus = z.infer<typeof RunRecordStatus>
const _sameStatuses: Same<RunRecordStatus, RunLifecycleStatus> = true
void _sameStatuses

export const RunRecord = z.object({
  runId: z.string(),
  toolId: z.string(),
  status: RunRecordStatus,
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  request: StartRunBody,
  events: z.array(RunEvent),
})
export type RunRecord = z.infer<typeof RunRecord>

/** Where an imported run came from: its id on the server that exported it, and when the file was written. */
export const ImportedFrom = z.object({ runId: z.string(), exportedAt: z.string() })
export type ImportedFrom = z.infer<typeof ImportedFrom>

/** The point a rerun started from: the earlier run and the `seq` of its prompt that the rerun answered differently. */
export const RerunOf = z.object({ runId: z.string().min(1), atEvent: z.number().int().nonnegative() })
export type RerunOf = z.infer<typeof RerunOf>

/** How a run came to be, when not started from the playground: imported from a file, or rerun from a point of another. */
export const RunOrigin = z.object({ imported: z.literal(true).optional(), importedFrom: ImportedFrom.optional(), rerunOf: RerunOf.optional() })
export type RunOrigin = z.infer<typeof RunOrigin>

/** One line of the history list: never the event log. `inputSummary` is the input as short, truncated JSON. */
export const RunSummary = z.object({
  ...RunOrigin.shape,
  runId: z.string(),
  toolId: z.string(),
  status: RunRecordStatus,
  caller: Caller,
  inputSummary: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  eventCount: z.number().int().nonnegative(),
})
export type RunSummary = z.infer<typeof RunSummary>

/** `GET /api/runs?tool=&status=&cursor=&limit=`: newest first; `nextCursor` fetches the next (older) page. */
/**
 * Why run history is not being saved right now (the disk is full, an I/O error, the folder became read-only): carried
 * by `RunPage.storage`, absent while history is saved. Runs in flight when it happened ended with this message.
 */
export const StorageStatus = z.object({
  code: z.enum(['disk-full', 'io-error', 'read-only']),
  message: z.string(),
  /** When saving first failed (ISO time). */
  since: z.string(),
})
export type StorageStatus = z.infer<typeof StorageStatus>

export const RunPage = z.object({ runs: z.array(RunSummary), nextCursor: z.string().optional(), storage: StorageStatus.optional() })
export type RunPage = z.infer<typeof RunPage>

/**
 * `GET /api/runs/:id`: the summary plus the (redacted) request; the events come from `/api/runs/:id/events`. A queued
 * run also says how many starts are queued ahead of it.
 */
export const RunDetail = RunSummary.extend({ request: StartRunBody, queuePosition: z.number().int().nonnegative().optional() })
export type RunDetail = z.infer<typeof RunDetail>

/** `GET /api/capacity`: how many runs execute, wait for a person or are queued, against the server's bounds. */
export const Capacity = z.object({
  /** Runs holding an execution slot (each on a worker of its own). */
  executing: z.number().int().nonnegative(),
  /** Runs waiting for a person (approval, resume data, an answer, a step): they hold no slot. */
  waiting: z.number().int().nonnegative(),
  /** Runs waiting for a slot, in order. */
  queued: z.number().int().nonnegative(),
  /** Execution slots (derived from memory unless set). */
  slots: z.number().int().positive(),
  /** Runs in flight (queued, running or waiting), and the most allowed before a start answers 429. */
  live: z.number().int().nonnegative(),
  maxLiveRuns: z.number().int().positive(),
})
export type Capacity = z.infer<typeof Capacity>

/** The `format` of a run export file. */
export const RUN_EXPORT_FORMAT = 'toolscope-run'

/**
 * `GET /api/runs/:id/export`, the body of `POST /api/runs/import`: one finished run as a file (its record with the
 * request as stored, secrets already redacted, its events and, when it recorded one, its cassette). Versioned: a file
 * of a newer version is refused by name rather than misread.
 */
export const RunExport = z
  .object({
    format: z.literal(RUN_EXPORT_FORMAT),
    version: z.literal(1),
    exportedAt: z.string(),
    run: RunRecord.extend({ status: RunStatus, events: z.array(RunEvent).min(1) })
      .strict()
      .refine((r) => r.events.at(-1)?.type === 'run-finished', { message: 'the events of a finished run end with `run-finished`', path: ['events'] }),
    cassette: Cassette.optional(),
  })
  .strict()
export type RunExport = z.infer<typeof RunExport>

/**
 * `POST /api/runs/:id/rerun`: a new run of a finished run's request (context as stored), its earlier prompts answered
 * as they were up to the prompt event `atEvent` (a seq), which gets `control` instead. Answers with StartRunResponse.
 */
export const RerunBody = z.object({ atEvent: z.number().int().nonnegative(), control: RunControl }).strict()
export type RerunBody = z.infer<typeof RerunBody>

/** `POST /api/runs/import` answers with the new id the imported run got. */
export const ImportRunResponse = z.object({ runId: z.string() })
export type ImportRunResponse = z.infer<typeof ImportRunResponse>

/* ------------------------------------------------------------------ scenarios (test bench) */

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
    name: z.string().regex(SCENARIO_NAME, 'use 1–100 letters, digits, ".", "-" or "_", not starting with "." and without ".."'),
    description: z.string().optional(),
    ...CallFields,
    decisions: z.array(Decision).default([]),
    expect: Expectation,
  })
  .strict()
  .refine((s) => s.input !== undefined || s.inputText !== undefined, { message: 'a scenario needs `input` or `inputText`', path: ['input'] })
export type Scenario = z.infer<typeof Scenario>

/** A stored scenario as listed: `unfit` holds the reasons it no longer fits the tool's current schemas. */
export const ScenarioEntry = z.object({ file: z.string(), scenario: Scenario, unfit: z.array(z.string()) })
export type ScenarioEntry = z.infer<typeof ScenarioEntry>

/** `GET /api/scenarios?toolId=`: scenarios plus the files that failed to load (path and problem). */
export const ScenarioList = z.object({ root: z.string(), scenarios: z.array(ScenarioEntry), errors: z.array(CatalogError) })
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
export const ReplayAllResponse = z.object({ results: z.array(ReplayReport), passed: z.number().int(), failed: z.number().int() })
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
  matchers: z.array(z.object({ path: ValuePath, kind: z.enum(['string', 'date', 'number']), why: z.enum(['differs', 'looks-generated']) })),
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
  .refine((b) => (b.runId === undefined) !== (b.scenario === undefined), { message: 'give either `runId` or `scenario`' })
  .refine((b) => b.expect === undefined || b.runId !== undefined, { message: '`expect` goes with `runId` (a scenario has its own)', path: ['expect'] })
export type ExportBody = z.infer<typeof ExportBody>
export const ExportResponse = z.object({ filename: z.string(), code: z.string() })
export type ExportResponse = z.infer<typeof ExportResponse>

/** Body of every 4xx/5xx answer. */
export const ApiError = z.object({ error: z.string(), code: ErrorCode.optional(), issues: z.array(ValidationIssue).optional(), state: z.string().optional() })
export type ApiError = z.infer<typeof ApiError>

/* ------------------------------------------------------------------ static demos (toolscope build) */

/** A recorded run in a static demo: its summary and where it came from (`scenario "taipei"`, `history`). */
export const DemoRunEntry = RunSummary.extend({ source: z.string(), file: z.string() })
export type DemoRunEntry = z.infer<typeof DemoRunEntry>

/**
 * `demo/manifest.json` of a site written by `toolscope build`: the catalog, the recorded runs, and the files holding
 * each tool's detail and provider report (paths relative to the manifest).
 */
export const DemoManifest = z.object({
  format: z.literal('toolscope-demo'),
  version: z.literal(1),
  builtAt: z.string(),
  catalog: Catalog,
  tools: z.record(z.string(), z.object({ detail: z.string(), providers: z.string().optional() })),
  runs: z.array(DemoRunEntry),
})
export type DemoManifest = z.infer<typeof DemoManifest>

/** One recorded run of a demo (`demo/runs/<n>.json`): its detail and every event, as the playground recorded them. */
export const DemoRun = z.object({ detail: RunDetail, events: z.array(RunEvent) })
export type DemoRun = z.infer<typeof DemoRun>
