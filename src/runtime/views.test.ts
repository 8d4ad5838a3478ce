// Views on payload events: transform (passthrough, placeholder, failed, suppressed, context shape), toModelOutput
// (defaults, content, wrapping, throwing), hooks (order, arguments, hook-error) and observe/writer events.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, runTool } from './index.ts'
import type { RunEvent, RunEventOf, ToolPayloadTransformContext } from './index.ts'

const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) =>
  events.filter((e) => e.type === type) as RunEventOf<T>[]

describe('transform views', () => {
  it('passes raw values through when no transform is configured', async () => {
    const tool = createTool({ id: 'plain', description: 'd', execute: async () => ({ secretish: 1 }) })
    const { views } = await runTool(tool, { input: { a: 1 } }).result
    expect(views.display).toEqual({ value: { secretish: 1 }, passthrough: true })
    expect(views.transcript).toEqual({ value: { secretish: 1 }, passthrough: true })
  })

  it('applies per-target functions, placeholders for missing phases and suppresses deltas without a function', async () => {
    const contexts: ToolPayloadTransformContext[] = []
    const tool = createTool({
      id: 'customer',
      description: 'd',
      inputSchema: z.object({ customerId: z.string(), internalPath: z.string() }),
      execute: async () => ({ displayName: 'Acme', apiKey: 'secret-value' }),
      transform: {
        display: {
          output: (ctx) => (contexts.push(ctx), { displayName: (ctx.output as { displayName: string }).displayName }),
          inputDelta: ({ inputTextDelta }) => inputTextDelta?.toUpperCase(),
        },
        transcript: { input: ({ input }) => ({ customerId: input?.customerId }), output: () => undefined },
      },
    })
    const result = await runTool(tool, { input: { customerId: 'c1', internalPath: '/x' }, toolCallId: 'call-9' }).result
    const delta = ofType(result.events, 'input-delta')[0]
    expect(delta.views.display.value).toBe(delta.inputTextDelta.toUpperCase())
    expect(delta.views.transcript).toEqual({ value: undefined, suppressed: true })
    const input = ofType(result.events, 'input-available')[0]
    expect(input.views.display).toEqual({
      value: { message: 'Tool input-available payload unavailable' },
      placeholder: true,
    })
    expect(input.views.transcript).toEqual({ value: { customerId: 'c1' } })
    expect(result.views.display).toEqual({ value: { displayName: 'Acme' } })
    expect(result.views.transcript).toEqual({
      value: { message: 'Tool output-available payload unavailable' },
      placeholder: true,
    })
    expect(result.views.raw).toEqual({ displayName: 'Acme', apiKey: 'secret-value' })
    expect(contexts[0]).toEqual({
      target: 'display',
      phase: 'output-available',
      toolName: 'customer',
      toolCallId: 'call-9',
      input: { customerId: 'c1', internalPath: '/x' },
      output: { displayName: 'Acme', apiKey: 'secret-value' },
    })
  })

  it('marks a throwing transform failed, shows the placeholder and never fails the run', async () => {
    const tool = createTool({
      id: 't',
      description: 'd',
      execute: async () => 'ok',
      transform: {
        display: {
          output: () => {
            throw new Error('bad mapper')
          },
          inputDelta: () => {
            throw new Error('bad delta')
          },
        },
      },
    })
    const result = await runTool(tool, { input: {} }).result
    expect(result.status).toBe('success')
    expect(result.views.display).toEqual({
      value: { message: 'Tool output-available payload unavailable' },
      placeholder: true,
      failed: 'bad mapper',
    })
    expect(ofType(result.events, 'input-delta')[0].views.display).toEqual({
      value: undefined,
      suppressed: true,
      failed: 'bad delta',
    })
    expect(ofType(result.events, 'log').map((l) => l.message)).toContain(
      'Tool payload transform failed (display.output): bad mapper',
    )
  })

  it('covers error, approval, suspend and resume phases with the matching context fields', async () => {
    const seen: Record<string, unknown> = {}
    const record = (key: string) => (ctx: ToolPayloadTransformContext) => ((seen[key] = ctx), `${key}!`)
    const tool = createTool({
      id: 'phases',
      description: 'd',
      requireApproval: true,
      execute: async (_i: unknown, ctx) => {
        if (!ctx.resumeData) return void (await ctx.suspend?.({ q: 1 }))
        throw new Error('after resume')
      },
      transform: {
        display: {
          approval: record('approval'),
          suspend: record('suspend'),
          resume: record('resume'),
          error: record('error'),
        },
      },
    })
    const run = runTool(tool, { input: { a: 1 } })
    for await (const e of run.events) {
      if (e.type === 'approval-requested') run.approve()
      if (e.type === 'suspended') await run.resume({ r: 2 })
    }
    const result = await run.result
    expect(ofType(result.events, 'approval-requested')[0].views.display.value).toBe('approval!')
    expect(ofType(result.events, 'suspended')[0].views.display.value).toBe('suspend!')
    expect(ofType(result.events, 'resumed')[0].views.display.value).toBe('resume!')
    expect(result.views.display.value).toBe('error!')
    expect(seen.suspend).toMatchObject({ phase: 'suspend', suspendPayload: { q: 1 }, input: { a: 1 } })
    expect(seen.resume).toMatchObject({ phase: 'resume', resumeData: { r: 2 } })
    expect((seen.error as ToolPayloadTransformContext).error).toBeInstanceOf(Error)
  })
})

