// createTool(): checks the config at creation (naming the faulty option) and wraps `execute` with Mastra's
// validation order, returning validation error objects instead of throwing. Also isTool() across runtime copies.

import { checkInput, checkOutput, checkRequestContext, checkResume, checkSuspend } from './pipeline.ts'
import { noopObserve } from './observe.ts'
import { RequestContext, toRequestContext } from './requestContext.ts'
import { isStandardSchema, isThenable } from './standardSchema.ts'
import { TOOL_BRAND, type StandardSchemaV1, type SuspendOptions, type Tool, type ToolConfig } from './types.ts'

const SCHEMA_OPTIONS = ['inputSchema', 'outputSchema', 'suspendSchema', 'resumeSchema', 'requestContextSchema'] as const
const FUNCTION_OPTIONS = ['execute', 'onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput', 'toModelOutput'] as const
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
    if (typeof config[key] !== 'string' || (config[key] as string).trim() === '') fail(`option "${key}" is required and must be a non-empty string`)
  }
  for (const key of SCHEMA_OPTIONS) {
    const schema = config[key]
    if (schema !== undefined && !isStandardSchema(schema)) fail(`option "${key}" of tool "${config.id}" must be a Standard Schema (Zod 4, Valibot with toStandardJsonSchema, ArkType…), got ${describe(schema)}`)
  }
  for (const key of FUNCTION_OPTIONS) {
    if (config[key] !== undefined && typeof config[key] !== 'function') fail(`option "${key}" of tool "${config.id}" must be a function, got ${describe(config[key])}`)
  }
  const approval = config.requireApproval
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function') fail(`option "requireApproval" of tool "${config.id}" must be a boolean or a function`)
  const transform = config.transform as Record<string, Record<string, unknown> | undefined> | undefined
  if (transform !== undefined) {
    if (transform === null || typeof transform !== 'object') fail(`option "transform" of tool "${config.id}" must be an object`)
    for (const [target, phases] of Object.entries(transform)) {
      if (phases === undefined) continue
      if (target !== 'display' && target !== 'transcript') fail(`option "transform.${target}" of tool "${config.id}" is unknown (use display or transcript)`)
      for (const [phase, fn] of Object.entries(phases ?? {})) {
        if (!TRANSFORM_PHASES.includes(phase)) fail(`option "transform.${target}.${phase}" of tool "${config.id}" is not a phase (${TRANSFORM_PHASES.join(', ')})`)
        if (fn !== undefined && typeof fn !== 'function') fail(`option "transform.${target}.${phase}" of tool "${config.id}" must be a function`)
      }
    }
  }
  const background = config.background as Record<string, unknown> | undefined
  for (const key of ['onComplete', 'onFailed']) {
    if (background?.[key] !== undefined && typeof background[key] !== 'function') fail(`option "background.${key}" of tool "${config.id}" must be a function`)
  }
}

/** Records a suspend() call during one direct execution. */
interface SuspendRecord {
  suspended: boolean
  payload: unknown
}

type AnyContext = Record<string, any>

function recordingSuspend(record: SuspendRecord, inner?: (payload: unknown, options?: SuspendOptions) => unknown) {
  return (payload: unknown, options?: SuspendOptions): Promise<void> => {
    record.suspended = true
    record.payload = payload
    return Promise.resolve(inner?.(payload, options)).then(() => undefined)
  }
}

/**
 * Context of a direct call made without one. Built lazily (the request context Map and the suspend function only
 * when the tool touches them) because this is the hot path of `execute`; the members live on the prototype.
 */
