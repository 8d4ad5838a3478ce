// createTool(): checks the config at creation (naming the faulty option) and wraps `execute` with Mastra's
// validation order, returning validation error objects instead of throwing. Also isTool() across runtime copies.

import { bareContext, organizeContext, resumeDataOf, type SuspendRecord } from './directContext.ts'
import {
  acceptsInput,
  checkInput,
  checkOutput,
  checkRequestContext,
  checkResume,
  checkSuspend,
  contextEncoder,
} from './pipeline.ts'
import {
  RequestContext,
  requestContextInputSource,
  toRequestContext,
  TransformedRequestContext,
} from './requestContext.ts'
import { hasIssues, isStandardSchema, isThenable, isValidatingSchema } from './standardSchema.ts'
import { hasNullish } from './pipeline.ts'
import { undefinedNeverValid } from './zodShape.ts'
import {
  TOOL_BRAND,
  type RequestContextLike,
  type Tool as ToolType,
  type ToolConfig,
  type ToolValidationError,
} from './types.ts'
import { type StandardResult, type StandardSchemaV1 } from './schemaTypes.ts'

const SCHEMA_OPTIONS = ['inputSchema', 'outputSchema', 'suspendSchema', 'resumeSchema', 'requestContextSchema'] as const
const FUNCTION_OPTIONS = [
  'execute',
  'onInputStart',
  'onInputDelta',
  'onInputAvailable',
  'onOutput',
  'toModelOutput',
] as const
const TRANSFORM_PHASES = ['input', 'inputDelta', 'output', 'error', 'approval', 'suspend', 'resume']

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object without "~standard".validate' : `a ${typeof value}`
}

function fail(message: string): never {
  throw new TypeError(`createTool: ${message}`)
}

/** Throws a TypeError naming the first option that is missing or of the wrong kind. */
function checkConfig(config: Record<string, unknown>): void {
  if (config === null || typeof config !== 'object') fail('expected a config object')
  for (const key of ['id', 'description'] as const) {
    if (typeof config[key] !== 'string' || (config[key] as string).trim() === '')
      fail(`option "${key}" is required and must be a non-empty string`)
  }
  for (const key of SCHEMA_OPTIONS) {
    const schema = config[key]
    if (schema !== undefined && !isStandardSchema(schema))
      fail(
        `option "${key}" of tool "${config.id}" must be a Standard Schema (Zod 4, Valibot with toStandardJsonSchema, ArkType…), got ${describe(schema)}`,
      )
  }
  for (const key of FUNCTION_OPTIONS) {
    if (config[key] !== undefined && typeof config[key] !== 'function')
      fail(`option "${key}" of tool "${config.id}" must be a function, got ${describe(config[key])}`)
  }
  const approval = config.requireApproval
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function')
    fail(`option "requireApproval" of tool "${config.id}" must be a boolean or a function`)
  const transform = config.transform as Record<string, Record<string, unknown> | undefined> | undefined
  if (transform !== undefined) {
    if (transform === null || typeof transform !== 'object')
      fail(`option "transform" of tool "${config.id}" must be an object`)
    for (const [target, phases] of Object.entries(transform)) {
      if (phases === undefined) continue
      if (target !== 'display' && target !== 'transcript')
        fail(`option "transform.${target}" of tool "${config.id}" is unknown (use display or transcript)`)
      for (const [phase, fn] of Object.entries(phases ?? {})) {
        if (!TRANSFORM_PHASES.includes(phase))
          fail(
            `option "transform.${target}.${phase}" of tool "${config.id}" is not a phase (${TRANSFORM_PHASES.join(', ')})`,
          )
        if (fn !== undefined && typeof fn !== 'function')
          fail(`option "transform.${target}.${phase}" of tool "${config.id}" must be a function`)
      }
    }
  }
  const background = config.background as Record<string, unknown> | undefined
  for (const key of ['onComplete', 'onFailed']) {
    if (background?.[key] !== undefined && typeof background[key] !== 'function')
      fail(`option "background.${key}" of tool "${config.id}" must be a function`)
  }
}

type AnyContext = Record<string, any>
type AnySchema = StandardSchemaV1 | undefined

/**
 * The request context the user function reads. With a `requestContextSchema`: the schema's parsed values over the
 * caller's context (Mastra's TransformedRequestContext), or the validation error. Without: the caller's own context.
 */
function contextFor(
  id: string,
  schema: StandardSchemaV1,
  given: unknown,
): { context: RequestContextLike; error?: undefined } | { error: ToolValidationError } {
  const source = requestContextInputSource(given)
  const checked = checkRequestContext(id, schema, source)
  if (checked.error) return { error: checked.error }
  const base = source === undefined || source === null ? new RequestContext() : toRequestContext(source)
  return { context: new TransformedRequestContext(base, checked.value, acceptsInput(schema), contextEncoder(schema)) }
}

/**
 * The validator of a schema Mastra validates with, for the hot path; undefined when there is none. Inputs with nullish
 * values take the full path, where Mastra's normalisations apply (they never change a value that has none); for a
 * schema that no undefined can pass (`undefinedNeverValid`), only a nullish input as a whole needs it.
 */
function fastValidator(schema: AnySchema): StandardSchemaV1['~standard'] | undefined {
  return schema && isValidatingSchema(schema) ? schema['~standard'] : undefined
}

/** A sync success of the plain validator, or undefined when the full check must decide (failure, throw, async). */
function fastValue(std: StandardSchemaV1['~standard'], value: unknown): { value: unknown } | undefined {
  try {
    const result = std.validate(value) as StandardResult<unknown>
    return isThenable(result) || hasIssues(result) ? undefined : (result as { value: unknown })
  } catch {
    return undefined
  }
}

