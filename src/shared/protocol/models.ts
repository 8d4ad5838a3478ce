// A model in the loop: which model a conversation talks to, the body that starts a "try it with a model"
// conversation, the events it streams (the model's text, each tool call and the run it started, each step's tokens),
// and the eval jobs the Evals tab runs and polls. Keys never appear here: the server reads them from its environment
// and tells the browser only whether one is set.

import { z } from 'zod'
import { CASSETTE_NAME, Mocks, NetworkMode } from './network.ts'

/** The AI SDK providers Toolscope talks to. `openai-compatible` is any `/v1/chat/completions` server with a base URL. */
export const MODEL_PROVIDERS = ['openai', 'anthropic', 'google', 'openai-compatible'] as const
export const ModelProvider = z.enum(MODEL_PROVIDERS)
export type ModelProvider = z.infer<typeof ModelProvider>

/** One model: its provider, its id at that provider, and a base URL (required for `openai-compatible`). */
export const ModelTarget = z
  .object({
    provider: ModelProvider,
    model: z.string().min(1).max(200),
    baseURL: z.string().url().max(2_000).optional(),
  })
  .strict()
  .refine((t) => t.provider !== 'openai-compatible' || t.baseURL !== undefined, {
    message: 'an openai-compatible model needs a base URL',
    path: ['baseURL'],
  })
export type ModelTarget = z.infer<typeof ModelTarget>

/** `provider:model`, how a model is named in tables and on the command line. */
export const modelLabel = (t: Pick<ModelTarget, 'provider' | 'model'>): string => `${t.provider}:${t.model}`

/** Which tools a conversation offers: the whole catalog, or these tool ids. */
export const ToolOffer = z.union([z.literal('all'), z.array(z.string().min(1)).min(1).max(128)])
export type ToolOffer = z.infer<typeof ToolOffer>

/** Longest prompt or message a conversation takes. */
export const MAX_PROMPT_CHARS = 100_000
/** Most steps (model calls) a conversation may take. */
export const MAX_MODEL_STEPS = 20

/** A turn of the conversation before the prompt (an eval's short conversation). */
export const ConversationTurn = z
  .object({ role: z.enum(['user', 'assistant']), content: z.string().max(MAX_PROMPT_CHARS) })
  .strict()
export type ConversationTurn = z.infer<typeof ConversationTurn>

/** How the tools of a conversation run: their network mode (with mocks) and clock, as for any run. */
export const ToolRunSettings = {
  network: NetworkMode.optional(),
  /** For `replay`: the cassette's name in each tool's cassette folder. */
  cassette: z.string().regex(CASSETTE_NAME).optional(),
  mocks: Mocks.optional(),
  clock: z.enum(['real', 'fake']).optional(),
}

/** `POST /api/try`: talk to a model with these tools offered, each call a real run. */
export const TryBody = z
  .object({
    model: ModelTarget,
    prompt: z.string().min(1).max(MAX_PROMPT_CHARS),
    system: z.string().max(MAX_PROMPT_CHARS).optional(),
    messages: z.array(ConversationTurn).max(50).optional(),
    tools: ToolOffer,
    /** Model calls before the conversation stops (default 5). */
    maxSteps: z.number().int().min(1).max(MAX_MODEL_STEPS).optional(),
    ...ToolRunSettings,
  })
  .strict()
export type TryBody = z.infer<typeof TryBody>

/** `POST /api/try` answers 202 with the conversation's id. */
export const TryStarted = z.object({ tryId: z.string() })
export type TryStarted = z.infer<typeof TryStarted>

/** Tokens of one step or a whole conversation; `cost` (USD) only where the provider reports it. */
export const ModelUsage = z.object({
  inputTokens: z.number().int().optional(),
  outputTokens: z.number().int().optional(),
  totalTokens: z.number().int().optional(),
  cost: z.number().optional(),
})
export type ModelUsage = z.infer<typeof ModelUsage>

/**
 * One tool call the model made: the arguments exactly as it sent them (`argsText`), parsed when they are JSON, the run
 * that carried it out and how that run ended. `error` says why a call had no run or its run failed.
 */
export const ModelToolCall = z.object({
  step: z.number().int(),
  toolCallId: z.string(),
  toolId: z.string(),
  argsText: z.string(),
  args: z.unknown().optional(),
  runId: z.string().optional(),
  /** The run's end status (src/runtime/status.ts). */
  status: z.string().optional(),
  error: z.string().optional(),
})
export type ModelToolCall = z.infer<typeof ModelToolCall>

/**
 * Where a conversation is: `talking` until the model answers without a tool call (`done`), the step limit is reached
 * (`step-limit`), it fails (`failed`, with the reason: a provider error, a refusal) or it is cancelled.
 */
export const TryPhase = z.enum(['talking', 'done', 'step-limit', 'failed', 'cancelled'])
export type TryPhase = z.infer<typeof TryPhase>

