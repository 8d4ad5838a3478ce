// Turns the playground's drafts (editor texts and context fields) into a StartRunBody, or the reason why
// it cannot: the Run button is disabled with that reason instead of sending something the server rejects.
import { CASSETTE_NAME, Mocks, type Caller, type NetworkMode, type StartRunBody } from '../../shared/protocol.ts'
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

/** The network settings next to Run: the mode, the cassette to replay, the name to record under, the mock rules. */
export interface NetworkDraft {
  mode: NetworkMode
  /** Replay: the cassette's name. */
  cassette: string
  /** Record: the name to save the recording under (empty: kept with the run only). */
  recordAs: string
  /** Mock: the rules as JSON text. */
  mocks: string
}

export const defaultNetworkDraft: NetworkDraft = {
  mode: 'live',
  cassette: '',
  recordAs: '',
  mocks: '{\n  "rules": []\n}',
}

/** Everything typed for one tool. */
export interface RunDrafts {
  input: string
  requestContext: string
  context: ContextDraft
  network?: NetworkDraft
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
    if (!rc.value || typeof rc.value !== 'object' || Array.isArray(rc.value))
      return { ok: false, reason: 'Request context: must be a JSON object' }
    body.requestContext = rc.value as Record<string, unknown>
  }
  if (drafts.context.messages.trim()) {
    const m = parseJson(drafts.context.messages)
    if (!m.ok) return { ok: false, reason: `Messages: ${m.message}` }
    if (
      !Array.isArray(m.value) ||
      !m.value.every((x) => x && typeof x === 'object' && typeof (x as { role?: unknown }).role === 'string')
    ) {
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
    if (!Number.isInteger(n) || n < 1 || n > 100_000)
      return { ok: false, reason: 'Chunk size: a whole number from 1 to 100000' }
    body.stream = { chunkSize: n }
  }
  const network = networkFields(drafts.network ?? defaultNetworkDraft)
  if (!network.ok) return network
  return { ok: true, body: { ...body, ...network.fields } }
}

/** The network fields of a run request, or why the settings cannot be sent. */
function networkFields(
  draft: NetworkDraft,
): { ok: true; fields: Pick<StartRunBody, 'network' | 'cassette' | 'mocks'> } | { ok: false; reason: string } {
  switch (draft.mode) {
    case 'live':
      return { ok: true, fields: {} }
    case 'record': {
      const name = draft.recordAs.trim()
      if (name && !CASSETTE_NAME.test(name))
        return { ok: false, reason: 'Record as: use 1–100 letters, digits, ".", "-" or "_"' }
      return { ok: true, fields: { network: 'record', ...(name ? { cassette: name } : {}) } }
    }
    case 'replay':
      if (!draft.cassette) return { ok: false, reason: 'Replay: choose a cassette' }
      return { ok: true, fields: { network: 'replay', cassette: draft.cassette } }
    case 'mock': {
      const json = parseJson(draft.mocks)
      if (!json.ok) return { ok: false, reason: `Mocks: ${json.message}` }
      const mocks = Mocks.safeParse(json.value)
      if (!mocks.success) {
        const issue = mocks.error.issues[0]
        return { ok: false, reason: `Mocks: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` }
      }
      return { ok: true, fields: { network: 'mock', mocks: mocks.data } }
    }
  }
}
