// Builds the execution context a tool sees inside runTool(), shaped by the caller (agent, workflow, mcp, direct),
// wiring suspend, writer, workflow state and MCP elicitation to the run's events.

import type { Caller } from './events.ts'
import type {
  ElicitationRequest,
  ElicitationResult,
  LogLevel,
  RequestContextLike,
  SuspendOptions,
  ToolExecutionContext,
  ToolMessage,
  ToolObserve,
  ToolWriter,
} from './types.ts'

/** What the run offers the context: event emitters and waits. */
export interface RunContextPorts {
  caller: Caller
  toolCallId: string
  messages: ToolMessage[]
  requestContext: RequestContextLike
  /** The Mastra instance the tool was registered with (Mastra's agents hand it to every tool call); undefined alone. */
  mastra: unknown
  abortSignal: AbortSignal
  observe: ToolObserve
  resumeData: unknown
  /** Current workflow state (kept by the run across executions). */
  workflowState: { value: unknown }
  onSuspend(payload: unknown, options?: SuspendOptions): void
  onWrite(chunk: unknown): void
  onStateChange(state: unknown): void
  onMcpLog(level: LogLevel, message: string, data?: unknown): void
  elicit(request: ElicitationRequest): Promise<ElicitationResult>
}

/** The execution context for one attempt of `execute`. */
export function buildRunContext(ports: RunContextPorts): ToolExecutionContext {
  const suspend = async (payload: unknown, options?: SuspendOptions): Promise<void> => {
    ports.onSuspend(payload, options)
  }
  const write = async (chunk: unknown): Promise<void> => {
    ports.onWrite(chunk)
  }
  const writer: ToolWriter = { write, custom: write }
  const resumeData = ports.resumeData
  const context: ToolExecutionContext = {
    requestContext: ports.requestContext,
    mastra: ports.mastra,
    abortSignal: ports.abortSignal,
    observe: ports.observe,
    writer,
    suspend,
    toolCallId: ports.toolCallId,
    ...(resumeData !== undefined ? { resumeData } : {}),
  }
  if (ports.caller === 'agent') {
    context.agent = { agentId: '', toolCallId: ports.toolCallId, messages: ports.messages, suspend, resumeData, writer }
  } else if (ports.caller === 'workflow') {
    const workflow = {
      runId: ports.toolCallId,
      workflowId: 'toolscope',
      state: ports.workflowState.value,
      setState: (state: unknown) => {
        ports.workflowState.value = state
        workflow.state = state
        ports.onStateChange(state)
      },
      suspend,
      resumeData,
    }
    context.workflow = workflow
  } else if (ports.caller === 'mcp') {
    context.mcp = {
      elicitation: { sendRequest: (request) => ports.elicit(request) },
      progress: async (progress, total, message) => {
        ports.onMcpLog('info', message ?? `progress ${progress}${total !== undefined ? `/${total}` : ''}`, {
          progress,
          total,
        })
      },
      log: async (level, data) => {
        ports.onMcpLog(level, typeof data === 'string' ? data : 'mcp log', typeof data === 'string' ? undefined : data)
      },
      extra: {},
    }
  }
  return context
}

/** A fresh tool call id, like the ones models hand out. */
export function newToolCallId(): string {
  const uuid = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto?.randomUUID?.()
  return `call_${uuid ?? Math.random().toString(36).slice(2)}`
}