const seq = { seq: z.number().int() }
/** What a conversation streams, in order, each with its place (`seq`). */
export const TryEvent = z.discriminatedUnion('type', [
  z.object({ ...seq, type: z.literal('step-start'), step: z.number().int() }),
  z.object({ ...seq, type: z.literal('text-delta'), step: z.number().int(), text: z.string() }),
  /** The model began a tool call: its run starts as its arguments stream in (`runId` once it has one). */
  z.object({ ...seq, type: z.literal('tool-call'), call: ModelToolCall }),
  /** The call's run ended: its status and the model view that goes back to the model. */
  z.object({ ...seq, type: z.literal('tool-result'), call: ModelToolCall, modelView: z.unknown() }),
  z.object({
    ...seq,
    type: z.literal('step-finish'),
    step: z.number().int(),
    finishReason: z.string(),
    usage: ModelUsage,
  }),
  z.object({
    ...seq,
    type: z.literal('finished'),
    phase: TryPhase,
    text: z.string(),
    usage: ModelUsage,
    steps: z.number().int(),
    error: z.string().optional(),
  }),
])
export type TryEvent = z.infer<typeof TryEvent>

/** `GET /api/try/:id`: the conversation so far. */
export const TrySession = z.object({
  id: z.string(),
  model: z.object({ provider: ModelProvider, model: z.string(), baseURL: z.string().optional() }),
  phase: TryPhase,
  events: z.array(TryEvent),
})
export type TrySession = z.infer<typeof TrySession>

/** One provider as `GET /api/models` lists it: whether its key is set (never the key), and the variable it is read from. */
export const ModelProviderInfo = z.object({
  id: ModelProvider,
  label: z.string(),
  keyVariables: z.array(z.string()),
  hasKey: z.boolean(),
  /** The base URL used when none is given (openai-compatible has none). */
  defaultBaseURL: z.string().optional(),
})
export const ModelsInfo = z.object({
  providers: z.array(ModelProviderInfo),
  /** The model `--provider/--model/--base-url` chose at start: the form's default. */
  defaultModel: z.object({ provider: ModelProvider, model: z.string(), baseURL: z.string().optional() }).optional(),
})
export type ModelsInfo = z.infer<typeof ModelsInfo>

// ---- Evals ----

/** One trial of an eval case: whether it passed, what failed, the calls the model made and its answer. */
export const EvalTrial = z.object({
  passed: z.boolean(),
  failures: z.array(z.string()),
  calls: z.array(ModelToolCall),
  answer: z.string(),
  usage: ModelUsage,
  error: z.string().optional(),
})
export type EvalTrial = z.infer<typeof EvalTrial>

/** One case against one model (and description variant): k trials, the pass rate, pass^k, and whether it met its threshold. */
export const EvalCaseResult = z.object({
  name: z.string(),
  file: z.string(),
  model: z.string(),
  variant: z.string().optional(),
  k: z.number().int(),
  passes: z.number().int(),
  passRate: z.number(),
  /** The chance that k trials in a row pass, estimated from the trials run (τ-bench's pass^k). */
  passK: z.number(),
  threshold: z.number(),
  ok: z.boolean(),
  usage: ModelUsage,
  trials: z.array(EvalTrial),
})
export type EvalCaseResult = z.infer<typeof EvalCaseResult>

/** An eval file as `GET /api/evals` lists it, or the reason it could not be read. */
export const EvalEntry = z.object({
  name: z.string(),
  file: z.string(),
  tools: z.array(z.string()),
  k: z.number().int(),
  prompt: z.string(),
  variants: z.array(z.string()),
})
export const EvalList = z.object({
  dir: z.string(),
  evals: z.array(EvalEntry),
  errors: z.array(z.object({ file: z.string(), message: z.string() })),
})
export type EvalList = z.infer<typeof EvalList>

/** `POST /api/evals/run`: which cases (default all), against which models, k overriding each case's. */
export const EvalRunBody = z
  .object({
    names: z.array(z.string()).optional(),
    models: z.array(ModelTarget).min(1).max(8),
    k: z.number().int().min(1).max(50).optional(),
    /** Also run each case's description variants, to compare their pass rates. */
    variants: z.boolean().optional(),
    /** Also run each case with the tools as this git commit described them (`HEAD`: the last commit). */
    against: z
      .string()
      .regex(/^[\w./~^@{}-]{1,100}$/, 'a git ref is 1–100 letters, digits and . / ~ ^ @ { } - _')
      .optional(),
  })
  .strict()
export type EvalRunBody = z.infer<typeof EvalRunBody>

/** Where an eval job is; a job's phase, not a run status. */
export const EvalPhase = z.enum(['evaluating', 'done', 'failed', 'cancelled'])
export type EvalPhase = z.infer<typeof EvalPhase>

/** `GET /api/evals/jobs/:id`: trials run so far of the total, and each finished case × model. */
export const EvalJob = z.object({
  id: z.string(),
  phase: EvalPhase,
  done: z.number().int(),
  total: z.number().int(),
  results: z.array(EvalCaseResult),
  error: z.string().optional(),
})
export type EvalJob = z.infer<typeof EvalJob>
