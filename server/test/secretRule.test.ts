// One secret rule everywhere: a key the runtime's `isSecretKey` calls secret is redacted alike by the network layer
// (headers and query values of network events), in the request context the history stores and serves, and in a run
// export; a key it does not call secret is kept by all of them. Fails as soon as one of them keeps a list of its own.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSecretKey, REDACTED } from '../../src/runtime/index.ts'
import { redactHeaders, redactUrl } from '../../src/network/intercept.ts'
import { RunDetail, RunExport } from '../../src/shared/protocol.ts'
import { startTestServer, type TestServer } from './helpers.ts'

/** Names of every kind: one per fragment of the rule (in varied case), and ordinary ones (none a built-in header name). */
const NAMES = [
  'dbPassword',
  'clientSecret',
  'x-refresh-token',
  'openaiApiKey',
  'OPENAI_API_KEY',
  'authScheme',
  'cloudCredential',
  'tenant',
  'locale',
  'region',
]
const valueOf = (name: string) => `v-${name.toLowerCase()}-0042`
const expected = Object.fromEntries(NAMES.map((name) => [name, isSecretKey(name) ? REDACTED : valueOf(name)]))

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.stop())

describe('the secret-key rule', () => {
  it('covers both kinds of names in this table (so the comparisons below can fail)', () => {
    expect(NAMES.filter(isSecretKey)).toHaveLength(7)
  })

  it('is what the network layer redacts in headers and query values', () => {
    const headers = redactHeaders(new Headers(NAMES.map((name): [string, string] => [name, valueOf(name)])))
    expect(Object.fromEntries(NAMES.map((name) => [name, headers[name.toLowerCase()]]))).toEqual(expected)
    const url = new URL(redactUrl(`http://127.0.0.1/p?${NAMES.map((name) => `${name}=${valueOf(name)}`).join('&')}`))
    expect(Object.fromEntries(NAMES.map((name) => [name, url.searchParams.get(name)]))).toEqual(expected)
  })

  it('is what the history stores of a request context, and what a run export holds', async () => {
    const requestContext = Object.fromEntries(NAMES.map((name) => [name, valueOf(name)]))
    const runId = await server.startRun({ toolId: 'echo', input: { text: 'hi' }, requestContext })
    await server.events(runId)
    const detail = RunDetail.parse(await (await server.api(`/api/runs/${runId}`)).json())
    expect(detail.request.requestContext).toEqual(expected)
    const exported = RunExport.parse(await (await server.api(`/api/runs/${runId}/export`)).json())
    expect(exported.run.request.requestContext).toEqual(expected)
  })
})