function makeExecute(
  id: string,
  config: ToolConfig<any, any, any, any, any>,
  user: (input: any, context: any) => unknown,
) {
  const { inputSchema, outputSchema, suspendSchema, resumeSchema, requestContextSchema } = config as unknown as Record<
    string,
    AnySchema
  >
  const inFast = fastValidator(inputSchema)
  const outFast = fastValidator(outputSchema)
  // Without the scan for nested undefined, a success on the raw input is Mastra's result only for such a schema.
  const inScan = !undefinedNeverValid(inputSchema)
  // Mastra's Tool.execute, stage for stage (see pipeline.ts); the context is organised as Mastra does (directContext.ts).
  return async function execute(input: unknown, ctx?: AnyContext | null): Promise<any> {
    const resumeGiven = ctx ? resumeDataOf(ctx) : undefined
    let data = input
    if (inputSchema && (resumeGiven === undefined || resumeGiven === null)) {
      const plain = inScan ? !hasNullish(input) : input !== null && input !== undefined
      const fast = inFast && plain ? fastValue(inFast, input) : undefined
      if (fast) data = fast.value
      else {
        const checked = checkInput(id, inputSchema, input)
        if (checked.error) return checked.error
        data = checked.value
      }
    }
    const rc = requestContextSchema ? contextFor(id, requestContextSchema, ctx?.requestContext) : undefined
    if (rc?.error) return rc.error
    const requestContext = rc ? rc.context : ctx ? toRequestContext(ctx.requestContext) : new RequestContext()
    if (!ctx) {
      // No context: nothing can suspend (Mastra gives no suspend function), so only the output is left to check.
      let output = user(data, bareContext(requestContext))
      if (isThenable(output)) output = await output
      const fast = outFast ? fastValue(outFast, output) : undefined
      if (fast) return fast.value
      const checked = checkOutput(id, outputSchema, output, false)
      return checked.error ?? checked.value
    }
    const record: SuspendRecord = { payload: null }
    const context = organizeContext(ctx, requestContext, record)
    const resumeData = context.agent?.resumeData ?? context.workflow?.resumeData ?? context.resumeData
    if (resumeData !== undefined && resumeData !== null) {
      const checked = checkResume(id, resumeSchema, resumeData)
      if (checked.error) return checked.error
    }
    let output = user(data, context)
    if (isThenable(output)) output = await output
    // Mastra tests the recorded payload for truthiness: suspend(0) or suspend(null) counts as no suspension.
    if (record.payload) {
      const checked = checkSuspend(id, suspendSchema, record.payload)
      if (checked.error) return checked.error
    }
    const checked = checkOutput(id, outputSchema, output, output === undefined && !!record.payload)
    return checked.error ?? checked.value
  }
}

/** Mastra recognises its tools by this marker (not instanceof): a Toolscope tool carries it to run inside Mastra. */
const MASTRA_TOOL_MARKER = Symbol.for('mastra.core.tool.Tool')

/**
 * A tool, constructed as Mastra's `new Tool(options)`: the options become fields (`requireApproval` defaults to false) and
 * `execute` wraps the user's function with Mastra's validation. Carries Mastra's marker, so a Mastra Agent or
 * `createStep(tool)` takes it as one of its own tools. Unlike Mastra, a malformed option throws at once (TypeError).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class Tool {
  constructor(config: ToolConfig<any, any, any, any, any>) {
    checkConfig(config as unknown as Record<string, unknown>)
    const { execute: userExecute, ...rest } = config
    const self = this as unknown as Record<PropertyKey, unknown>
    Object.assign(self, rest)
    self.requireApproval = config.requireApproval || false
    self[MASTRA_TOOL_MARKER] = true
    if (userExecute) {
      self.execute = makeExecute(
        config.id,
        config as ToolConfig<any, any, any, any, any>,
        userExecute as (input: any, context: any) => unknown,
      )
      Object.defineProperty(self, 'userExecute', { value: userExecute, enumerable: false })
    }
    Object.defineProperty(self, TOOL_BRAND, { value: true, enumerable: false })
  }
}

/** The members of a tool (declaration merging gives the class the fields its constructor copies from the options). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the constructor assigns them
export interface Tool extends ToolType {}

/**
 * Defines a tool (Mastra's `createTool()` contract). Throws at creation for a missing id/description, a schema option
 * that is not a Standard Schema, or a non-function execute/hook/toModelOutput.
 */
export function createTool<
  TInputSchema extends StandardSchemaV1 | undefined = undefined,
  TOutputSchema extends StandardSchemaV1 | undefined = undefined,
  TSuspendSchema extends StandardSchemaV1 | undefined = undefined,
  TResumeSchema extends StandardSchemaV1 | undefined = undefined,
  TContextSchema extends StandardSchemaV1 | undefined = undefined,
>(
  config: ToolConfig<TInputSchema, TOutputSchema, TSuspendSchema, TResumeSchema, TContextSchema>,
): ToolType<TInputSchema, TOutputSchema, TSuspendSchema, TResumeSchema, TContextSchema> {
  return new Tool(config) as unknown as ToolType<
    TInputSchema,
    TOutputSchema,
    TSuspendSchema,
    TResumeSchema,
    TContextSchema
  >
}

/**
 * Recognises a tool across copies of the runtime (brand via Symbol.for) or by shape (id, description and an
 * execute function or schema), which also accepts Mastra's own tools.
 */
export function isTool(value: unknown): value is ToolType {
  if (value === null || typeof value !== 'object') return false
  const v = value as Record<PropertyKey, unknown>
  if (v[TOOL_BRAND] === true) return true
  return (
    typeof v.id === 'string' &&
    typeof v.description === 'string' &&
    (typeof v.execute === 'function' || isStandardSchema(v.inputSchema))
  )
}
