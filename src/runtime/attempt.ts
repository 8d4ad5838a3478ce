// One attempt of `execute` inside runTool(): the optional per-attempt time limit, and the checks after the user
// function returned (suspend payload, then output), yielding what the run does next.

import { isSelfValidating, isValidationError } from './errors.ts'
import { checkOutput, checkSuspend } from './pipeline.ts'
import type { ValidationIssue } from './standardSchema.ts'
import { TOOL_BRAND, type SuspendOptions, type Tool, type ToolValidationError } from './types.ts'
import { type StandardSchemaV1 } from './schemaTypes.ts'

// The runtime's own time limits use the timers and clock as they were when it loaded: a host that fakes time for a
// tool (Toolscope's `clock: "fake"`) must not make the tool's time budget run out at once.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout
const realNow = Date.now

/** What an execution leads to: a validation failure, a suspension, or an output. */
export type Outcome =
  | { kind: 'invalid'; error: ToolValidationError; issues?: ValidationIssue[] }
  | { kind: 'suspended'; payload: unknown; options?: SuspendOptions }
  | { kind: 'output'; output: unknown }

/** Runs `fn`; with `timeoutMs`, rejects after that long and calls `onTimeout(message)` (which aborts the attempt). */
export async function withTimeout<T>(
  fn: () => T | PromiseLike<T>,
  timeoutMs: number | undefined,
  toolId: string,
  onTimeout: (message: string) => void,
): Promise<T> {
  const running = Promise.resolve().then(fn)
  if (!timeoutMs) return running
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    return await Promise.race([
      running,
      new Promise<never>((_, reject) => {
        timer = realSetTimeout(() => {
          const message = `Tool ${toolId} timed out after ${timeoutMs} ms`
          onTimeout(message)
          reject(new Error(message))
        }, timeoutMs)
      }),
    ])
  } finally {
    realClearTimeout(timer)
  }
}

/** Mastra's order after execute: suspend payload, then output (skipped when the tool suspended and returned nothing). */
export async function afterExecute(
  tool: Tool,
  output: unknown,
  suspended: { payload: unknown; options?: SuspendOptions } | undefined,
): Promise<Outcome> {
  // A foreign (e.g. Mastra) tool validates inside its own execute and returns the error object.
  if (tool[TOOL_BRAND] !== true && isValidationError(output)) return { kind: 'invalid', error: output }
  // It also checked the suspend payload and the output: checking again would reject what a schema transform produced.
  if (isSelfValidating(tool))
    return suspended && output === undefined ? { kind: 'suspended', ...suspended } : { kind: 'output', output }
  if (suspended) {
    const checked = checkSuspend(tool.id, tool.suspendSchema as StandardSchemaV1 | undefined, suspended.payload)
    if (checked.error) return { kind: 'invalid', error: checked.error, issues: checked.issues }
  }
  const checked = checkOutput(
    tool.id,
    tool.outputSchema as StandardSchemaV1 | undefined,
    output,
    !!suspended && output === undefined,
  )
  if (checked.error) return { kind: 'invalid', error: checked.error, issues: checked.issues }
  if (suspended && output === undefined) return { kind: 'suspended', ...suspended }
  return { kind: 'output', output: checked.value }
}

/** A time budget that can be stopped and started again: only the running time counts. */
export class TimeoutClock {
  #left: number
  #since = 0
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    budgetMs: number,
    private readonly onTimeout: () => void,
  ) {
    this.#left = budgetMs
  }

  start(): void {
    if (this.#timer !== undefined) return
    this.#since = realNow()
    this.#timer = realSetTimeout(this.onTimeout, this.#left)
  }

  stop(): void {
    if (this.#timer === undefined) return
    realClearTimeout(this.#timer)
    this.#timer = undefined
    this.#left = Math.max(0, this.#left - (realNow() - this.#since))
  }

  /** Milliseconds of the budget left (exact while stopped). */
  get left(): number {
    return this.#timer === undefined ? this.#left : Math.max(0, this.#left - (realNow() - this.#since))
  }
}