class BareContext {
  #requestContext: RequestContext | undefined
  #record: SuspendRecord | undefined
  #suspend: ((payload: unknown, options?: SuspendOptions) => Promise<void>) | undefined
  /** The suspend record, only if the tool asked for `suspend` at all. */
  static recordOf(context: BareContext): SuspendRecord | undefined {
    return context.#record
  }
  get requestContext(): RequestContext {
    return (this.#requestContext ??= new RequestContext())
  }
  set requestContext(value: RequestContext) {
    this.#requestContext = value
  }
  get observe() {
    return noopObserve
  }
  get suspend() {
    return (this.#suspend ??= recordingSuspend((this.#record = { suspended: false, payload: undefined })))
  }
}

/** Mastra-like context organisation for direct calls: agent/workflow parts get a recording suspend. */
function buildContext(ctx: AnyContext, record: SuspendRecord): AnyContext {
  const context: AnyContext = { ...ctx, requestContext: toRequestContext(ctx.requestContext), observe: ctx.observe ?? noopObserve }
  context.suspend = recordingSuspend(record, ctx.suspend)
  if (ctx.agent) context.agent = { ...ctx.agent, suspend: recordingSuspend(record, ctx.agent.suspend) }
  else if (ctx.toolCallId && ctx.messages) {
    context.agent = { toolCallId: ctx.toolCallId, messages: ctx.messages, suspend: context.suspend, resumeData: ctx.resumeData, threadId: ctx.threadId, resourceId: ctx.resourceId, writer: ctx.writer }
  }
  if (ctx.workflow) context.workflow = { ...ctx.workflow, suspend: recordingSuspend(record, ctx.workflow.suspend) }
  return context
}

function resumeDataOf(ctx: AnyContext | undefined): unknown {
  return ctx ? (ctx.agent?.resumeData ?? ctx.workflow?.resumeData ?? ctx.resumeData) : undefined
}

type StandardProps = StandardSchemaV1['~standard']
type AnyResult = { value?: unknown; issues?: ReadonlyArray<unknown> }

function makeExecute(id: string, config: ToolConfig<any, any, any, any, any>, user: (input: any, context: any) => unknown) {
  const { inputSchema, outputSchema, suspendSchema, resumeSchema, requestContextSchema } = config as unknown as Record<string, StandardSchemaV1 | undefined>
  // Hot path: validate straight through the cached `~standard` objects; any failure (or nullish input, which Mastra
  // normalises) goes through the full check in pipeline.ts that builds the error object.
  const inStd: StandardProps | undefined = inputSchema?.['~standard']
  const outStd: StandardProps | undefined = outputSchema?.['~standard']
  return async function execute(input: unknown, ctx?: AnyContext): Promise<any> {
    const resumeData = resumeDataOf(ctx)
    const resuming = resumeData !== undefined && resumeData !== null
    let data = input
    if (inStd && !resuming) {
      let fast = (input === undefined || input === null ? undefined : inStd.validate(input)) as AnyResult | PromiseLike<AnyResult> | undefined
      if (isThenable<AnyResult>(fast)) fast = await fast
      if (fast !== undefined && !(fast.issues && fast.issues.length)) data = fast.value
      else {
        const checked = await checkInput(id, inputSchema, input)
        if (checked.error) return checked.error
        data = checked.value
      }
    }
    let record: SuspendRecord | undefined
    let context: AnyContext
    if (ctx === undefined || ctx === null) context = new BareContext()
    else context = buildContext(ctx, (record = { suspended: false, payload: undefined }))
    if (requestContextSchema) {
      const checked = await checkRequestContext(id, requestContextSchema, context.requestContext)
      if (checked.error) return checked.error
    }
    if (resuming && resumeSchema) {
      const checked = await checkResume(id, resumeSchema, resumeData)
      if (checked.error) return checked.error
    }
    let output = user(data, context)
    if (isThenable(output)) output = await output
    record ??= context instanceof BareContext ? BareContext.recordOf(context) : undefined
    const suspended = record !== undefined && record.suspended
    if (suspended && suspendSchema) {
      const checked = await checkSuspend(id, suspendSchema, record!.payload)
      if (checked.error) return checked.error
    }
    if (!outStd || (suspended && output === undefined)) return output
    let fast = outStd.validate(output) as AnyResult | PromiseLike<AnyResult>
    if (isThenable<AnyResult>(fast)) fast = await fast
    if (!(fast.issues && fast.issues.length)) return fast.value
    const checked = await checkOutput(id, outputSchema, output, suspended)
    return checked.error ?? checked.value
  }
}

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
): Tool<TInputSchema, TOutputSchema, TSuspendSchema, TResumeSchema, TContextSchema> {
  checkConfig(config as unknown as Record<string, unknown>)
  const { execute: userExecute, ...rest } = config
  const tool: Record<PropertyKey, unknown> = { ...rest, requireApproval: config.requireApproval ?? false }
  if (userExecute) {
    tool.execute = makeExecute(config.id, config as ToolConfig<any, any, any, any, any>, userExecute as (input: any, context: any) => unknown)
    Object.defineProperty(tool, 'userExecute', { value: userExecute, enumerable: false })
  }
  Object.defineProperty(tool, TOOL_BRAND, { value: true, enumerable: false })
  return tool as unknown as Tool<TInputSchema, TOutputSchema, TSuspendSchema, TResumeSchema, TContextSchema>
}

/**
 * Recognises a tool across copies of the runtime (brand via Symbol.for) or by shape (id, description and an
 * execute function or schema), which also accepts Mastra's own tools.
 */
export function isTool(value: unknown): value is Tool {
  if (value === null || typeof value !== 'object') return false
  const v = value as Record<PropertyKey, unknown>
  if (v[TOOL_BRAND] === true) return true
  return typeof v.id === 'string' && typeof v.description === 'string' && (typeof v.execute === 'function' || isStandardSchema(v.inputSchema))
}
