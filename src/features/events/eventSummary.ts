// One-line summaries of run events for the timeline, plus the category used for colour and filtering.
import type { RunEvent } from '../../shared/protocol.ts'
import { formatDuration } from '../../shared/duration.ts'

/** Timeline category of an event. */
export type EventCategory =
  | 'lifecycle'
  | 'input'
  | 'prompt'
  | 'hook'
  | 'log'
  | 'span'
  | 'chunk'
  | 'state'
  | 'network'
  | 'result'
  | 'error'

function short(value: unknown, max = 80): string {
  let s: string
  try {
    s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  } catch {
    s = String(value)
  }
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

/** Category of an event. */
export function eventCategory(e: RunEvent): EventCategory {
  switch (e.type) {
    case 'run-started':
    case 'run-finished':
    case 'paused':
    case 'background-attempt':
    case 'clock-skipped':
      return 'lifecycle'
    case 'input-start':
    case 'input-delta':
    case 'input-available':
      return 'input'
    case 'approval-requested':
    case 'approval-resolved':
    case 'suspended':
    case 'resumed':
    case 'elicitation-requested':
    case 'elicitation-resolved':
      return 'prompt'
    case 'hook-error':
      return 'hook'
    case 'log':
      return 'log'
    case 'span':
      return 'span'
    case 'writer-chunk':
      return 'chunk'
    case 'state-changed':
      return 'state'
    case 'http-request':
    case 'http-response':
      return 'network'
    case 'http-error':
      return 'error'
    case 'output':
      return 'result'
    case 'error':
    case 'aborted':
      return 'error'
  }
}

/** Short human description of an event. */
export function eventSummary(e: RunEvent): string {
  switch (e.type) {
    case 'run-started':
      return `${e.toolId} as ${e.caller}${e.stepping ? ', stepping' : ''}${e.background ? ', background' : ''}`
    case 'input-start':
      return `call ${e.toolCallId}`
    case 'input-delta':
      return short(e.inputTextDelta)
    case 'input-available':
      return short(e.input)
    case 'approval-requested':
      return `approval needed for ${short(e.input, 60)}`
    case 'approval-resolved':
      return e.approved ? 'approved' : `declined${e.reason ? `: ${e.reason}` : ''}`
    case 'suspended':
      return `suspended with ${short(e.payload, 60)}`
    case 'resumed':
      return `resumed with ${short(e.resumeData, 60)}`
    case 'writer-chunk':
      return short(e.chunk)
    case 'log':
      return `[${e.level}]${e.source === 'console' ? ' console' : ''} ${e.message}${e.data !== undefined ? ` ${short(e.data, 50)}` : ''}${e.location ? ` (${e.location})` : ''}`
    case 'span':
      return `${e.name} ${formatDuration(e.durationMs)}${e.status !== 'ok' ? ` failed: ${e.error ?? ''}` : ''}`
    case 'hook-error':
      return `${e.hook} threw: ${e.message}`
    case 'state-changed':
      return short(e.state)
    case 'elicitation-requested':
      return e.request.message
    case 'elicitation-resolved':
      return e.result.action
    case 'paused':
      return `before ${e.next}`
    case 'http-request':
      return `${e.method} ${e.url}`
    case 'http-response':
      return `${e.statusCode}${e.statusText ? ` ${e.statusText}` : ''} in ${formatDuration(e.durationMs)}${e.body ? ` (${e.body.bytes} bytes)` : ''}`
    case 'http-error':
      return `request failed after ${formatDuration(e.durationMs)}: ${e.message}`
    case 'clock-skipped':
      return `fake clock: ${e.timer} of ${formatDuration(e.ms)} fired at once (${formatDuration(e.totalMs)} skipped in all)`
    case 'output':
      return short(e.output)
    case 'error':
      return [e.message.split('\n')[0], ...(e.causes ?? []).map((c) => c.message.split('\n')[0])].join(' ← ')
    case 'aborted':
      return e.reason ?? 'aborted'
    case 'background-attempt':
      return `attempt ${e.attempt}${e.error ? ` failed: ${e.error}` : ''}`
    case 'run-finished':
      return `${e.status} in ${formatDuration(e.durationMs)}`
  }
}

/** "+12.3 ms" offset label. */
export function offsetLabel(at: number): string {
  return `+${formatDuration(at)}`
}
