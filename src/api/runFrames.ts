// Turns one SSE frame of a run stream into a RunEvent, or into a FrameProblem that names the event type and
// the field that failed the protocol. Each frame is decoded on its own, so one bad frame never costs the others.
import type { RunEvent } from '../shared/protocol.ts'
import { RunEventFrame } from '../shared/passthroughViews.ts'
import type { SseFrame } from './sseParser.ts'

/** A frame the client could not accept: shown in the run view as an error, never as "offline". */
export interface FrameProblem {
  /** The frame's `event:` type (or the `type` field of its data when the frame had none). */
  eventType: string
  /** The frame's `id:` (the event's seq) when it had one. */
  id?: string
  /** Dotted path of the first failing field; `(data)` when the data was not JSON at all. */
  field: string
  message: string
}

/** The result of decoding one frame. */
export type DecodedFrame = { ok: true; event: RunEvent } | { ok: false; problem: FrameProblem }

/** Parses a frame's JSON data with the protocol's RunEvent schema, passthrough views expanded (RunEventFrame). */
export function decodeRunFrame(frame: SseFrame): DecodedFrame {
  let json: unknown
  try {
    json = JSON.parse(frame.data)
  } catch {
    return {
      ok: false,
      problem: { eventType: frame.event, id: frame.id, field: '(data)', message: 'data is not JSON' },
    }
  }
  const parsed = RunEventFrame.safeParse(json)
  if (parsed.success) return { ok: true, event: parsed.data }
  const issue = parsed.error.issues[0]
  const declared =
    typeof (json as { type?: unknown } | null)?.type === 'string' ? (json as { type: string }).type : undefined
  return {
    ok: false,
    problem: {
      eventType: frame.event !== 'message' ? frame.event : (declared ?? frame.event),
      id: frame.id,
      field: issue?.path.length ? issue.path.map(String).join('.') : '(root)',
      message: issue?.message ?? 'does not match the protocol',
    },
  }
}

/** One line for the run view: `Event "output" (#4) does not match the protocol: views.raw — Invalid input`. */
export function describeFrameProblem(p: FrameProblem): string {
  return `Event "${p.eventType}"${p.id !== undefined ? ` (#${p.id})` : ''} does not match the protocol: ${p.field} — ${p.message}`
}
