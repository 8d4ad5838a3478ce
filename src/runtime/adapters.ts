// Runnable tools made from other libraries' tools: a Mastra createTool() tool (run through Mastra's own `execute`) and an
// AI SDK tool() object (validated with the caller's copy of `ai`). The tool host and exported tests use the same functions,
// so a test exported from the playground runs the tool exactly as the playground did.

import { SELF_VALIDATING, type ApprovalCall, type Tool, type ToolExecutionContext } from './types.ts'
import { type StandardJSONSchemaV1 } from './schemaTypes.ts'

const PASS_THROUGH = [
  'inputSchema',
  'outputSchema',
  'suspendSchema',
  'resumeSchema',
  'requestContextSchema',
  'strict',
  'providerOptions',
  'inputExamples',
  'mcp',
  'background',
  'transform',
] as const
const HOOKS = ['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'] as const

type AnyTool = Record<PropertyKey, any>

/**
 * A runnable tool over a Mastra tool (`@mastra/core` 1.x `createTool()`), run through Mastra's own `execute` (its validation
 * and error objects). `mastra` is the Mastra instance the tool was found in, handed to it as `context.mastra` as Mastra does.
 */
export function fromMastraTool(mastraTool: object, options: { mastra?: unknown } = {}): Tool {
  const original = mastraTool as AnyTool
  const adapted: AnyTool = {
    id: original.id,
    description: typeof original.description === 'string' ? original.description : '',
    [SELF_VALIDATING]: true,
  }
  for (const key of PASS_THROUGH)
    if (original[key] !== undefined && original[key] !== null) adapted[key] = original[key]
  for (const hook of HOOKS)
    if (typeof original[hook] === 'function') adapted[hook] = (args: unknown) => original[hook](args)
  if (typeof original.toModelOutput === 'function')
    adapted.toModelOutput = (output: unknown) => original.toModelOutput(output)
  // Mastra's agent: a per-tool predicate gets (args, { args, requestContext, workspace }); one that throws means "ask".
  const predicate =
    typeof original.needsApprovalFn === 'function'
      ? original.needsApprovalFn
      : typeof original.requireApproval === 'function'
        ? original.requireApproval
        : undefined
  adapted.requireApproval = predicate
    ? async (input: unknown, call?: ApprovalCall) => {
        try {
          return !!(await predicate.call(original, input, {
            args: input,
            requestContext: call?.requestContext ?? {},
            workspace: undefined,
          }))
        } catch {
          return true
        }
      }
    : original.requireApproval === true
  if (typeof original.execute === 'function') {
    // Toolscope's RequestContext has Mastra's whole API, so the tool gets the run's own context (its writes persist).
    const instance = options.mastra ?? original.mastra
    adapted.execute = (input: unknown, ctx: ToolExecutionContext) =>
      original.execute(input, { ...ctx, mastra: instance })
  }
  return adapted as unknown as Tool
}

/** The parts of the `ai` module the AI SDK adapter uses. */
export interface AiSdkModule {
  asSchema(schema: any): AiSdkSchema
  InvalidToolInputError: new (options: { toolName: string; toolInput: string; cause: unknown }) => Error
  TypeValidationError?: { wrap(options: { value: unknown; cause: unknown }): Error }
}

/** `asSchema()` result: JSON Schema plus an optional validator. */
export interface AiSdkSchema {
  readonly jsonSchema: unknown
  validate?: (
    value: unknown,
  ) =>
    | { success: true; value: unknown }
    | { success: false; error: unknown }
    | PromiseLike<{ success: true; value: unknown } | { success: false; error: unknown }>
}

