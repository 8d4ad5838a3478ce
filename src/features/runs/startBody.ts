// Turns the playground's drafts (editor texts and context fields) into a StartRunBody, or the reason why
// it cannot: the Run button is disabled with that reason instead of sending something the server rejects.
import type { Caller, StartRunBody } from '../../shared/protocol.ts'
import { parseJson } from '../editor/schemaDefaults.ts'

/** The "Context" fields of a run, as typed. */
export interface ContextDraft {
  caller: Caller
  /** JSON array of messages, or empty. */
  messages: string
  /** JSON workflow state, or empty. */
  workflowState: string
  /** Input streaming chunk size, or empty for the default. */
  chunkSize: string
}

export const defaultContextDraft: ContextDraft = { caller: 'agent', messages: '', workflowState: '', chunkSize: '' }

/** Everything typed for one tool. */
export interface RunDrafts {
  input: string
  requestContext: string
  context: ContextDraft
}

/** A body ready to send, or why not. */
export type StartBodyResult = { ok: true; body: StartRunBody } | { ok: false; reason: string }

export function buildStartBody(toolId: string, drafts: RunDrafts, stepping: boolean): StartBodyResult {
  const input = parseJson(drafts.input)
  if (!input.ok) return { ok: false, reason: `Input: ${input.message}` }
  const body: StartRunBody = { toolId, inputText: drafts.input, caller: drafts.context.caller }
  if (stepping) body.stepping = true
  if (drafts.requestContext.trim()) {
    const rc = parseJson(drafts.requestContext)
    if (!rc.ok) return { ok: false, reason: `Request context: ${rc.message}` }
    if (!rc.value || typeof rc.value !== 'object' || Array.isArray(rc.value)) return { ok: false, reason: 'Request context: must be a JSON object' }
    body.requestContext = rc.value as Record<string, unknown>
  }
  if (drafts.context.messages.trim()) {
    const m = parseJson(drafts.context.messages)
    if (!m.ok) return { ok: false, reason: `Messages: ${m.message}` }
    if (!Array.isArray(m.value) || !m.value.every((x) => x && typeof x === 'object' && typeof (x as { role?: unknown }).role === 'string')) {
      return { ok: false, reason: 'Messages: must be an array of { role, content }' }
    }
    body.messages = m.value as StartRunBody['messages']
  }
  if (drafts.context.workflowState.trim()) {
    const w = parseJson(drafts.context.workflowState)
    if (!w.ok) return { ok: false, reason: `Workflow state: ${w.message}` }
    body.workflowState = w.value
  }
  if (drafts.context.chunkSize.trim()) {
    const n = Number(drafts.context.chunkSize)
    if (!Number.isInteger(n) || n < 1 || n > 100_000) return { ok: false, reason: 'Chunk size: a whole number from 1 to 100000' }
    body.stream = { chunkSize: n }
  }
  return { ok: true, body }
}
