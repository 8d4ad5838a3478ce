// runTool(): runs a tool as an agent would (input streaming, validation, approval, execute, suspend/resume, output
// mapping) and reports every step as a buffered event. Controls (approve, resume, abort…) steer the run.

import { afterExecute, TimeoutClock, withTimeout, type Outcome } from './attempt.ts'
import { errorDetails, errorMessage, isSelfValidating, RunControlError, toValidationIssues } from './errors.ts'
import { EventLog, type PendingEvent } from './eventLog.ts'
import type { Caller, RunResult, RunState, RunStatus, RunToolOptions, StepPhase, ToolRun, Views } from './events.ts'
import { parseInputText, splitChunks } from './inputText.ts'
import { createObserve } from './observe.ts'
import { checkInput, checkRequestContext, checkResume } from './pipeline.ts'
import { acceptsInput, contextEncoder } from './pipeline.ts'
import { collectSecretValues, maskSecrets, requestContextValues, scrubSecrets, toRequestContext, TransformedRequestContext } from './requestContext.ts'
import { buildRunContext, newToolCallId } from './runContext.ts'
import { formatIssues, toJsonSchema, type ValidationIssue } from './standardSchema.ts'
import type { ElicitationRequest, ElicitationResult, RequestContextLike, StandardSchemaV1, SuspendOptions, Tool } from './types.ts'
import { EMPTY_VIEWS, errorViews, modelOutputFor, transformViews, type TransformPayload } from './views.ts'

/** Thrown inside the driver once the run has ended (abort, timeout): unwinds without reporting anything. */
const ENDED = Symbol('run ended')

type Waiter = { state: RunState; resolve: (value: any) => void; reject: (reason: unknown) => void }
type HookName = 'onInputStart' | 'onInputDelta' | 'onInputAvailable' | 'onOutput'

class Run {
  readonly tool: Tool
  readonly opts: RunToolOptions
  readonly toolCallId: string
  readonly caller: Caller
  readonly background: boolean
  readonly log: EventLog
  /** The caller's request context (kept as is: what the tool sets is visible to the caller afterwards). */
  readonly rc: RequestContextLike
  readonly selfValidating: boolean // its own execute validates (Mastra, adapted AI SDK tools): no checks of ours
  readonly controller = new AbortController()
  readonly result: Promise<RunResult>
  state: RunState = 'running'
  #resolve!: (result: RunResult) => void
  #waiter: Waiter | undefined
  #secrets: string[] = []
  #secretsVersion = -1
  /** The `timeoutMs` budget; it stops while the run waits for a person (approval, resume, answer, continue). */
  #clock: TimeoutClock | undefined
  #workflowState: { value: unknown }
  #cleanup: Array<() => void> = []

