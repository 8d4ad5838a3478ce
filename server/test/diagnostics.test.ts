// What a failing or chatty tool tells over HTTP: the error event's stack (source-mapped to the tool's .ts file)
// and cause chain, and the tool's console output as `log` events of its run.

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { finished, startTestServer, type TestServer } from './helpers.ts'

type Of<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>

describe('diagnostics of a run over HTTP', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.stop())

  it('the error event carries a source-mapped stack and the cause chain', async () => {
    const events = await server.events(await server.startRun({ toolId: 'throws-with-cause', input: {} }))
    expect(finished(events).status).toBe('error')
    const error = events.find((e): e is Of<'error'> => e.type === 'error')!
    expect(error.message).toBe('fetch failed')
    // Line 14 of the fixture is the `throw`: the TypeScript line, not the transpiled one.
    expect(error.stack).toMatch(/diagnostics\.ts:14:\d+/)
    expect(error.causes).toEqual([
      { name: 'Error', message: 'getaddrinfo ENOTFOUND api.example.com', code: 'ENOTFOUND' },
      { message: 'no such host', code: 'EAI_NONAME' },
    ])
  })
})
