// A run's HTTP exchanges, from its events: each `http-request` with the `http-response` or `http-error` of the same
// request id, in the order the requests were made. And the reverse trip: exchanges as mock rules to edit.
import type { Mocks, RunEvent } from '../../shared/protocol.ts'
import { FORMAT_VERSIONS } from '../../shared/formats/versions.ts'

type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>

/** One request and what came of it (nothing yet while it is in flight). */
export interface Exchange {
  requestId: string
  request: EventOf<'http-request'>
  response?: EventOf<'http-response'>
  error?: EventOf<'http-error'>
}

/** The exchanges of a run, in request order. */
export function exchangesOf(events: readonly RunEvent[]): Exchange[] {
  const byId = new Map<string, Exchange>()
  for (const e of events) {
    if (e.type === 'http-request') byId.set(e.requestId, { requestId: e.requestId, request: e })
    else if (e.type === 'http-response' || e.type === 'http-error') {
      const exchange = byId.get(e.requestId)
      if (!exchange) continue
      if (e.type === 'http-response') exchange.response = e
      else exchange.error = e
    }
  }
  return [...byId.values()]
}

/** A body's text as JSON when it parses, else undefined. */
function jsonOf(text: string | undefined): { ok: true; value: unknown } | undefined {
  if (text === undefined) return undefined
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

/**
 * Mock rules that answer the same requests the same way: one rule per exchange (exact method and URL, in order, each
 * answering once), so a recorded or live run becomes a starting point to edit. Cut bodies stay cut.
 */
export function mocksFromExchanges(exchanges: readonly Exchange[]): Mocks {
  const rules: Mocks['rules'] = []
  for (const { request, response, error } of exchanges) {
    const base = { method: request.method, url: request.url, times: 1 }
    if (error) {
      rules.push({ ...base, error: error.message })
      continue
    }
    if (!response) continue
    const json = jsonOf(response.body?.text)
    const contentType = response.headers['content-type']
    const body = json ? { json: json.value } : response.body?.text !== undefined ? { text: response.body.text } : {}
    rules.push({
      ...base,
      response: {
        status: response.statusCode,
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
        ...body,
      },
    })
  }
  return { version: FORMAT_VERSIONS.mocks, rules, unmatched: 'fail' }
}