  constructor(tool: Tool, opts: RunToolOptions) {
    this.tool = tool
    this.opts = opts
    this.toolCallId = opts.toolCallId ?? newToolCallId()
    this.caller = opts.caller ?? 'agent'
    this.background = opts.background ?? tool.background?.enabled ?? false
    this.rc = toRequestContext(opts.requestContext)
    this.selfValidating = isSelfValidating(tool)
    this.#workflowState = { value: opts.workflowState ?? {} }
    this.log = new EventLog((event) => scrubSecrets(event, this.secrets()))
    this.result = new Promise((resolve) => (this.#resolve = resolve))
    this.emit({ type: 'run-started', toolId: tool.id, toolCallId: this.toolCallId, caller: this.caller, background: this.background, stepping: !!opts.stepping })
    if (opts.signal) {
      const onAbort = () => this.end('aborted', String(opts.signal?.reason ?? 'aborted'))
      if (opts.signal.aborted) queueMicrotask(onAbort)
      else {
        opts.signal.addEventListener('abort', onAbort, { once: true })
        this.#cleanup.push(() => opts.signal?.removeEventListener('abort', onAbort))
      }
    }
    if (opts.timeoutMs !== undefined && opts.timeoutMs > 0) {
      this.#clock = new TimeoutClock(opts.timeoutMs, () => void this.timeout(opts.timeoutMs!))
      this.#clock.start()
    }
    queueMicrotask(() => void this.drive())
  }

  /** Secret values of the request context, recomputed only when the context changed. */
  secrets(): string[] {
    // Our RequestContext counts its changes; any other kind is read again each time.
    const version = (this.rc as { version?: number }).version ?? Number.NaN
    if (version !== this.#secretsVersion) {
      this.#secrets = collectSecretValues(requestContextValues(this.rc))
      this.#secretsVersion = version
    }
    return this.#secrets
  }

  get ids() {
    return { toolName: this.tool.id, toolCallId: this.toolCallId }
  }

  get finished(): boolean {
    return this.log.closed
  }

  emit(event: PendingEvent): void {
    this.log.push(event)
  }

  /** Throws ENDED when the run is over, so the driver stops after any await. */
  live(): void {
    if (this.finished) throw ENDED
  }

  finish(status: RunStatus, views: Views, error?: string): void {
    if (this.finished) return
    this.#clock?.stop()
    for (const fn of this.#cleanup) fn()
    this.state = status
    this.emit({ type: 'run-finished', status, durationMs: this.log.now() })
    this.log.close()
    const secrets = this.secrets()
    this.#resolve({ status, views: scrubSecrets(views, secrets), events: this.log.events, ...(error !== undefined ? { error: scrubSecrets(error, secrets) } : {}) })
    const waiter = this.#waiter
    this.#waiter = undefined
    waiter?.reject(ENDED)
  }

  /** Abort: context.abortSignal fires, `aborted` is reported and the run ends at once, even if execute ignores the signal. */
  end(status: 'aborted', reason?: string): void {
    if (this.finished) return
    this.controller.abort(reason ?? 'aborted')
    this.emit({ type: 'aborted', ...(reason !== undefined ? { reason } : {}) })
    this.finish(status, EMPTY_VIEWS)
  }

  async timeout(ms: number): Promise<void> {
    if (this.finished) return
    const message = `Tool ${this.tool.id} timed out after ${ms} ms`
    this.controller.abort(message)
    await this.fail(message, { message })
  }

  async fail(message: string, raw: unknown, error: unknown = raw, validationErrors?: ValidationIssue[], input?: unknown): Promise<void> {
    if (this.finished) return
    const views = await errorViews(this.tool, raw, error, message, this.ids, input, (target, phase, m) => this.transformFailed(target, phase, m))
    this.emit({ type: 'error', message, ...(validationErrors ? { validationErrors } : {}), ...errorDetails(error), views })
    this.finish('error', views, message)
  }

  transformFailed(target: string, phase: string, message: string): void {
    this.emit({ type: 'log', level: 'warn', message: `Tool payload transform failed (${target}.${phase}): ${message}`, source: 'runtime' })
  }

  views(phase: Parameters<typeof transformViews>[1], raw: unknown, payload: TransformPayload): Promise<Views> {
    return transformViews(this.tool, phase, raw, this.ids, payload, (t, p, m) => this.transformFailed(t, p, m))
  }

  /** Puts the run in a waiting state until a control resolves it (or the run ends). */
  wait<T>(state: RunState): Promise<T> {
    this.live()
    if (this.#waiter) return Promise.reject(new Error(`Tool ${this.tool.id} is already ${this.#waiter.state}`))
    this.state = state
    this.#clock?.stop()
    return new Promise<T>((resolve, reject) => {
      this.#waiter = {
        state,
        resolve: (value: T) => {
          this.#waiter = undefined
          this.state = 'running'
          this.#clock?.start()
          resolve(value)
        },
        reject,
      }
    })
  }

  /** Resolves the pending wait if it is of the expected kind, otherwise throws a RunControlError naming the state. */
  settle(expected: RunState, control: string, value: unknown): void {
    if (!this.#waiter || this.#waiter.state !== expected) {
      throw new RunControlError('invalid-state', this.state, `Cannot ${control}: run ${this.toolCallId} is ${this.state}, not ${expected}`)
    }
    this.#waiter.resolve(value)
  }

  async step(next: StepPhase): Promise<void> {
    this.live()
    if (!this.opts.stepping) return
    this.emit({ type: 'paused', next })
    await this.wait('paused')
  }

  hookArgs(): { toolCallId: string; messages: NonNullable<RunToolOptions['messages']>; abortSignal: AbortSignal } {
    return { toolCallId: this.toolCallId, messages: this.opts.messages ?? [], abortSignal: this.controller.signal }
  }

  /** Awaits a lifecycle hook; a throw becomes `hook-error` and the run goes on. */
  async hook(name: HookName, args: Record<string, unknown>): Promise<void> {
    const fn = this.tool[name] as ((args: any) => unknown) | undefined
    if (typeof fn !== 'function') return
    try {
      await fn(args)
    } catch (error) {
      this.emit({ type: 'hook-error', hook: name, message: errorMessage(error) })
    }
    this.live()
  }

  async drive(): Promise<void> {
    try {
      await this.run()
    } catch (error) {
      if (error === ENDED || this.finished) return
      await this.fail(errorMessage(error), { name: error instanceof Error ? error.name : 'Error', message: errorMessage(error) }, error)
    }
  }

  async run(): Promise<void> {
    const tool = this.tool
    await this.step('input-streaming')
    this.emit({ type: 'input-start', toolCallId: this.toolCallId })
    await this.hook('onInputStart', this.hookArgs())
    const text = this.opts.inputText ?? (this.opts.input === undefined ? '{}' : JSON.stringify(this.opts.input))
    const shown = maskSecrets(text, this.secrets())
    let offset = 0
    for (const delta of splitChunks(text, this.opts.stream?.chunkSize ?? 16)) {
      const shownDelta = shown.slice(offset, (offset += delta.length))
      const views = await this.views('inputDelta', shownDelta, { inputTextDelta: shownDelta })
      this.live()
      this.emit({ type: 'input-delta', inputTextDelta: shownDelta, views })
      await this.hook('onInputDelta', { inputTextDelta: delta, ...this.hookArgs() })
    }
    const parsed = parseInputText(text)
    if (!parsed.ok) return this.fail(parsed.message, { message: parsed.message })

    await this.step('input-available')
    const checked = this.selfValidating ? { value: parsed.value } : await checkInput(tool.id, tool.inputSchema as StandardSchemaV1 | undefined, parsed.value)
    this.live()
    if (checked.error) return this.fail(checked.error.message, checked.error, checked.error, checked.issues, parsed.value)
    const input = checked.value
    await this.hook('onInputAvailable', { input, ...this.hookArgs() })
    this.emit({ type: 'input-available', input, views: await this.views('input', input, { input }) })

    const approval = tool.requireApproval
    const approvalCall = { toolCallId: this.toolCallId, messages: this.opts.messages ?? [], requestContext: requestContextValues(this.rc) }
    if (typeof approval === 'function' ? await approval(input, approvalCall) : approval === true) {
      await this.step('approval')
      this.emit({ type: 'approval-requested', input, views: await this.views('approval', input, { input }) })
      const decision = await this.wait<{ approved: boolean; reason?: string }>('awaiting-approval')
      this.emit({ type: 'approval-resolved', approved: decision.approved, ...(decision.reason !== undefined ? { reason: decision.reason } : {}) })
      if (!decision.approved) {
        const views = await this.views('approval', input, { input })
        return this.finish('declined', { ...views, model: { type: 'execution-denied', ...(decision.reason !== undefined ? { reason: decision.reason } : {}) } })
      }
    }

    let resumeData: unknown = undefined
    for (;;) {
      await this.step('execute')
      const outcome = await this.execute(input, resumeData)
      this.live()
      if (outcome.kind === 'invalid') return this.fail(outcome.error.message, outcome.error, outcome.error, outcome.issues ?? toValidationIssues(outcome.error.validationErrors), input)
      if (outcome.kind === 'output') return this.complete(input, outcome.output)
      const payload = outcome.payload
      const resumeSchema = toJsonSchema(tool.resumeSchema, { io: 'input', target: 'draft-07' })
      const label = outcome.options?.resumeLabel
      const suspendViews = await this.views('suspend', payload, { input, suspendPayload: payload })
      this.emit({ type: 'suspended', payload, ...(resumeSchema ? { resumeSchema } : {}), ...(label !== undefined ? { resumeLabel: label } : {}), views: suspendViews })
      resumeData = await this.wait('suspended')
      this.emit({ type: 'resumed', resumeData, views: await this.views('resume', resumeData, { input, resumeData }) })
    }
  }

  async complete(input: unknown, output: unknown): Promise<void> {
    await this.step('output-mapping')
    const views = await this.views('output', output, { input, output })
    views.model = await modelOutputFor(
      this.tool,
      output,
      (message) => this.emit({ type: 'log', level: 'error', message: `toModelOutput threw: ${message}`, source: 'runtime' }),
      { toolCallId: this.toolCallId, input },
    )
    this.live()
    await this.hook('onOutput', { output, toolName: this.tool.id, toolCallId: this.toolCallId, abortSignal: this.controller.signal })
    this.emit({ type: 'output', output, views })
    this.finish('success', views)
  }

  /** One execution (with background attempts): request context → resume data → user fn → suspend payload → output. */
  async execute(input: unknown, resumeData: unknown): Promise<Outcome> {
    const tool = this.tool
    if (this.selfValidating) return this.attemptAll(input, resumeData, this.rc)
    const schema = tool.requestContextSchema as StandardSchemaV1 | undefined
    const rcChecked = checkRequestContext(tool.id, schema, this.rc)
    if (rcChecked.error) return { kind: 'invalid', error: rcChecked.error, issues: rcChecked.issues }
    const resumeChecked = resumeData === undefined || resumeData === null ? undefined : checkResume(tool.id, tool.resumeSchema as StandardSchemaV1 | undefined, resumeData)
    if (resumeChecked?.error) return { kind: 'invalid', error: resumeChecked.error, issues: resumeChecked.issues }
    // With a schema the tool reads the parsed values; its writes reach the caller's context (as in Mastra).
    const view = schema ? new TransformedRequestContext(this.rc, rcChecked.value, acceptsInput(schema), contextEncoder(schema)) : this.rc
    return this.attemptAll(input, resumeData, view)
  }

  /** The user function, with background attempts (retries, onComplete/onFailed) when the run is a background one. */
  async attemptAll(input: unknown, resumeData: unknown, requestContext: RequestContextLike): Promise<Outcome> {
    const tool = this.tool
    const user = (tool.userExecute ?? tool.execute) as ((input: unknown, context: unknown) => unknown) | undefined
    if (typeof user !== 'function') throw new Error(`Tool ${tool.id} has no execute function`)
    const bg = this.background ? tool.background ?? {} : undefined
    const attempts = bg ? 1 + Math.max(0, bg.maxRetries ?? 0) : 1
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.attempt(user, input, resumeData, requestContext, bg?.timeoutMs)
        if (bg) {
          this.emit({ type: 'background-attempt', attempt })
          if (outcome.kind === 'output') await this.callback(() => bg.onComplete?.({ ...this.ids, output: outcome.output, attempts: attempt }))
        }
        return outcome
      } catch (error) {
        if (error === ENDED || this.finished) throw ENDED
        if (!bg) throw error
        this.emit({ type: 'background-attempt', attempt, error: errorMessage(error) })
        if (attempt < attempts) continue
        await this.callback(() => bg.onFailed?.({ ...this.ids, error, attempts: attempt }))
        throw error
      }
    }
  }

  async callback(fn: () => unknown): Promise<void> {
    try {
      await fn()
    } catch (error) {
      this.emit({ type: 'log', level: 'error', message: `background callback threw: ${errorMessage(error)}`, source: 'runtime' })
    }
  }

  async attempt(user: (input: unknown, context: unknown) => unknown, input: unknown, resumeData: unknown, requestContext: RequestContextLike, timeoutMs?: number): Promise<Outcome> {
    const tool = this.tool
    const controller = new AbortController()
    const forward = () => controller.abort(this.controller.signal.reason)
    if (this.controller.signal.aborted) forward()
    else this.controller.signal.addEventListener('abort', forward, { once: true })
    let suspended: { payload: unknown; options?: SuspendOptions } | undefined
    const context = buildRunContext({
      caller: this.caller,
      toolCallId: this.toolCallId,
      messages: this.opts.messages ?? [],
      requestContext,
      mastra: this.opts.mastra,
      abortSignal: controller.signal,
      observe: createObserve({
        now: () => this.log.now(),
        span: (span) => this.emit({ type: 'span', ...span }),
        log: (level, message, data) => this.emit({ type: 'log', level, message, ...(data !== undefined ? { data } : {}), source: 'observe' }),
      }),
      resumeData,
      workflowState: this.#workflowState,
      onSuspend: (payload, options) => (suspended = { payload, ...(options ? { options } : {}) }),
      onWrite: (chunk) => this.emit({ type: 'writer-chunk', chunk }),
      onStateChange: (state) => this.emit({ type: 'state-changed', state }),
      onMcpLog: (level, message, data) => this.emit({ type: 'log', level, message, ...(data !== undefined ? { data } : {}), source: 'mcp' }),
      elicit: (request) => this.elicit(request),
    })
    try {
      const output = await withTimeout(() => user(input, context), timeoutMs, tool.id, (message) => controller.abort(message))
      this.live()
      return await afterExecute(tool, output, suspended)
    } finally {
      this.controller.signal.removeEventListener('abort', forward)
    }
  }

  async elicit(request: ElicitationRequest): Promise<ElicitationResult> {
    this.emit({ type: 'elicitation-requested', request })
    // The tool sees a plain Error (not the internal marker) if the run ends while it waits for the answer.
    const result = await this.wait<ElicitationResult>('awaiting-elicitation').catch((error: unknown) => {
      throw error === ENDED ? new Error(`Run ${this.toolCallId} ended before the elicitation was answered`) : error
    })
    this.emit({ type: 'elicitation-resolved', result })
    return result
  }

  async resume(resumeData: unknown): Promise<void> {
    if (this.state !== 'suspended') throw new RunControlError('invalid-state', this.state, `Cannot resume: run ${this.toolCallId} is ${this.state}, not suspended`)
    // A self-validating tool checks resume data in its own execute and returns its own error object, as in an agent.
    if (this.selfValidating) return this.settle('suspended', 'resume', resumeData)
    const checked = checkResume(this.tool.id, this.tool.resumeSchema as StandardSchemaV1 | undefined, resumeData)
    if (checked.error) {
      const issues = checked.issues
      throw new RunControlError('invalid-resume-data', this.state, `Invalid resume data for ${this.tool.id}; the run stays suspended:\n${formatIssues(issues)}`, scrubSecrets(issues, this.secrets()))
    }
    this.settle('suspended', 'resume', resumeData)
  }
}

/** Runs a tool as an agent would, reporting every step as an event; see ToolRun for the controls. */
export function runTool(tool: Tool, options: RunToolOptions = {}): ToolRun {
  const run = new Run(tool, options)
  const guard = (control: string): void => {
    if (run.finished) throw new RunControlError('invalid-state', run.state, `Cannot ${control}: run ${run.toolCallId} already finished (${run.state})`)
  }
  return {
    toolCallId: run.toolCallId,
    events: run.log,
    result: run.result,
    get state() {
      return run.state
    },
    approve: () => (guard('approve'), run.settle('awaiting-approval', 'approve', { approved: true })),
    decline: (reason?: string) => (guard('decline'), run.settle('awaiting-approval', 'decline', { approved: false, ...(reason !== undefined ? { reason } : {}) })),
    resume: async (resumeData: unknown) => (guard('resume'), run.resume(resumeData)),
    respond: (answer: ElicitationResult) => (guard('respond'), run.settle('awaiting-elicitation', 'respond', answer)),
    continue: () => (guard('continue'), run.settle('paused', 'continue', undefined)),
    abort: (reason?: string) => (guard('abort'), run.end('aborted', reason)),
    console: (level, message, location) => run.emit({ type: 'log', level, message, source: 'console', ...(location ? { location } : {}) }),
    subscribe: (listener) => run.log.subscribe(listener),
  }
}
