// One model tool call carried out as a real run: started in the run registry with the model's argument
// text and its exact fragments as input deltas, followed to its end (answering its prompts when the caller says how,
// else leaving them to /control like any run), and read back as the model view that goes to the model next.

import type { LanguageModelV3ToolResultOutput } from '@ai-sdk/provider'
import { Status } from '../../src/runtime/index.ts'
import type { ModelToolCall, RunControl, RunEvent, StartRunBody } from '../../src/shared/protocol.ts'
import { registryRun } from '../runs/replayHost.ts'
import type { RunRegistry } from '../runs/runs.ts'
import type { ConversationRequest } from './conversation.ts'

/** Answers a run's prompt (an approval, a suspension, an elicitation) itself; undefined leaves it to a person. */
export type PromptAnswerer = (event: RunEvent, call: ModelToolCall) => RunControl | undefined

/** How a call's run ended: its status, the model view for the model, and an error sentence when it failed. */
export interface CallOutcome {
  status: string
  output: LanguageModelV3ToolResultOutput
  error?: string
}

/** The run request of a model's call: its argument text streamed in the model's own fragments, with the conversation's network and clock. */
export function callRequest(
  call: ModelToolCall,
  fragments: readonly string[],
  request: ConversationRequest,
): StartRunBody {
  return {
    toolId: call.toolId,
    inputText: call.argsText,
    stream: { chunks: [...fragments] },
    caller: 'agent',
    messages: [{ role: 'user', content: request.prompt }],
    ...(request.network ? { network: request.network } : {}),
    ...(request.cassette ? { cassette: request.cassette } : {}),
    ...(request.mocks ? { mocks: request.mocks } : {}),
    ...(request.clock ? { clock: request.clock } : {}),
  }
}

/** Follows a started run to `run-finished`, answering prompts through `answer` when it gives one. */
export async function followCallRun(
  runs: RunRegistry,
  runId: string,
  call: ModelToolCall,
  answer: PromptAnswerer | undefined,
): Promise<CallOutcome> {
  const run = registryRun(runs, runId)
  const events: RunEvent[] = []
  for await (const raw of run.events) {
    const event = raw as RunEvent
    events.push(event)
    const control = answer?.(event, call)
    if (!control) continue
    try {
      await run.control(control)
    } catch (err) {
      await Promise.resolve(
        run.control({
          type: 'abort',
          reason: `The ${control.type} answer was refused: ${(err as Error).message}`.slice(0, 1_000),
        }),
      ).catch(() => undefined)
    }
  }
  return outcomeOf(events)
}

/** The model view of a finished run's events, as the AI SDK sends a tool result back to the model. */
export function outcomeOf(events: readonly RunEvent[]): CallOutcome {
  const finished = events.findLast((e) => e.type === 'run-finished')
  const status = finished?.type === 'run-finished' ? finished.status : Status.interrupted
  const error = events.findLast((e) => e.type === 'error')
  const errorText = error?.type === 'error' ? error.message : undefined
  if (status === Status.success) {
    const output = events.findLast((e) => e.type === 'output')
    const model = output?.type === 'output' ? output.views.model : undefined
    return { status, output: toResultOutput(model) }
  }
  if (status === Status.declined) {
    const resolved = events.findLast((e) => e.type === 'approval-resolved')
    const reason = resolved?.type === 'approval-resolved' ? resolved.reason : undefined
    return { status, output: { type: 'execution-denied', ...(reason ? { reason } : {}) } }
  }
  if (status === Status.error) {
    const model = error?.type === 'error' ? error.views.model : undefined
    return {
      status,
      output: model ? toResultOutput(model) : { type: 'error-text', value: errorText ?? 'The tool failed.' },
      error: errorText,
    }
  }
  const aborted = events.findLast((e) => e.type === 'aborted')
  const reason = (aborted?.type === 'aborted' && aborted.reason) || errorText || `The run ended ${status}.`
  return { status, output: { type: 'error-text', value: reason }, error: reason }
}

/** A run's model view as a tool-result output: the same union, JSON `undefined` sent as null. */
function toResultOutput(model: unknown): LanguageModelV3ToolResultOutput {
  const view = model as LanguageModelV3ToolResultOutput | undefined
  if (!view) return { type: 'json', value: null }
  if (view.type === 'json' || view.type === 'error-json')
    return { ...view, value: view.value === undefined ? null : view.value }
  return view
}
