import { describe, expect, it } from 'vitest'
import { Mocks, type RunEvent } from '../../shared/protocol.ts'
import { exchangesOf, mocksFromExchanges } from './exchanges.ts'

const at = { at: 1 }
const events: RunEvent[] = [
  { ...at, seq: 0, type: 'http-request', requestId: 'r1', method: 'GET', url: 'https://x/a', headers: {} },
  {
    ...at,
    seq: 1,
    type: 'http-request',
    requestId: 'r2',
    method: 'POST',
    url: 'https://x/b',
    headers: {},
    body: { text: '{"q":1}', bytes: 7 },
  },
  { ...at, seq: 2, type: 'http-error', requestId: 'r2', message: 'ECONNRESET', durationMs: 3 },
  {
    ...at,
    seq: 3,
    type: 'http-response',
    requestId: 'r1',
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: { text: '{"ok":true}', bytes: 11 },
    durationMs: 5,
  },
  { ...at, seq: 4, type: 'http-request', requestId: 'r3', method: 'GET', url: 'https://x/c', headers: {} },
]

describe('exchanges', () => {
  it('pair each request with its response or error, in request order; one in flight has neither', () => {
    const list = exchangesOf(events)
    expect(list.map((e) => [e.requestId, e.response?.statusCode, e.error?.message])).toEqual([
      ['r1', 200, undefined],
      ['r2', undefined, 'ECONNRESET'],
      ['r3', undefined, undefined],
    ])
  })

  it('become mock rules answering the same way, once each, that the schema accepts', () => {
    const mocks = mocksFromExchanges(exchangesOf(events))
    expect(mocks.rules).toEqual([
      {
        method: 'GET',
        url: 'https://x/a',
        times: 1,
        response: { status: 200, headers: { 'content-type': 'application/json' }, json: { ok: true } },
      },
      { method: 'POST', url: 'https://x/b', times: 1, error: 'ECONNRESET' },
    ])
    expect(Mocks.safeParse(mocks).success).toBe(true)
    // Written in the current mocks format, so a later Toolscope can upgrade it.
    expect(mocks.version).toBe(1)
  })
})
