// The stack and `cause` chain an `error` event carries when a tool throws: extra fields next to the Mastra views,
// bounded in depth and safe against cycles and hostile getters.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorDetails, isInterceptionFrame, MAX_CAUSES } from './errors.ts'
import { createTool, runTool } from './index.ts'
import type { RunEventOf } from './index.ts'

const dnsError = () => Object.assign(new Error('getaddrinfo ENOTFOUND api.example.com'), { code: 'ENOTFOUND' })

describe('errorDetails', () => {
  it('follows .cause from the outermost error, with name and code', () => {
    const inner = new TypeError('socket hang up')
    const error = new Error('fetch failed', { cause: Object.assign(dnsError(), { cause: inner }) })
    const details = errorDetails(error)
    expect(details.stack).toMatch(/^Error: fetch failed\n\s+at /)
    expect(details.causes).toEqual([
      { name: 'Error', message: 'getaddrinfo ENOTFOUND api.example.com', code: 'ENOTFOUND' },
      { name: 'TypeError', message: 'socket hang up' },
    ])
  })

  it("leaves Toolscope's network interception frames out of the stack, and keeps the tool's and Node's", () => {
    const own = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname)
    const error = new TypeError('fetch failed')
    error.stack = [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:14976:13',
      `    at async handle (${own('../network/intercept.ts')}:300:16)`,
      '    at async emitAsync (/app/node_modules/@mswjs/interceptors/src/utils/emitAsync.ts:23:5)',
      '    at async until (/app/node_modules/@open-draft/until/src/until.ts:23:18)',
      `    at async fetch (${own('../network/fetchAnswer.ts')}:59:22)`,
      '    at async execute (/app/src/network/tools.ts:12:17)',
    ].join('\n')
    // A user's own src/network/ folder is theirs: only Toolscope's is hidden.
    expect(errorDetails(error).stack).toBe(
      [
        'TypeError: fetch failed',
        '    at node:internal/deps/undici/undici:14976:13',
        '    at async execute (/app/src/network/tools.ts:12:17)',
      ].join('\n'),
    )
  })

  it('hides them in the compiled server too: dist/node/src/network/, or src/network/ again through its source maps', () => {
    const root = '/app/node_modules/toolscope'
    expect(
      isInterceptionFrame(`    at async handle (file://${root}/dist/node/src/network/intercept.js:280:16)`, root),
    ).toBe(true)
    expect(isInterceptionFrame(`    at async handle (${root}/src/network/intercept.ts:300:16)`, root)).toBe(true)
    expect(isInterceptionFrame(`    at async execute (/app/dist/node/src/network/tools.js:12:17)`, root)).toBe(false)
  })

  it('stops at a cycle and bounds a long chain', () => {
    const a = new Error('a')
    const b = new Error('b', { cause: a })
    ;(a as { cause?: unknown }).cause = b
    expect(errorDetails(a).causes?.map((c) => c.message)).toEqual(['b'])

    let deep: Error = new Error('root')
    for (let i = 0; i < 50; i++) deep = new Error(`level ${i}`, { cause: deep })
    const causes = errorDetails(deep).causes!
    expect(causes).toHaveLength(MAX_CAUSES + 1)
    expect(causes.at(-1)!.message).toMatch(/more causes/)
  })

  it('describes non-Error causes and survives throwing getters', () => {
    const hostile = {
      get message(): string {
        throw new Error('no')
      },
      get cause(): unknown {
        throw new Error('no')
      },
    }
    expect(errorDetails(new Error('x', { cause: 'plain text' })).causes).toEqual([{ message: 'plain text' }])
    expect(errorDetails(new Error('x', { cause: { message: 'object cause', code: 42 } })).causes).toEqual([
      { message: 'object cause', code: '42' },
    ])
    expect(errorDetails(hostile)).toEqual({})
    expect(errorDetails('a string')).toEqual({})
  })
})

describe('error event of a run', () => {
  it('carries the stack and causes of what execute threw, leaving the views as Mastra has them', async () => {
    const tool = createTool({
      id: 'fetch-profile',
      description: 'fails',
      inputSchema: z.object({}),
      execute: async () => {
        throw new Error('fetch failed', { cause: dnsError() })
      },
    })
    const result = await runTool(tool, { input: {} }).result
    const error = result.events.find((e) => e.type === 'error') as RunEventOf<'error'>
    expect(error.message).toBe('fetch failed')
    expect(error.stack).toMatch(/errorDetails\.test\.ts:\d+/)
    expect(error.causes).toEqual([
      { name: 'Error', message: 'getaddrinfo ENOTFOUND api.example.com', code: 'ENOTFOUND' },
    ])
    expect(JSON.stringify(error.views)).not.toContain('ENOTFOUND')
  })

  it('has neither for a validation failure', async () => {
    const tool = createTool({
      id: 'strict',
      description: 'x',
      inputSchema: z.object({ n: z.number() }),
      execute: async () => 1,
    })
    const result = await runTool(tool, { input: { n: 'x' } }).result
    const error = result.events.find((e) => e.type === 'error') as RunEventOf<'error'>
    expect(error.validationErrors).toBeDefined()
    expect(error).not.toHaveProperty('stack')
    expect(error).not.toHaveProperty('causes')
  })
})

describe('what a host adds and what the error brings are scrubbed of secrets too', () => {
  it('run.console() events and the cause chain never carry a secret request-context value', async () => {
    const tool = createTool({
      id: 'leaky',
      description: 'x',
      inputSchema: z.object({}),
      execute: async (_input, ctx) => {
        const key = String(ctx.requestContext!.get('apiKey'))
        await new Promise((resolve) => setTimeout(resolve, 5))
        throw new Error(`request with ${key} failed`, { cause: new Error(`401 for ${key}`) })
      },
    })
    const run = runTool(tool, { input: {}, requestContext: { apiKey: 'sk-live-999' } })
    run.console('info', 'calling with sk-live-999', 'tools/leaky.ts:9')
    const result = await run.result
    const log = result.events.find((e) => e.type === 'log') as RunEventOf<'log'>
    expect(log).toMatchObject({ level: 'info', source: 'console', location: 'tools/leaky.ts:9' })
    const error = result.events.find((e) => e.type === 'error') as RunEventOf<'error'>
    expect(error.causes).toHaveLength(1)
    expect(JSON.stringify(result.events)).not.toContain('sk-live-999')
  })
})
