// The context a direct `tool.execute(input, context)` hands the user function, organised exactly as Mastra 1.x's
// Tool does: flat agent fields regrouped under `agent`, flat workflow fields under `workflow`, the suspend payload
// recorded for validation. Toolscope adds `observe` (a no-op without tracing), always present.

import { noopObserve } from './observe.ts'
import type { RequestContextLike, SuspendOptions } from './types.ts'

type AnyContext = Record<string, any>
type Suspend = (payload: unknown, options?: SuspendOptions) => unknown

/** Records the payload of a suspend() call during one direct execution; Mastra validates it only when truthy. */
export interface SuspendRecord {
  payload: unknown
}

/** The context of a call made with no context at all: what Mastra gives, plus `observe`. */
export function bareContext(requestContext: RequestContextLike): AnyContext {
  return { requestContext, mastra: undefined, observe: noopObserve }
}

function recording(record: SuspendRecord, inner: Suspend | undefined): Suspend {
  return (payload, options) => {
    record.payload = payload
    return inner?.(payload, options)
  }
}

/** Mastra's organisation of a caller's context; `requestContext` is what the tool reads (its own view when a schema applies). */
export function organizeContext(
  ctx: AnyContext,
  requestContext: RequestContextLike,
  record: SuspendRecord,
): AnyContext {
  const base: AnyContext = ctx.suspend ? { ...ctx, suspend: recording(record, ctx.suspend) } : { ...ctx }
  const observe = ctx.observe ?? noopObserve
  const isAgent = base.toolCallId && base.messages
  const isWorkflow = !isAgent && (base.workflow || base.workflowId)
  if (isAgent && !base.agent) {
    const {
      agentId,
      toolCallId,
      messages,
      suspend,
      resumeData,
      suspendPayload,
      threadId,
      resourceId,
      writableStream,
      isBackgroundTask,
      background,
      ...rest
    } = base
    const agent = {
      agentId: agentId || '',
      toolCallId,
      messages,
      suspend,
      resumeData,
      suspendPayload,
      threadId,
      resourceId,
      writableStream,
      ...(isBackgroundTask ? { isBackgroundTask: true } : {}),
    }
    return { ...rest, background, agent, requestContext, observe }
  }
  if (isWorkflow && !base.workflow) {
    const { workflowId, runId, state, setState, suspend, resumeData, suspendPayload, ...rest } = base
    return {
      ...rest,
      workflow: { workflowId, runId, state, setState, suspend, resumeData, suspendPayload },
      requestContext,
      observe,
    }
  }
  const agent = base.agent
    ? { ...base.agent, agentId: base.agent.agentId ?? '', suspend: recording(record, base.agent.suspend) }
    : base.agent
  const workflow = base.workflow
    ? { ...base.workflow, suspend: recording(record, base.workflow.suspend) }
    : base.workflow
  return { ...base, agent, workflow, requestContext, observe }
}

/** Resume data of a direct call, wherever the caller put it (Mastra checks all three places). */
export function resumeDataOf(ctx: AnyContext | undefined | null): unknown {
  return ctx ? (ctx.resumeData ?? ctx.agent?.resumeData ?? ctx.workflow?.resumeData) : undefined
}