describe('model view', () => {
  const run = async (output: unknown, toModelOutput?: (o: any) => unknown) => {
    const tool = createTool({
      id: 'm',
      description: 'd',
      execute: async () => output,
      ...(toModelOutput ? { toModelOutput } : {}),
    })
    return runTool(tool, { input: {} }).result
  }

  it('defaults to text for strings and json otherwise', async () => {
    expect((await run('hello')).views.model).toEqual({ type: 'text', value: 'hello' })
    expect((await run({ a: 1 })).views.model).toEqual({ type: 'json', value: { a: 1 } })
  })

  it('uses toModelOutput: content parts kept, media parts normalised, other values wrapped as json', async () => {
    const content = {
      type: 'content',
      value: [
        { type: 'text', text: 'Oslo 3°C' },
        { type: 'image-url', url: 'https://x/r.png' },
        { type: 'media', data: 'AAA', mediaType: 'image/png' },
      ],
    }
    expect((await run({ t: 3 }, () => content)).views).toMatchObject({
      raw: { t: 3 },
      model: {
        type: 'content',
        value: [content.value[0], content.value[1], { type: 'image-data', data: 'AAA', mediaType: 'image/png' }],
      },
    })
    expect((await run({ t: 3 }, (o) => `${o.t} degrees`)).views.model).toEqual({ type: 'json', value: '3 degrees' })
  })

  it('turns a throwing toModelOutput into error-text and a log event, the run still succeeds', async () => {
    const result = await run({ t: 3 }, () => {
      throw new Error('no mapping')
    })
    expect(result.status).toBe('success')
    expect(result.views.model).toEqual({ type: 'error-text', value: 'toModelOutput failed: no mapping' })
    expect(ofType(result.events, 'log')[0]).toMatchObject({
      level: 'error',
      source: 'runtime',
      message: 'toModelOutput threw: no mapping',
    })
  })
})

