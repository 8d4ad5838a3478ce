// runTool(): runs a tool as an agent would (input streaming, validation, approval, execute, suspend/resume, output
// mapping) and reports every step as a buffered event. Controls (approve, resume, abort…) steer the run.

import { afterExecute, withTimeout, type Outcome } from './attempt.ts'
import { isPlainData, type RunCheckpoint } from './checkpoint.ts'
import { elicitationIssues } from './elicitation.ts'
import { errorMessage, RunControlError, toValidationIssues } from './errors.ts'
import type { RunToolOptions, ToolRun } from './events.ts'
import { inputFragments, parseInputText } from './inputText.ts'
import { createObserve } from './observe.ts'
import { acceptsInput, checkInput, checkRequestContext, checkResume, contextEncoder } from './pipeline.ts'
import { requestContextValues, TransformedRequestContext } from './requestContext.ts'
import { maskSecrets, scrubSecrets } from './secrets.ts'
import { buildRunContext } from './runContext.ts'
import { ENDED, RunCore } from './runCore.ts'
import { Status } from './status.ts'
import { formatIssues, toJsonSchema } from './standardSchema.ts'
import type { ElicitationRequest, ElicitationResult, RequestContextLike, SuspendOptions, Tool } from './types.ts'
import type { StandardSchemaV1 } from './schemaTypes.ts'
import { modelOutputFor } from './views.ts'

/** The agent's flow over a RunCore: input streaming, validation, approval, execute with suspensions, output. */
class Run extends RunCore {
  /** The input execute gets, kept while the run waits for approval or resume data (what a checkpoint carries). */
  #waitingInput: unknown
  /** A continued run: the wait it was parked in, entered before any control can arrive. */
  #parked: Promise<any> | undefined
  /** The elicitation the run waits on, whose requestedSchema an accepted answer must fit. */
  #asking: ElicitationRequest | undefined

  constructor(tool: Tool, opts: RunToolOptions) {
    super(tool, opts)
    const from = opts.continueFrom
    if (from) {
      this.#waitingInput = from.input
      this.#parked = this.wait(from.state)
      this.#parked.catch(() => {})
    }
    queueMicrotask(() => void this.drive())
  }