/** A Standard JSON Schema over an AI SDK schema, so the catalog and editor get the JSON Schema the model would see. */
function standardOf(schema: AiSdkSchema): StandardJSONSchemaV1 {
  const jsonSchema = () => schema.jsonSchema as Record<string, unknown>
  return {
    '~standard': {
      version: 1,
      vendor: 'ai-sdk',
      validate: async (value: unknown) => {
        const result = schema.validate ? await schema.validate(value) : { success: true as const, value }
        return result.success
          ? { value: result.value }
          : { issues: [{ message: result.error instanceof Error ? result.error.message : String(result.error) }] }
      },
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  }
}

function contextValue(ctx: { requestContext?: { toJSON(): Record<string, unknown> } } | undefined): unknown {
  const values = ctx?.requestContext?.toJSON()
  return values && Object.keys(values).length > 0 ? values : undefined
}

/**
 * A runnable tool over an AI SDK `tool()` (AI SDK 5 or later): `id` is its export name or record key, `ai` the caller's
 * `ai` module and `version` its version (5 and 6 call `toModelOutput` differently). Input is validated as the AI SDK does
 * (InvalidToolInputError), approval comes from `needsApproval`, streamed results are reported as preliminary chunks.
 */
export function fromAiSdkTool(aiTool: object, options: { id: string; ai: AiSdkModule; version: string }): Tool {
  const original = aiTool as AnyTool
  const { id, ai } = options
  const major = Number.parseInt(options.version.split('.')[0], 10)
  const input = ai.asSchema(original.inputSchema)
  const adapted: AnyTool = {
    id,
    description: typeof original.description === 'string' ? original.description : '',
    inputSchema: standardOf(input),
    ...(original.outputSchema ? { outputSchema: standardOf(ai.asSchema(original.outputSchema)) } : {}),
    [SELF_VALIDATING]: true,
  }
  for (const key of [
    'strict',
    'providerOptions',
    'inputExamples',
    'onInputStart',
    'onInputDelta',
    'onInputAvailable',
  ] as const) {
    if (original[key] !== undefined) adapted[key] = original[key]
  }
  const needsApproval = original.needsApproval
  adapted.requireApproval =
    typeof needsApproval === 'function'
      ? (value: unknown, call?: ApprovalCall) =>
          needsApproval(value, {
            toolCallId: call?.toolCallId ?? '',
            messages: call?.messages ?? [],
            experimental_context:
              call?.requestContext && Object.keys(call.requestContext).length ? call.requestContext : undefined,
          })
      : needsApproval === true
  if (typeof original.toModelOutput === 'function') {
    // AI SDK 5 passes the output; 6 and later pass { toolCallId, input, output }.
    adapted.toModelOutput = (output: unknown, call?: { toolCallId: string; input: unknown }) =>
      major === 5
        ? original.toModelOutput(output)
        : original.toModelOutput({ toolCallId: call?.toolCallId ?? '', input: call?.input, output })
  }
  if (typeof original.execute === 'function')
    adapted.execute = (value: unknown, ctx: ToolExecutionContext) => executeAiTool(ai, original, id, input, value, ctx)
  return adapted as unknown as Tool
}

/** Validates as the AI SDK's tool-call parsing does, then runs `execute` with the AI SDK's options. */
async function executeAiTool(
  ai: AiSdkModule,
  original: AnyTool,
  id: string,
  schema: AiSdkSchema,
  value: unknown,
  ctx: ToolExecutionContext,
): Promise<unknown> {
  // As the AI SDK's safeValidateTypes: a failure (or a validator that throws) becomes a TypeValidationError.
  let checked: { success: true; value: unknown } | { success: false; error: unknown }
  try {
    checked = schema.validate ? await schema.validate(value ?? {}) : { success: true, value }
  } catch (error) {
    checked = { success: false, error }
  }
  if (!checked.success) {
    const cause = ai.TypeValidationError
      ? ai.TypeValidationError.wrap({ value: value ?? {}, cause: checked.error })
      : checked.error
    throw new ai.InvalidToolInputError({ toolName: id, toolInput: JSON.stringify(value) ?? '', cause })
  }
  const options = {
    toolCallId: ctx.toolCallId ?? '',
    messages: ctx.agent?.messages ?? [],
    abortSignal: ctx.abortSignal,
    experimental_context: contextValue(ctx as never),
  }
  const result = original.execute(checked.value, options)
  if (result == null || typeof result[Symbol.asyncIterator] !== 'function') return await result
  // An async iterable streams preliminary results; the last one is the output.
  let last: unknown
  for await (const output of result as AsyncIterable<unknown>) {
    last = output
    await ctx.writer?.write({ type: 'preliminary', output })
  }
  return last
}