describe('hooks', () => {
  it('are awaited in order start → delta×N → available → execute → output with their call shapes', async () => {
    const calls: Array<[string, any]> = []
    const tool = createTool({
      id: 'hooks',
      description: 'd',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => (calls.push(['execute', {}]), { city }),
      onInputStart: async (o) => void calls.push(['start', o]),
      onInputDelta: (o) => void calls.push(['delta', o]),
      onInputAvailable: (o) => void calls.push(['available', o]),
      onOutput: (o) => void calls.push(['output', o]),
    })
    const messages = [{ role: 'user', content: 'weather?' }]
    await runTool(tool, { input: { city: 'Lisbon' }, messages, toolCallId: 'c7', stream: { chunkSize: 8 } }).result
    expect(calls.map(([n]) => n)).toEqual(['start', 'delta', 'delta', 'delta', 'available', 'execute', 'output'])
    expect(calls[0][1]).toMatchObject({ toolCallId: 'c7', messages })
    expect(calls[0][1].abortSignal).toBeInstanceOf(AbortSignal)
    expect(calls[1][1]).toMatchObject({ inputTextDelta: '{"city":', toolCallId: 'c7' })
    expect(calls[4][1]).toMatchObject({ input: { city: 'Lisbon' }, messages })
    expect(calls[6][1]).toMatchObject({ output: { city: 'Lisbon' }, toolName: 'hooks', toolCallId: 'c7' })
    expect(calls[6][1]).not.toHaveProperty('messages')
  })

  it('report a throwing hook as hook-error and go on', async () => {
    const fail = (name: string) => () => {
      throw new Error(`${name} broke`)
    }
    const tool = createTool({
      id: 'bad-hooks',
      description: 'd',
      execute: async () => 'done',
      onInputStart: fail('start'),
      onInputDelta: fail('delta'),
      onInputAvailable: async () => Promise.reject(new Error('available broke')),
      onOutput: fail('output'),
    })
    const result = await runTool(tool, { input: {} }).result
    expect(result.status).toBe('success')
    expect(ofType(result.events, 'hook-error').map((e) => [e.hook, e.message])).toEqual([
      ['onInputStart', 'start broke'],
      ['onInputDelta', 'delta broke'],
      ['onInputAvailable', 'available broke'],
      ['onOutput', 'output broke'],
    ])
  })
})

describe('observe, writer', () => {
  it('reports spans (nested with parentSpanId, errors with status), logs and writer chunks', async () => {
    const tool = createTool({
      id: 'obs',
      description: 'd',
      execute: async (_i, ctx) => {
        await ctx.observe.span('outer', async () => {
          await ctx.observe.span('inner', () => 1, { step: 1 })
          ctx.observe.log('warn', 'careful', { n: 1 })
        })
        await ctx.observe
          .span('failing', () => {
            throw new Error('span broke')
          })
          .catch(() => {})
        await ctx.writer?.write({ progress: 50 })
        return 'ok'
      },
    })
    const { events } = await runTool(tool, { input: {} }).result
    const spans = ofType(events, 'span')
    expect(spans.map((s) => s.name)).toEqual(['inner', 'outer', 'failing'])
    const [inner, outer, failing] = spans
    expect(inner).toMatchObject({ parentSpanId: outer.spanId, attributes: { step: 1 }, status: 'ok' })
    expect(outer.parentSpanId).toBeUndefined()
    expect(outer.durationMs).toBeGreaterThanOrEqual(inner.durationMs)
    expect(failing).toMatchObject({ status: 'error', error: 'span broke' })
    expect(ofType(events, 'log')[0]).toMatchObject({
      level: 'warn',
      message: 'careful',
      data: { n: 1 },
      source: 'observe',
    })
    expect(ofType(events, 'writer-chunk')[0].chunk).toEqual({ progress: 50 })
  })

  it('reports MCP progress and log as log events with source mcp', async () => {
    const tool = createTool({
      id: 'mcp',
      description: 'd',
      execute: async (_i, ctx) => (
        await ctx.mcp?.progress?.(1, 2, 'half'), await ctx.mcp?.log?.('info', 'hello'), 'ok'
      ),
    })
    const { events } = await runTool(tool, { input: {}, caller: 'mcp' }).result
    expect(ofType(events, 'log').map((l) => [l.source, l.message])).toEqual([
      ['mcp', 'half'],
      ['mcp', 'hello'],
    ])
  })
})