  /** The run as plain data while it waits for approval or resume data; undefined otherwise (see ToolRun.checkpoint). */
  checkpoint(): RunCheckpoint | undefined {
    const state = this.state
    if (this.finished || (state !== Status.awaitingApproval && state !== Status.suspended)) return undefined
    const requestContext = requestContextValues(this.rc)
    const workflowState = this.workflowState.value
    if (![this.#waitingInput, requestContext, workflowState].every((v) => isPlainData(v))) return undefined
    const budget = this.opts.continueFrom ? this.opts.continueFrom.timeoutMs : this.opts.timeoutMs
    return {
      state,
      toolId: this.tool.id,
      toolCallId: this.toolCallId,
      caller: this.caller,
      background: this.background,
      input: this.#waitingInput,
      requestContext,
      workflowState,
      nextSeq: this.log.nextSeq,
      startedAt: this.log.startedAt,
      ...(this.clock ? { timeoutMs: budget, timeLeftMs: this.clock.left } : {}),
    }
  }
  async drive(): Promise<void> {
    try {
      await (this.opts.continueFrom ? this.continueRun(this.opts.continueFrom) : this.run())
    } catch (error) {
      if (error === ENDED || this.finished) return
      await this.fail(
        errorMessage(error),
        { name: error instanceof Error ? error.name : 'Error', message: errorMessage(error) },
        error,
      )
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
    for (const delta of inputFragments(text, this.opts.stream)) {
      const shownDelta = shown.slice(offset, (offset += delta.length))
      const views = await this.views('inputDelta', shownDelta, { inputTextDelta: shownDelta })
      this.live()
      this.emit({ type: 'input-delta', inputTextDelta: shownDelta, views })
      await this.hook('onInputDelta', { inputTextDelta: delta, ...this.hookArgs() })
    }
    const parsed = parseInputText(text)
    if (!parsed.ok) return this.fail(parsed.message, { message: parsed.message })

    await this.step('input-available')
    const checked = this.selfValidating
      ? { value: parsed.value }
      : await checkInput(tool.id, tool.inputSchema as StandardSchemaV1 | undefined, parsed.value)
    this.live()
    if (checked.error)
      return this.fail(checked.error.message, checked.error, checked.error, checked.issues, parsed.value)
    const input = checked.value
    await this.hook('onInputAvailable', { input, ...this.hookArgs() })
    this.emit({ type: 'input-available', input, views: await this.views('input', input, { input }) })

    const approval = tool.requireApproval
    const approvalCall = {
      toolCallId: this.toolCallId,
      messages: this.opts.messages ?? [],
      requestContext: requestContextValues(this.rc),
    }
    if (typeof approval === 'function' ? await approval(input, approvalCall) : approval === true) {
      await this.step('approval')
      this.emit({ type: 'approval-requested', input, views: await this.views('approval', input, { input }) })
      this.#waitingInput = input
      if (!(await this.decided(input, this.wait(Status.awaitingApproval)))) return
    }
    return this.executeLoop(input)
  }

  /** A run continued from a checkpoint: answers the wait it was parked in, then goes on as the original would have. */
  async continueRun(from: RunCheckpoint): Promise<void> {
    if (from.state === Status.suspended) return this.executeLoop(from.input, this.#parked)
    if (await this.decided(from.input, this.#parked!)) return this.executeLoop(from.input)
  }

  /** Reports the approval decision; a declined run finishes here (false). */
  async decided(input: unknown, decision: Promise<{ approved: boolean; reason?: string }>): Promise<boolean> {
    const { approved, reason } = await decision
    this.emit({ type: 'approval-resolved', approved, ...(reason !== undefined ? { reason } : {}) })
    if (approved) return true
    const views = await this.views('approval', input, { input })
    this.finish(Status.declined, {
      ...views,
      model: { type: 'execution-denied', ...(reason !== undefined ? { reason } : {}) },
    })
    return false
  }

  /** Executes until the tool returns or fails; each suspension waits for resume data (`resumed`: already waiting). */
  async executeLoop(input: unknown, resumed?: Promise<unknown>): Promise<void> {
    const tool = this.tool
    let resumeData = resumed && (await this.resumedWith(input, resumed))
    for (;;) {
      await this.step('execute')
      const outcome = await this.execute(input, resumeData)
      this.live()
      if (outcome.kind === 'invalid')
        return this.fail(
          outcome.error.message,
          outcome.error,
          outcome.error,
          outcome.issues ?? toValidationIssues(outcome.error.validationErrors),
          input,
        )
      if (outcome.kind === 'output') return this.complete(input, outcome.output)
      const payload = outcome.payload
      const resumeSchema = toJsonSchema(tool.resumeSchema, { io: 'input', target: 'draft-07' })
      const label = outcome.options?.resumeLabel
      const suspendViews = await this.views('suspend', payload, { input, suspendPayload: payload })
      this.emit({
        type: 'suspended',
        payload,
        ...(resumeSchema ? { resumeSchema } : {}),
        ...(label !== undefined ? { resumeLabel: label } : {}),
        views: suspendViews,
      })
      this.#waitingInput = input
      resumeData = await this.resumedWith(input, this.wait(Status.suspended))
    }
  }

  async resumedWith(input: unknown, resumed: Promise<unknown>): Promise<unknown> {
    const resumeData = await resumed
    this.emit({ type: 'resumed', resumeData, views: await this.views('resume', resumeData, { input, resumeData }) })
    return resumeData
  }

  async complete(input: unknown, output: unknown): Promise<void> {
    await this.step('output-mapping')
    const views = await this.views('output', output, { input, output })
    views.model = await modelOutputFor(
      this.tool,
      output,
      (message) =>
        this.emit({ type: 'log', level: 'error', message: `toModelOutput threw: ${message}`, source: 'runtime' }),
      { toolCallId: this.toolCallId, input },
    )
    this.live()
    await this.hook('onOutput', {
      output,
      toolName: this.tool.id,
      toolCallId: this.toolCallId,
      abortSignal: this.controller.signal,
    })
    this.emit({ type: 'output', output, views })
    this.finish(Status.success, views)
  }

  /** One execution (with background attempts): request context → resume data → user fn → suspend payload → output. */
  async execute(input: unknown, resumeData: unknown): Promise<Outcome> {
    const tool = this.tool
    if (this.selfValidating) return this.attemptAll(input, resumeData, this.rc)
    const schema = tool.requestContextSchema as StandardSchemaV1 | undefined
    const rcChecked = checkRequestContext(tool.id, schema, this.rc)
    if (rcChecked.error) return { kind: 'invalid', error: rcChecked.error, issues: rcChecked.issues }
    const resumeChecked =
      resumeData === undefined || resumeData === null
        ? undefined
        : checkResume(tool.id, tool.resumeSchema as StandardSchemaV1 | undefined, resumeData)
    if (resumeChecked?.error) return { kind: 'invalid', error: resumeChecked.error, issues: resumeChecked.issues }
    // With a schema the tool reads the parsed values; its writes reach the caller's context (as in Mastra).
    const view = schema
      ? new TransformedRequestContext(this.rc, rcChecked.value, acceptsInput(schema), contextEncoder(schema))
      : this.rc
    return this.attemptAll(input, resumeData, view)
  }

  /** The user function, with background attempts (retries, onComplete/onFailed) when the run is a background one. */
  async attemptAll(input: unknown, resumeData: unknown, requestContext: RequestContextLike): Promise<Outcome> {
    const tool = this.tool
    const user = (tool.userExecute ?? tool.execute) as ((input: unknown, context: unknown) => unknown) | undefined
    if (typeof user !== 'function') throw new Error(`Tool ${tool.id} has no execute function`)
    const bg = this.background ? (tool.background ?? {}) : undefined
    const attempts = bg ? 1 + Math.max(0, bg.maxRetries ?? 0) : 1
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.attempt(user, input, resumeData, requestContext, bg?.timeoutMs)
        if (bg) {
          this.emit({ type: 'background-attempt', attempt })
          if (outcome.kind === 'output')
            await this.callback(() => bg.onComplete?.({ ...this.ids, output: outcome.output, attempts: attempt }))
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
      this.emit({
        type: 'log',
        level: 'error',
        message: `background callback threw: ${errorMessage(error)}`,
        source: 'runtime',
      })
    }
  }

  async attempt(
    user: (input: unknown, context: unknown) => unknown,
    input: unknown,
    resumeData: unknown,
    requestContext: RequestContextLike,
    timeoutMs?: number,
  ): Promise<Outcome> {
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
        log: (level, message, data) =>
          this.emit({ type: 'log', level, message, ...(data !== undefined ? { data } : {}), source: 'observe' }),
      }),
      resumeData,
      workflowState: this.workflowState,
      onSuspend: (payload, options) => (suspended = { payload, ...(options ? { options } : {}) }),
      onWrite: (chunk) => this.emit({ type: 'writer-chunk', chunk }),
      onStateChange: (state) => this.emit({ type: 'state-changed', state }),
      onMcpLog: (level, message, data) =>
        this.emit({ type: 'log', level, message, ...(data !== undefined ? { data } : {}), source: 'mcp' }),
      elicit: (request) => this.elicit(request),
    })
    try {
      const output = await withTimeout(
        () => user(input, context),
        timeoutMs,
        tool.id,
        (message) => controller.abort(message),
      )
      this.live()
      return await afterExecute(tool, output, suspended)
    } finally {
      this.controller.signal.removeEventListener('abort', forward)
    }
  }

  async elicit(request: ElicitationRequest): Promise<ElicitationResult> {
    this.#asking = request
    this.emit({ type: 'elicitation-requested', request })
    // The tool sees a plain Error (not the internal marker) if the run ends while it waits for the answer.
    const result = await this.wait<ElicitationResult>(Status.awaitingElicitation)
      .catch((error: unknown) => {
        throw error === ENDED ? new Error(`Run ${this.toolCallId} ended before the elicitation was answered`) : error
      })
      .finally(() => (this.#asking = undefined))
    this.emit({ type: 'elicitation-resolved', result })
    return result
  }

  /** Answers the pending elicitation; an accepted answer that does not fit its requestedSchema is refused (the run waits on). */
  respond(answer: ElicitationResult): void {
    if (answer.action === 'accept' && this.state === Status.awaitingElicitation && this.#asking) {
      const issues = elicitationIssues(this.#asking.requestedSchema, answer.content)
      if (issues.length > 0) {
        const message = `Invalid elicitation answer for ${this.tool.id}; the run stays awaiting-elicitation:\n${formatIssues(issues)}`
        throw new RunControlError(
          'invalid-elicitation-content',
          this.state,
          message,
          scrubSecrets(issues, this.secrets()),
        )
      }
    }
    this.settle(Status.awaitingElicitation, 'respond', answer)
  }

  async resume(resumeData: unknown): Promise<void> {
    if (this.state !== Status.suspended)
      throw new RunControlError(
        'invalid-state',
        this.state,
        `Cannot resume: run ${this.toolCallId} is ${this.state}, not suspended`,
      )
    // A self-validating tool checks resume data in its own execute and returns its own error object, as in an agent.
    if (this.selfValidating) return this.settle(Status.suspended, 'resume', resumeData)
    const checked = checkResume(this.tool.id, this.tool.resumeSchema as StandardSchemaV1 | undefined, resumeData)
    if (checked.error) {
      const issues = checked.issues
      throw new RunControlError(
        'invalid-resume-data',
        this.state,
        `Invalid resume data for ${this.tool.id}; the run stays suspended:\n${formatIssues(issues)}`,
        scrubSecrets(issues, this.secrets()),
      )
    }
    this.settle(Status.suspended, 'resume', resumeData)
  }
}

/** Runs a tool as an agent would, reporting every step as an event; see ToolRun for the controls. */
export function runTool(tool: Tool, options: RunToolOptions = {}): ToolRun {
  const run = new Run(tool, options)
  const guard = (control: string): void => {
    if (run.finished)
      throw new RunControlError(
        'invalid-state',
        run.state,
        `Cannot ${control}: run ${run.toolCallId} already finished (${run.state})`,
      )
  }
  return {
    toolCallId: run.toolCallId,
    events: run.log,
    result: run.result,
    get state() {
      return run.state
    },
    approve: () => (guard('approve'), run.settle(Status.awaitingApproval, 'approve', { approved: true })),
    decline: (reason?: string) => (
      guard('decline'),
      run.settle(Status.awaitingApproval, 'decline', { approved: false, ...(reason !== undefined ? { reason } : {}) })
    ),
    resume: async (resumeData: unknown) => (guard('resume'), run.resume(resumeData)),
    respond: (answer: ElicitationResult) => (guard('respond'), run.respond(answer)),
    continue: () => (guard('continue'), run.settle(Status.paused, 'continue', undefined)),
    abort: (reason?: string) => (guard('abort'), run.end(Status.aborted, reason)),
    console: (level, message, location) =>
      run.emit({ type: 'log', level, message, source: 'console', ...(location ? { location } : {}) }),
    network: (event) => run.emit(event),
    fail: (message) => void run.halt(message),
    clock: (event) => run.emit({ type: 'clock-skipped', ...event }),
    checkpoint: () => run.checkpoint(),
    subscribe: (listener) => run.log.subscribe(listener),
  }
}
