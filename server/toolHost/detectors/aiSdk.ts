// AI SDK `tool()` objects (package `ai`, 5 or later), adapted to the runtime with the user's own copy of `ai`: input
// validated as the AI SDK does (InvalidToolInputError), approval from `needsApproval` (boolean or function), model output
// from `toModelOutput`, streamed (async iterable) results reported as preliminary chunks. The id is the export name or key.

import { isPlainObject, SELF_VALIDATING, type StandardJSONSchemaV1, type Tool, type ToolExecutionContext } from '../../../src/runtime/index.ts'
import type { DetectedTool, FoundAt, SourceResult, ToolSource } from '../detect.ts'
import { importUserLibrary, majorOf, resolveLibrary } from './library.ts'

/** The parts of the user's `ai` module the adapter uses. */
interface AiModule {
  asSchema(schema: unknown): AiSchema
  InvalidToolInputError: new (options: { toolName: string; toolInput: string; cause: unknown }) => Error
  TypeValidationError?: { wrap(options: { value: unknown; cause: unknown }): Error }
}

/** `asSchema()` result: JSON Schema plus an optional validator. */
interface AiSchema {
  readonly jsonSchema: unknown
  validate?: (value: unknown) => { success: true; value: unknown } | { success: false; error: unknown } | PromiseLike<{ success: true; value: unknown } | { success: false; error: unknown }>
}

/** An AI SDK tool as `tool()` returns it (the config object itself). */
type AiTool = Record<string, any>

/**
 * `tool()` and `dynamicTool()` return plain objects with an `inputSchema`; provider tools are not runnable here. A Mastra
 * agent lists a copy with a generated `id`; Mastra workflow steps (which carry a `component`) are not tools.
 */
export function isAiSdkTool(value: unknown): value is AiTool {
  if (!isPlainObject(value) || !('inputSchema' in value) || value.inputSchema == null || value.component !== undefined) return false
  if (value.type !== undefined && value.type !== 'function' && value.type !== 'dynamic') return false
  return (value.execute === undefined || typeof value.execute === 'function') && (value.description === undefined || typeof value.description === 'string')
}

/** A Standard JSON Schema over an AI SDK schema, so the catalog and editor get the JSON Schema the model would see. */
function standardOf(schema: AiSchema): StandardJSONSchemaV1 {
  const jsonSchema = () => schema.jsonSchema as Record<string, unknown>
  return {
    '~standard': {
      version: 1,
      vendor: 'ai-sdk',
      validate: async (value: unknown) => {
        const result = schema.validate ? await schema.validate(value) : { success: true as const, value }
        return result.success ? { value: result.value } : { issues: [{ message: result.error instanceof Error ? result.error.message : String(result.error) }] }
      },
      jsonSchema: { input: jsonSchema, output: jsonSchema },
    },
  }
}

function contextValue(ctx: { requestContext?: { toJSON(): Record<string, unknown> } } | undefined): unknown {
  const values = ctx?.requestContext?.toJSON()
  return values && Object.keys(values).length > 0 ? values : undefined
}

/** The runtime tool for one AI SDK tool, or the reason it cannot be loaded. */
export async function adaptAiSdkTool(original: AiTool, id: string, file: string): Promise<{ tool: Tool; version: string } | { error: string }> {
  const lib = resolveLibrary('ai', file)
  if (!lib) return { error: 'looks like an AI SDK tool, but the `ai` package is not installed in its project' }
  const major = majorOf(lib.version)
  if (major < 5) return { error: `AI SDK ${lib.version} tools are not supported: Toolscope loads tools of the AI SDK 5 and later` }
  const ai = await importUserLibrary<AiModule>('ai', file)
  const input = ai.asSchema(original.inputSchema)
  const adapted: Record<PropertyKey, unknown> = {
    id,
    description: typeof original.description === 'string' ? original.description : '',
    inputSchema: standardOf(input),
    ...(original.outputSchema ? { outputSchema: standardOf(ai.asSchema(original.outputSchema)) } : {}),
    [SELF_VALIDATING]: true,
  }
  for (const key of ['strict', 'providerOptions', 'inputExamples', 'onInputStart', 'onInputDelta', 'onInputAvailable'] as const) {
    if (original[key] !== undefined) adapted[key] = original[key]
  }
  const needsApproval = original.needsApproval
  adapted.requireApproval =
    typeof needsApproval === 'function'
      ? (value: unknown, call?: { toolCallId: string; messages: unknown[]; requestContext: Record<string, unknown> }) =>
          needsApproval(value, { toolCallId: call?.toolCallId ?? '', messages: call?.messages ?? [], experimental_context: call && Object.keys(call.requestContext).length ? call.requestContext : undefined })
      : needsApproval === true
  if (typeof original.toModelOutput === 'function') {
    // AI SDK 5 passes the output; 6 and later pass { toolCallId, input, output }.
    adapted.toModelOutput = (output: unknown, call?: { toolCallId: string; input: unknown }) =>
      major === 5 ? original.toModelOutput(output) : original.toModelOutput({ toolCallId: call?.toolCallId ?? '', input: call?.input, output })
  }
  if (typeof original.execute === 'function') adapted.execute = (value: unknown, ctx: ToolExecutionContext) => executeAiTool(ai, original, id, input, value, ctx)
  return { tool: adapted as unknown as Tool, version: lib.version }
}

/** Validates as the AI SDK's tool-call parsing does, then runs `execute` with the AI SDK's options. */
async function executeAiTool(ai: AiModule, original: AiTool, id: string, schema: AiSchema, value: unknown, ctx: ToolExecutionContext): Promise<unknown> {
  // As the AI SDK's safeValidateTypes: a failure (or a validator that throws) becomes a TypeValidationError.
  let checked: { success: true; value: unknown } | { success: false; error: unknown }
  try {
    checked = schema.validate ? await schema.validate(value ?? {}) : { success: true, value }
  } catch (error) {
    checked = { success: false, error }
  }
  if (!checked.success) {
    const cause = ai.TypeValidationError ? ai.TypeValidationError.wrap({ value: value ?? {}, cause: checked.error }) : checked.error
    throw new ai.InvalidToolInputError({ toolName: id, toolInput: JSON.stringify(value) ?? '', cause })
  }
  const options = { toolCallId: ctx.toolCallId ?? '', messages: ctx.agent?.messages ?? [], abortSignal: ctx.abortSignal, experimental_context: contextValue(ctx as never) }
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

/** Source for AI SDK tools found in modules, records and agents. */
export const aiSdkToolSource: ToolSource = {
  name: 'AI SDK tool',
  matches: isAiSdkTool,
  async load(value, at: FoundAt): Promise<SourceResult> {
    const adapted = await adaptAiSdkTool(value as AiTool, at.key, at.file)
    if ('error' in adapted) return { tools: [], errors: [`${at.exportName}: ${adapted.error}`] }
    // A Mastra agent's copy keeps the original's execute: that function is the tool's identity across copies.
    const identity = (value as AiTool).execute ?? value
    const tool: Omit<DetectedTool, 'file'> = { tool: adapted.tool, kind: 'ai-sdk', exportName: at.exportName, original: value, identity, libraryVersion: adapted.version }
    if (at.group) tool.group = at.group
    return { tools: [tool], errors: [] }
  },
}
