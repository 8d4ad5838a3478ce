// createTool(): config checks at creation, and direct `execute` with Mastra's validation order and messages,
// run once per schema library.

import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { LIBS } from './__fixtures__/libs.ts'
import { createTool, isTool, RequestContext, TOOL_BRAND } from './index.ts'
import type { ToolExecutionContext } from './index.ts'

describe('createTool config checks', () => {
  const base = { id: 't', description: 'd' }
  it.each([
    [{ description: 'd' }, '"id"'],
    [{ id: '', description: 'd' }, '"id"'],
    [{ id: 't' }, '"description"'],
    [{ id: 't', description: '  ' }, '"description"'],
    [{ ...base, inputSchema: { type: 'object' } }, '"inputSchema"'],
    [{ ...base, outputSchema: 'x' }, '"outputSchema"'],
    [{ ...base, suspendSchema: {} }, '"suspendSchema"'],
    [{ ...base, resumeSchema: 42 }, '"resumeSchema"'],
    [{ ...base, requestContextSchema: { '~standard': {} } }, '"requestContextSchema"'],
    [{ ...base, execute: 'nope' }, '"execute"'],
    [{ ...base, onInputStart: 1 }, '"onInputStart"'],
    [{ ...base, onInputDelta: {} }, '"onInputDelta"'],
    [{ ...base, onInputAvailable: true }, '"onInputAvailable"'],
    [{ ...base, onOutput: [] }, '"onOutput"'],
    [{ ...base, toModelOutput: 'text' }, '"toModelOutput"'],
    [{ ...base, requireApproval: 'yes' }, '"requireApproval"'],
    [{ ...base, transform: { display: { output: 'x' } } }, '"transform.display.output"'],
    [{ ...base, transform: { display: { outputs: () => 1 } } }, '"transform.display.outputs"'],
    [{ ...base, transform: { screen: {} } }, '"transform.screen"'],
    [{ ...base, background: { onComplete: 1 } }, '"background.onComplete"'],
  ])('rejects %j naming %s', (config, option) => {
    expect(() => createTool(config as never)).toThrow(option)
  })

  it('keeps every option on the tool and brands it', () => {
    const options = {
      id: 'all',
      description: 'every option',
      inputSchema: z.object({ a: z.string() }),
      outputSchema: z.object({ b: z.string() }),
      strict: true,
      toModelOutput: () => ({ type: 'text' as const, value: 'x' }),
      transform: { display: { output: () => 'd' } },
      suspendSchema: z.object({ s: z.string() }),
      resumeSchema: z.object({ r: z.string() }),
      requireApproval: true,
      mcp: { annotations: { title: 'All' }, _meta: { v: 1 } },
      requestContextSchema: z.object({ u: z.string() }),
      providerOptions: { openai: { x: 1 } },
      inputExamples: [{ input: { a: 'x' } }],
      background: { enabled: true, maxRetries: 2 },
      execute: async () => ({ b: 'ok' }),
      onInputStart: () => {},
      onInputDelta: () => {},
      onInputAvailable: () => {},
      onOutput: () => {},
    }
    const tool = createTool(options)
    for (const key of Object.keys(options) as Array<keyof typeof options>) {
      if (key === 'execute') expect(tool.userExecute).toBe(options.execute)
      else expect(tool[key]).toBe(options[key])
    }
    expect(tool[TOOL_BRAND]).toBe(true)
    expect(isTool(tool)).toBe(true)
  })
})

describe('isTool', () => {
  it('recognises the brand from another runtime copy and tools by shape, rejects others', () => {
    expect(isTool({ [Symbol.for('toolscope.tool')]: true })).toBe(true)
    expect(isTool({ id: 'm', description: 'mastra tool', execute: async () => 1 })).toBe(true)
    expect(isTool({ id: 'm', description: 'no execute' })).toBe(false)
    expect(isTool(null)).toBe(false)
    expect(isTool('tool')).toBe(false)
  })
})

