// The Mastra 1.x behaviours that the differential suite (e2e/mastra-project) checks against the real library, here
// once per schema library (Zod 4, Zod 3, Valibot, ArkType): parsed request context, a caller's context kept as is,
// flat contexts regrouped, nullish input, plain Standard Schemas and Mastra's `validationErrors` tree.

import { describe, expect, it } from 'vitest'
import { z as z3 } from 'zod/v3'
import { LIBS } from './__fixtures__/libs.ts'
import { createTool, RequestContext, runTool, Tool } from './index.ts'

const readContext = async (_input: unknown, ctx: any) => ({
  n: ctx.requestContext.get('n'),
  mode: ctx.requestContext.get('mode'),
  same: ctx.requestContext === (globalThis as any).__rc,
})

describe.each(LIBS)('with $lib', ({ s }) => {
  it('the tool reads the request context as the schema parsed it, also with no context at all', async () => {
    const tool = createTool({
      id: 'rc',
      description: 'd',
      requestContextSchema: s.parsedContext as never,
      execute: readContext,
    })
    await expect(tool.execute!({}, { requestContext: new RequestContext({ n: '5' }) })).resolves.toMatchObject({
      n: 5,
      mode: 'fast',
      same: false,
    })
    await expect(tool.execute!({})).resolves.toMatchObject({ mode: 'fast' })
    const run = await runTool(tool, { input: {}, requestContext: { n: '7' } }).result
    expect(run.views.raw).toMatchObject({ n: 7, mode: 'fast' })
  })

  it('writes through a parsed view reach the caller in schema-input form', async () => {
    const tool = createTool({
      id: 'w',
      description: 'd',
      requestContextSchema: s.parsedContext as never,
      execute: async (_i, ctx) => ctx.requestContext?.set('extra' as never, 'x' as never),
    })
    const caller = new RequestContext({ n: '5' })
    await tool.execute!({}, { requestContext: caller })
    expect(caller.all).toEqual({ n: '5', extra: 'x' })
  })

  it('validation errors carry Mastra’s tree', async () => {
    const tool = createTool({ id: 't', description: 'd', inputSchema: s.input, execute: async (i) => i })
    const result = (await tool.execute!({ city: 1 } as never)) as any
    expect(result).toMatchObject({
      error: true,
      validationErrors: { errors: [], fields: { city: { errors: [expect.any(String)], fields: {} } } },
    })
  })
})

describe('a caller’s RequestContext', () => {
  it('is the object the tool gets when no schema applies: its writes are the caller’s', async () => {
    const caller = new RequestContext({ a: 1 })
    ;(globalThis as any).__rc = caller
    const tool = createTool({
      id: 'id',
      description: 'd',
      execute: async (i, ctx) => (
        ctx.requestContext?.set('b', 2), ctx.requestContext?.delete('a'), readContext(i, ctx)
      ),
    })
    await expect(tool.execute!({}, { requestContext: caller })).resolves.toMatchObject({ same: true })
    expect(caller.all).toEqual({ b: 2 })
    const run = runTool(tool, { input: {}, requestContext: caller })
    expect((await run.result).views.raw).toMatchObject({ same: true })
  })
})

describe('Mastra’s context organisation', () => {
  const shape = createTool({
    id: 'shape',
    description: 'd',
    execute: async (_i, ctx: any) => ({
      keys: Object.keys(ctx).sort(),
      agent: ctx.agent && Object.keys(ctx.agent).sort(),
      workflow: ctx.workflow && Object.keys(ctx.workflow).sort(),
      agentId: ctx.agent?.agentId,
    }),
  })

  it('no context: request context, mastra and observe only (no suspend)', async () => {
    await expect(shape.execute!({})).resolves.toEqual({ keys: ['mastra', 'observe', 'requestContext'] })
  })

  it('a flat agent context becomes context.agent, agentId defaulting to ""', async () => {
    const result = await shape.execute!({}, { toolCallId: 'c', messages: [], suspendPayload: { p: 1 }, threadId: 't' })
    expect(result).toEqual({
      keys: ['agent', 'background', 'observe', 'requestContext'],
      agent: [
        'agentId',
        'messages',
        'resourceId',
        'resumeData',
        'suspend',
        'suspendPayload',
        'threadId',
        'toolCallId',
        'writableStream',
      ],
      agentId: '',
    })
  })

  it('a flat workflow context becomes context.workflow', async () => {
    const result = await shape.execute!({}, { workflowId: 'w', runId: 'r', state: {}, setState: () => {} })
    expect(result).toMatchObject({
      keys: ['observe', 'requestContext', 'workflow'],
      workflow: ['resumeData', 'runId', 'setState', 'state', 'suspend', 'suspendPayload', 'workflowId'],
    })
  })
})

describe('schemas Mastra reads differently', () => {
  it('Zod 3: null or undefined input of an all-optional object or array becomes {} or []', async () => {
    const obj = createTool({
      id: 'o',
      description: 'd',
      inputSchema: z3.object({ a: z3.string().optional() }) as never,
      execute: async (i) => i,
    })
    const arr = createTool({
      id: 'a',
      description: 'd',
      inputSchema: z3.array(z3.string()) as never,
      execute: async (i) => i,
    })
    for (const input of [undefined, null]) {
      await expect(obj.execute!(input as never)).resolves.toEqual({})
      await expect(arr.execute!(input as never)).resolves.toEqual([])
    }
  })

  it('a plain Standard Schema (no JSON Schema) is not used to validate', async () => {
    const plain = {
      '~standard': { version: 1, vendor: 'x', validate: () => ({ issues: [{ message: 'always fails' }] }) },
    }
    const tool = createTool({
      id: 'p',
      description: 'd',
      inputSchema: plain as never,
      outputSchema: plain as never,
      execute: async (i) => i,
    })
    await expect(tool.execute!({ any: 'thing' } as never)).resolves.toEqual({ any: 'thing' })
  })
})

describe('the Tool class', () => {
  it('constructs a tool as Mastra’s new Tool() does, with Mastra’s marker', async () => {
    const tool = new Tool({ id: 'cls', description: 'd', execute: async () => 'ok' })
    expect(tool.requireApproval).toBe(false)
    expect((tool as any)[Symbol.for('mastra.core.tool.Tool')]).toBe(true)
    await expect(tool.execute!({})).resolves.toBe('ok')
    expect((await runTool(tool, { input: {} }).result).views.raw).toBe('ok')
  })
})
