// The state of one run: its event log, waits for a person, timeout budget, secrets, and how it ends. runTool.ts
// drives a tool through it; what is here knows nothing of the agent's flow (input, approval, execute, output).

import { TimeoutClock } from './attempt.ts'
import { EventLog, type PendingEvent } from './eventLog.ts'
import type { Caller, RunResult, RunState, RunStatus, RunToolOptions, StepPhase, Views } from './events.ts'
import { requestContextValues, toRequestContext } from './requestContext.ts'
import { collectSecretValues, scrubSecrets } from './secrets.ts'
import { errorDetails, errorMessage, isSelfValidating, RunControlError } from './errors.ts'
import { newToolCallId } from './runContext.ts'
import type { ValidationIssue } from './standardSchema.ts'
import type { RequestContextLike, Tool } from './types.ts'
import { Status } from './status.ts'
import { EMPTY_VIEWS, errorViews, transformViews, type TransformPayload } from './views.ts'

/** Thrown inside the driver once the run has ended (abort, timeout): unwinds without reporting anything. */
export const ENDED = Symbol('run ended')

type Waiter = { state: RunState; resolve: (value: any) => void; reject: (reason: unknown) => void }
type HookName = 'onInputStart' | 'onInputDelta' | 'onInputAvailable' | 'onOutput'

/** One run's state and event log (a continued run goes on from its checkpoint's numbers, context and budget). */
export class RunCore {
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
  state: RunState = Status.running
  #resolve!: (result: RunResult) => void
  #waiter: Waiter | undefined
  #secrets: string[] = []
  #secretsVersion = -1
  /** The `timeoutMs` budget; it stops while the run waits for a person (approval, resume, answer, continue). */
  protected clock: TimeoutClock | undefined
  /** The workflow state `setState` writes (a box, so execute's context and checkpoints share it). */
  protected workflowState: { value: unknown }
  #cleanup: Array<() => void> = []

  constructor(tool: Tool, opts: RunToolOptions) {
    const from = opts.continueFrom
    this.tool = tool
    this.opts = opts
    this.toolCallId = from?.toolCallId ?? opts.toolCallId ?? newToolCallId()
    this.caller = from?.caller ?? opts.caller ?? 'agent'
    this.background = from?.background ?? opts.background ?? tool.background?.enabled ?? false
    this.rc = toRequestContext(from ? from.requestContext : opts.requestContext)
    this.selfValidating = isSelfValidating(tool)
    this.workflowState = { value: from ? from.workflowState : (opts.workflowState ?? {}) }
    this.log = new EventLog(
      (event) => scrubSecrets(event, this.secrets()),
      from && { firstSeq: from.nextSeq, startedAt: from.startedAt },
    )
    this.result = new Promise((resolve) => (this.#resolve = resolve))
    if (!from)
      this.emit({
        type: 'run-started',
        toolId: tool.id,
        toolCallId: this.toolCallId,
        caller: this.caller,
        background: this.background,
        stepping: !!opts.stepping,
      })
    if (opts.signal) {
      const onAbort = () => this.end(Status.aborted, String(opts.signal?.reason ?? 'aborted'))
      if (opts.signal.aborted) queueMicrotask(onAbort)
      else {
        opts.signal.addEventListener('abort', onAbort, { once: true })
        this.#cleanup.push(() => opts.signal?.removeEventListener('abort', onAbort))
      }
    }
    const budget = from ? from.timeoutMs : opts.timeoutMs
    if (budget !== undefined && budget > 0) {
      this.clock = new TimeoutClock(from?.timeLeftMs ?? budget, () => void this.timeout(budget))
      // A continued run is waiting: its clock starts when the wait is answered.
      if (!from) this.clock.start()
    }
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
    this.clock?.stop()
    for (const fn of this.#cleanup) fn()
    this.state = status
    this.emit({ type: 'run-finished', status, durationMs: this.log.now() })
    this.log.close()
    const secrets = this.secrets()
    this.#resolve({
      status,
      views: scrubSecrets(views, secrets),
      events: this.log.events,
      ...(error !== undefined ? { error: scrubSecrets(error, secrets) } : {}),
    })
    const waiter = this.#waiter
    this.#waiter = undefined
    waiter?.reject(ENDED)
  }

  /** Abort: context.abortSignal fires, `aborted` is reported and the run ends at once, even if execute ignores the signal. */
  end(status: typeof Status.aborted, reason?: string): void {
    if (this.finished) return
    this.controller.abort(reason ?? 'aborted')
    this.emit({ type: 'aborted', ...(reason !== undefined ? { reason } : {}) })
    this.finish(status, EMPTY_VIEWS)
  }

  async timeout(ms: number): Promise<void> {
    await this.halt(`Tool ${this.tool.id} timed out after ${ms} ms`)
  }

  /** Ends the run with an error from outside the tool (a timeout, the host's verdict): the abort signal fires first. */
  async halt(message: string): Promise<void> {
    if (this.finished) return
    this.controller.abort(message)
    await this.fail(message, { message })
  }

  async fail(
    message: string,
    raw: unknown,
    error: unknown = raw,
    validationErrors?: ValidationIssue[],
    input?: unknown,
  ): Promise<void> {
    if (this.finished) return
    const views = await errorViews(this.tool, raw, error, message, this.ids, input, (target, phase, m) =>
      this.transformFailed(target, phase, m),
    )
    this.emit({
      type: 'error',
      message,
      ...(validationErrors ? { validationErrors } : {}),
      ...errorDetails(error),
      views,
    })
    this.finish(Status.error, views, message)
  }

  transformFailed(target: string, phase: string, message: string): void {
    this.emit({
      type: 'log',
      level: 'warn',
      message: `Tool payload transform failed (${target}.${phase}): ${message}`,
      source: 'runtime',
    })
  }

  views(phase: Parameters<typeof transformViews>[1], raw: unknown, payload: TransformPayload): Promise<Views> {
    return transformViews(this.tool, phase, raw, this.ids, payload, (t, p, m) => this.transformFailed(t, p, m))
  }

  /** Puts the run in a waiting state until a control resolves it (or the run ends). */
  wait<T>(state: RunState): Promise<T> {
    this.live()
    if (this.#waiter) return Promise.reject(new Error(`Tool ${this.tool.id} is already ${this.#waiter.state}`))
    this.state = state
    this.clock?.stop()
    return new Promise<T>((resolve, reject) => {
      this.#waiter = {
        state,
        resolve: (value: T) => {
          this.#waiter = undefined
          this.state = Status.running
          this.clock?.start()
          resolve(value)
        },
        reject,
      }
    })
  }

  /** Resolves the pending wait if it is of the expected kind, otherwise throws a RunControlError naming the state. */
  settle(expected: RunState, control: string, value: unknown): void {
    if (!this.#waiter || this.#waiter.state !== expected) {
      throw new RunControlError(
        'invalid-state',
        this.state,
        `Cannot ${control}: run ${this.toolCallId} is ${this.state}, not ${expected}`,
      )
    }
    this.#waiter.resolve(value)
  }

  async step(next: StepPhase): Promise<void> {
    this.live()
    if (!this.opts.stepping) return
    this.emit({ type: 'paused', next })
    await this.wait(Status.paused)
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
}