describe.each(LIBS)('direct execute with $lib', ({ s }) => {
  const weather = createTool({
    id: 'weather',
    description: 'Weather',
    inputSchema: s.input,
    outputSchema: s.output,
    execute: async ({ city }) => ({ city, temp: 21 }),
  })

  it('validates input and output and returns the output', async () => {
    await expect(weather.execute!({ city: 'Paris' })).resolves.toEqual({ city: 'Paris', temp: 21 })
  })

  it('returns (never throws) an input validation error with Mastra message format', async () => {
    const result = (await weather.execute!({ city: 3 } as never)) as any
    expect(result.error).toBe(true)
    expect(result.message).toMatch(
      /^Tool input validation failed for weather\. Please fix the following errors and try again:\n- city: .+\n\nProvided arguments: \{\n {2}"city": 3\n\}$/,
    )
    // Mastra's tree: root messages in `errors`, one subtree per field.
    expect(result.validationErrors).toEqual({
      errors: [],
      fields: { city: { errors: [expect.any(String)], fields: {} } },
    })
  })

  it('accepts null for an optional field (Mastra strips nulls that fail) and nullish input for object schemas', async () => {
    const echo = createTool({ id: 'echo', description: 'e', inputSchema: s.input, execute: async (input) => input })
    await expect(echo.execute!({ city: 'A', days: null } as never)).resolves.toEqual({ city: 'A' })
    const r = (await echo.execute!(undefined as never)) as any
    expect(r.message).toContain('- city:')
  })

  it('returns an output validation error', async () => {
    const bad = createTool({
      id: 'bad',
      description: 'd',
      outputSchema: s.output,
      execute: async () => ({ city: 'x', temp: 'hot' }) as never,
    })
    const result = (await bad.execute!({})) as any
    expect(result.message).toMatch(
      /^Tool output validation failed for bad\. The tool returned invalid output:\n- temp: .+\n\nReturned output: /,
    )
    expect(Object.keys(result.validationErrors.fields)).toEqual(['temp'])
  })

  it('validates the request context, redacting secret-looking keys in the message', async () => {
    const tool = createTool({
      id: 'ctx',
      description: 'd',
      requestContextSchema: s.requestContext,
      execute: async (_i, ctx) => ctx.requestContext?.get('userId'),
    })
    const ok = await tool.execute!(
      {},
      {
        requestContext: new Map<string, unknown>([
          ['userId', 'u1'],
          ['apiKey', 'k'],
        ]),
      },
    )
    expect(ok).toBe('u1')
    const result = (await tool.execute!(
      {},
      { requestContext: { userId: 7, apiKey: 'sk-very-secret', authToken: 'tok-secret-1' } },
    )) as any
    expect(result.message).toMatch(
      /^Request context validation failed for ctx\. Please fix the following errors and try again:\n- userId: /,
    )
    expect(result.message).toContain('"apiKey": "[REDACTED]"')
    expect(result.message).toContain('"authToken": "[REDACTED]"')
    expect(JSON.stringify(result)).not.toMatch(/sk-very-secret|tok-secret-1/)
  })

  it('skips input validation when resuming, validates resume data first', async () => {
    const calls: unknown[] = []
    const tool = createTool({
      id: 'res',
      description: 'd',
      inputSchema: s.input,
      resumeSchema: s.resume,
      execute: async (input, ctx) => (calls.push([input, ctx.resumeData, ctx.agent?.resumeData]), 'done'),
    })
    await expect(tool.execute!({} as never, { resumeData: { ok: true } })).resolves.toBe('done')
    await expect(tool.execute!({} as never, { agent: { resumeData: { ok: true } } as never })).resolves.toBe('done')
    const bad = (await tool.execute!({} as never, { resumeData: { ok: 'yes' } as never })) as any
    expect(bad.message).toMatch(/^Tool input validation failed for res\.[\s\S]*- ok: /)
    expect(calls).toHaveLength(2)
  })

  it('validates the suspend payload after execute returns and skips output validation when it returned nothing', async () => {
    const tool = createTool({
      id: 'sus',
      description: 'd',
      outputSchema: s.output,
      suspendSchema: s.suspend,
      execute: async (input: any, ctx) => {
        await ctx.agent?.suspend(input.payload)
      },
    })
    const agent = () => ({ agent: { toolCallId: 'c', messages: [], suspend: async () => {} } })
    await expect(tool.execute!({ payload: { question: 'ok?' } }, agent())).resolves.toBeUndefined()
    const bad = (await tool.execute!({ payload: { question: 1 } }, agent())) as any
    expect(bad.message).toMatch(
      /^Tool suspension data validation failed for sus\. Please fix the following errors and try again:\n- question: /,
    )
  })
})

describe('direct execute context', () => {
  it('lets user errors propagate, provides observe and a Map-like request context', async () => {
    const boom = createTool({
      id: 'boom',
      description: 'd',
      execute: async () => {
        throw new Error('kaput')
      },
    })
    await expect(boom.execute!({})).rejects.toThrow('kaput')
    const syncBoom = createTool({
      id: 'sync',
      description: 'd',
      execute: () => {
        throw new Error('sync kaput')
      },
    })
    await expect(syncBoom.execute!({})).rejects.toThrow('sync kaput')

    const seen: ToolExecutionContext[] = []
    const probe = createTool({
      id: 'probe',
      description: 'd',
      execute: async (_i, ctx) => (seen.push(ctx as ToolExecutionContext), await ctx.observe.span('s', () => 5)),
    })
    await expect(probe.execute!({})).resolves.toBe(5)
    await probe.execute!({}, { requestContext: { a: 1 } })
    expect(seen[0].requestContext?.size()).toBe(0)
    expect(seen[1].requestContext?.get('a')).toBe(1)
    expect([...seen[1].requestContext!.entries()]).toEqual([['a', 1]])
    expect(seen[1].requestContext).toBeInstanceOf(RequestContext)
  })

  it('calls the caller-provided suspend and organises a flat agent context', async () => {
    const suspended: unknown[] = []
    const tool = createTool({
      id: 'a',
      description: 'd',
      execute: async (_i, ctx) => {
        await ctx.agent?.suspend({ q: 1 })
        return ctx.agent?.toolCallId
      },
    })
    const out = await tool.execute!({}, {
      toolCallId: 'c1',
      messages: [],
      suspend: async (p: unknown) => void suspended.push(p),
    } as never)
    expect(out).toBe('c1')
    expect(suspended).toEqual([{ q: 1 }])
  })

  it('infers input and output types from the schemas', () => {
    const tool = createTool({
      id: 'typed',
      description: 'd',
      inputSchema: z.object({ n: z.number() }),
      outputSchema: z.object({ doubled: z.number() }),
      execute: async (input) => {
        expectTypeOf(input).toEqualTypeOf<{ n: number }>()
        return { doubled: input.n * 2 }
      },
    })
    expectTypeOf(tool.execute!).parameter(0).toEqualTypeOf<{ n: number }>()
    createTool({
      id: 'x',
      description: 'd',
      outputSchema: z.object({ a: z.string() }),
      // @ts-expect-error wrong output shape is a type error
      execute: async () => ({ a: 1 }),
    })
  })
})
