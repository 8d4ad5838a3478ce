// Pure reducer that turns a run's event log into the view state the playground shows.
// The UI derives everything (status, prompts, views per phase, spans, logs) from it, so a run replayed
// after a reload shows exactly what the live run showed. Replayed duplicates (seq already seen) are ignored.

import type { RunEvent, Truncation, Views } from './protocol.ts'
import type { ViewPhase } from '../runtime/events.ts'
import { IDLE, isFinalStatus, statusAfter, type RunLifecycleStatus, type Status } from '../runtime/status.ts'

/** Status shown in the playground: every status of a run but the server's queue, plus `idle` before the first event. */
export type RunUiStatus = typeof IDLE | Exclude<RunLifecycleStatus, typeof Status.queued>

/** Payload phases that carry views (the Compare panels' phase picker): the runtime's type, defined once there. */
export type { ViewPhase }

type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>

/** A span with its children, built from flat `span` events (children often finish, and arrive, first). */
export interface SpanNode {
  span: EventOf<'span'>
  children: SpanNode[]
}

/** Everything the playground shows about one run. */
export interface RunState {
  status: RunUiStatus
  /** Highest seq applied; -1 before any event. */
  lastSeq: number
  events: RunEvent[]
  toolId?: string
  toolCallId?: string
  caller?: EventOf<'run-started'>['caller']
  stepping: boolean
  background: boolean
  /** Concatenated input deltas: the input text as streamed. */
  inputText: string
  input?: unknown
  output?: unknown
  error?: Pick<EventOf<'error'>, 'message' | 'validationErrors' | 'stack' | 'causes'>
  /** Latest views per payload phase. */
  views: Partial<Record<ViewPhase, Views>>
  /** Phases in the order they first produced views. */
  phases: ViewPhase[]
  /** Phases whose latest views were cut to the server's size limit (what was cut and its original size). */
  truncated: Partial<Record<ViewPhase, Truncation>>
  approval?: { seq: number; input: unknown; views: Views; pending: boolean; approved?: boolean; reason?: string }
  suspension?: {
    seq: number
    payload: unknown
    resumeSchema?: Record<string, unknown>
    resumeLabel?: string | string[]
    views: Views
    pending: boolean
  }
  elicitation?: { seq: number; request: EventOf<'elicitation-requested'>['request']; pending: boolean; action?: string }
  /** The phase a stepping run is paused before. */
  pausedBefore?: EventOf<'paused'>['next']
  spans: EventOf<'span'>[]
  logs: EventOf<'log'>[]
  chunks: unknown[]
  hookErrors: EventOf<'hook-error'>[]
  workflowState?: unknown
  attempts: EventOf<'background-attempt'>[]
  abortReason?: string
  durationMs?: number
  finished: boolean
}

/** State before the first event. */
export const initialRunState: RunState = {
  status: IDLE,
  lastSeq: -1,
  events: [],
  stepping: false,
  background: false,
  inputText: '',
  views: {},
  phases: [],
  truncated: {},
  spans: [],
  logs: [],
  chunks: [],
  hookErrors: [],
  attempts: [],
  finished: false,
}

/** True once the run can no longer change (the final statuses of the vocabulary, runtime/status.ts). */
export function isFinal(status: RunUiStatus): boolean {
  return isFinalStatus(status)
}

function withViews(
  state: RunState,
  phase: ViewPhase,
  views: Views,
  truncated?: Truncation,
): Pick<RunState, 'views' | 'phases' | 'truncated'> {
  const { [phase]: _previous, ...others } = state.truncated
  return {
    views: { ...state.views, [phase]: views },
    phases: state.phases.includes(phase) ? state.phases : [...state.phases, phase],
    truncated: truncated ? { ...others, [phase]: truncated } : others,
  }
}

/** Applies one event. Events at or below `lastSeq` are replays and change nothing. */
export function applyRunEvent(state: RunState, event: RunEvent): RunState {
  if (event.seq <= state.lastSeq) return state
  const s: RunState = { ...state, lastSeq: event.seq, events: [...state.events, event] }
  return reduce(s, event, false)
}

/** Applies a batch in one go (one array copy instead of one per event: replays of 10,000 events stay fast). */
export function applyRunEvents(state: RunState, events: readonly RunEvent[]): RunState {
  const fresh: RunEvent[] = []
  let last = state.lastSeq
  for (const e of events) {
    if (e.seq > last) {
      fresh.push(e)
      last = e.seq
    }
  }
  if (fresh.length === 0) return state
  // The batch owns fresh copies of the list fields, so reduce() may push into them instead of copying per event.
  let s: RunState = {
    ...state,
    events: [...state.events, ...fresh],
    logs: [...state.logs],
    spans: [...state.spans],
    chunks: [...state.chunks],
    hookErrors: [...state.hookErrors],
    attempts: [...state.attempts],
  }
  for (const e of fresh) s = reduce({ ...s, lastSeq: e.seq }, e, true)
  return s
}

