// A run parked while it waits for a person (approval, resume data), as plain data: everything needed to continue it
// in another worker or process. Nothing of the tool runs during such a wait (Mastra itself re-runs `execute` on
// approval and resume), so the run can be rebuilt from its input, request context and workflow state alone.

import { isPlainObject } from './plainObject.ts'
import type { Caller } from './events.ts'
import type { ParkedStatus } from './status.ts'

/** A snapshot of a run waiting for approval or resume data; `runTool(tool, { continueFrom })` continues it. */
export interface RunCheckpoint {
  /** The wait the run is parked in: the next control must be approve/decline, or resume. */
  state: ParkedStatus
  toolId: string
  toolCallId: string
  caller: Caller
  background: boolean
  /** The validated input execute receives. */
  input: unknown
  /** The request context's values, with what the tool set or deleted so far. */
  requestContext: Record<string, unknown>
  workflowState: unknown
  /** Sequence number of the continuation's first event. */
  nextSeq: number
  /** When the run started (epoch ms): event times and the duration go on from it. */
  startedAt: number
  /** The run's whole `timeoutMs` budget and what is left of it (time spent waiting does not count). */
  timeoutMs?: number
  timeLeftMs?: number
}

/** Nesting beyond which a value is not checkpointed (the run keeps its worker instead). */
const MAX_DEPTH = 64

/**
 * True when `value` survives a structured copy unchanged in meaning: primitives, dense arrays, plain objects and
 * Dates. A class instance (its prototype would be lost), a function or a symbol makes a run not checkpointable.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || value === undefined) return true
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'bigint':
      return true
    case 'object':
      break
    default:
      return false
  }
  if (depth >= MAX_DEPTH) return false
  if (value instanceof Date) return true
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainData(value[i], depth + 1)) return false
    return true
  }
  if (!isPlainObject(value) || Object.getOwnPropertySymbols(value).length > 0) return false
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    if (!descriptor || descriptor.get || descriptor.set || !isPlainData(descriptor.value, depth + 1)) return false
  }
  return true
}
