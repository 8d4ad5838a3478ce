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

  it("the tool's console calls become log events with level and file:line, in order, between input and output", async () => {
    const events = await server.events(await server.startRun({ toolId: 'console-chatter', input: { count: 2 } }))
    expect(finished(events).status).toBe('success')
    const logs = events.filter((e): e is Of<'log'> => e.type === 'log' && e.source === 'console')
    expect(logs.map((l) => [l.level, l.message.split('\n')[0], l.location])).toEqual([
      ['info', 'chatter line 0 { at: 0 }', 'diagnostics.ts:24'],
      ['info', 'chatter line 1 { at: 1 }', 'diagnostics.ts:24'],
      ['warn', 'careful: x', 'diagnostics.ts:25'],
      ['error', 'Error: logged, not thrown', 'diagnostics.ts:26'],
    ])
    const types = events.map((e) => e.type)
    expect(types.indexOf('log')).toBeGreaterThan(types.indexOf('input-available'))
    expect(types.lastIndexOf('log')).toBeLessThan(types.indexOf('output'))
  })

  it('bounds console messages in size and count per run, and the next run starts counting afresh', async () => {
    const events = await server.events(
      await server.startRun({ toolId: 'console-chatter', input: { count: 1_200, size: 20_000 } }),
    )
    const logs = events.filter((e): e is Of<'log'> => e.type === 'log' && e.source === 'console')
    expect(logs).toHaveLength(1_001)
    expect(logs.at(-1)!.message).toMatch(/Further console output dropped/)
    const next = await server.events(
      await server.startRun({ toolId: 'console-chatter', input: { count: 0, size: 20_000 } }),
    )
    const warn = next.find((e): e is Of<'log'> => e.type === 'log' && e.level === 'warn')!
    expect(warn.message.length).toBeLessThan(8_300)
    expect(warn.message).toMatch(/cut at 8192 characters/)
  })
})