type ListKey = 'logs' | 'spans' | 'chunks' | 'hookErrors' | 'attempts'

/** Appends to a list field: in place when the caller owns the arrays (a batch), else as a copy. */
function add<K extends ListKey>(s: RunState, key: K, value: RunState[K][number], owned: boolean): RunState {
  if (owned) {
    ;(s[key] as unknown[]).push(value)
    return s
  }
  return { ...s, [key]: [...s[key], value] }
}

function reduce(s: RunState, e: RunEvent, owned: boolean): RunState {
  if (isFinal(s.status) && e.type !== 'run-finished') return s
  // The one state machine decides the status; the cases below only collect what the event carries.
  const status = statusAfter(s.status, e) as RunUiStatus
  switch (e.type) {
    case 'run-started':
      return {
        ...s,
        status,
        toolId: e.toolId,
        toolCallId: e.toolCallId,
        caller: e.caller,
        stepping: e.stepping,
        background: e.background,
      }
    case 'input-start':
      return { ...s, status }
    case 'input-delta':
      return { ...s, status, inputText: s.inputText + e.inputTextDelta }
    case 'input-available':
      return { ...s, status, input: e.input, ...withViews(s, 'input', e.views, e.truncated) }
    case 'approval-requested':
      return {
        ...s,
        status,
        approval: { seq: e.seq, input: e.input, views: e.views, pending: true },
        ...withViews(s, 'approval', e.views, e.truncated),
      }
    case 'approval-resolved': {
      const approval = s.approval && { ...s.approval, pending: false, approved: e.approved, reason: e.reason }
      return { ...s, approval, status }
    }
    case 'suspended':
      return {
        ...s,
        status,
        suspension: {
          seq: e.seq,
          payload: e.payload,
          resumeSchema: e.resumeSchema,
          resumeLabel: e.resumeLabel,
          views: e.views,
          pending: true,
        },
        ...withViews(s, 'suspend', e.views, e.truncated),
      }
    case 'resumed':
      return {
        ...s,
        status,
        suspension: s.suspension && { ...s.suspension, pending: false },
        ...withViews(s, 'resume', e.views, e.truncated),
      }
    case 'elicitation-requested':
      return { ...s, status, elicitation: { seq: e.seq, request: e.request, pending: true } }
    case 'elicitation-resolved':
      return {
        ...s,
        status,
        elicitation: s.elicitation && { ...s.elicitation, pending: false, action: e.result.action },
      }
    case 'paused':
      return { ...s, status, pausedBefore: e.next }
    case 'http-request':
    case 'http-response':
    case 'http-error':
    case 'clock-skipped':
      return { ...s, status }
    case 'writer-chunk':
      return add({ ...s, status }, 'chunks', e.chunk, owned)
    case 'log':
      return add(s, 'logs', e, owned)
    case 'span':
      return add(s, 'spans', e, owned)
    case 'hook-error':
      return add(s, 'hookErrors', e, owned)
    case 'state-changed':
      return { ...s, workflowState: e.state }
    case 'background-attempt':
      return add(s, 'attempts', e, owned)
    case 'output':
      return { ...s, status, output: e.output, ...withViews(s, 'output', e.views, e.truncated) }
    case 'error':
      return {
        ...s,
        status,
        error: { message: e.message, validationErrors: e.validationErrors, stack: e.stack, causes: e.causes },
        ...withViews(s, 'error', e.views, e.truncated),
      }
    case 'aborted':
      return { ...s, status, abortReason: e.reason }
    case 'run-finished':
      return { ...s, status, durationMs: e.durationMs, finished: true, pausedBefore: undefined }
  }
}

/** Builds the span forest; spans whose parent never arrived become roots. Children sorted by start time. */
export function buildSpanTree(spans: readonly EventOf<'span'>[]): SpanNode[] {
  const nodes = new Map<string, SpanNode>()
  for (const span of spans) nodes.set(span.spanId, { span, children: [] })
  const roots: SpanNode[] = []
  for (const node of nodes.values()) {
    const parent = node.span.parentSpanId ? nodes.get(node.span.parentSpanId) : undefined
    if (parent && parent !== node) parent.children.push(node)
    else roots.push(node)
  }
  const sort = (list: SpanNode[]) => {
    list.sort((a, b) => a.span.startedAt - b.span.startedAt)
    for (const n of list) sort(n.children)
  }
  sort(roots)
  return roots
}
