// Differential tests of the points where Toolscope's createTool() must match @mastra/core 1.x to the letter: the parsed
// request context a tool reads, a caller's RequestContext kept as is, RequestContext's whole API, flat contexts regrouped,
// Zod 3 schemas, plain Standard Schemas, and `validationErrors` trees. Each call runs against both libraries.

import { createTool as mastraCreateTool } from '@mastra/core/tools'
import { RequestContext as MastraRequestContext } from '@mastra/core/request-context'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { z as z3 } from 'zod/v3'
import { createTool, RequestContext, runTool } from '../../../src/runtime/index.ts'

type Config = Record<string, any>
type Lib = 'mastra' | 'toolscope'

/** The same config built by each library (fresh objects per call, so no state leaks between them). */
function build(lib: Lib, config: () => Config): any {
  return lib === 'mastra' ? mastraCreateTool(config() as never) : createTool(config() as never)
}

/** Runs `call` against both libraries and returns both results. */
async function both<T>(
  config: () => Config,
  call: (tool: any, lib: Lib) => Promise<T>,
): Promise<{ theirs: T; ours: T }> {
  return {
    theirs: await call(build('mastra', config), 'mastra'),
    ours: await call(build('toolscope', config), 'toolscope'),
  }
}

/** What a tool can see of its context, minus `observe`, which Toolscope always adds (documented). */
function describeContext(ctx: Record<string, any>) {
  const keysOf = (o: unknown) =>
    o && typeof o === 'object'
      ? Object.keys(o)
          .filter((k) => k !== 'observe')
          .sort()
      : o
  return {
    keys: keysOf(ctx),
    agent: keysOf(ctx.agent),
    workflow: keysOf(ctx.workflow),
    agentId: ctx.agent?.agentId,
    suspendPayload: ctx.agent?.suspendPayload ?? ctx.workflow?.suspendPayload,
    mastra: 'mastra' in ctx ? String(ctx.mastra) : 'absent',
    requestContext: ctx.requestContext?.constructor?.name,
    suspend: typeof ctx.suspend,
    agentSuspend: typeof ctx.agent?.suspend,
    workflowSuspend: typeof ctx.workflow?.suspend,
  }
}

describe('1. the request context a tool reads is the schema output', () => {
  const config = () => ({
    id: 'rc-parse',
    description: 'd',
    requestContextSchema: z.object({
      n: z.coerce.number().optional(),
      mode: z.string().default('fast'),
      tags: z
        .string()
        .transform((s) => s.split(','))
        .optional(),
    }),
    execute: async (_input: unknown, ctx: any) => {
      const rc = ctx.requestContext
      return {
        n: rc.get('n'),
        mode: rc.get('mode'),
        tags: rc.get('tags'),
        size: rc.size(),
        ctor: rc.constructor.name,
        all: rc.all,
      }
    },
  })

  it('coercions, transforms and defaults, with a Mastra context, a Toolscope context, and none', async () => {
    for (const make of [
      () =>
        new MastraRequestContext([
          ['n', '5'],
          ['tags', 'a,b'],
        ]),
      () =>
        new RequestContext([
          ['n', '5'],
          ['tags', 'a,b'],
        ]),
    ]) {
      const { theirs, ours } = await both(config, (tool) => tool.execute({}, { requestContext: make() }))
      expect(theirs).toMatchObject({ n: 5, mode: 'fast', tags: ['a', 'b'], ctor: 'TransformedRequestContext' })
      expect(ours).toEqual(theirs)
    }
    const none = await both(config, (tool) => tool.execute({}))
    expect(none.theirs).toMatchObject({ mode: 'fast' })
    expect(none.ours).toEqual(none.theirs)
    const empty = await both(config, (tool) => tool.execute({}, {}))
    expect(empty.ours).toEqual(empty.theirs)
  })

  it('runTool gives the tool the same parsed values as a direct call', async () => {
    const direct = await build('mastra', config).execute(
      {},
      {
        requestContext: new MastraRequestContext([
          ['n', '5'],
          ['tags', 'a,b'],
        ]),
      },
    )
    const run = await runTool(build('toolscope', config), { input: {}, requestContext: { n: '5', tags: 'a,b' } }).result
    expect(run.status).toBe('success')
    expect(run.views.raw).toEqual(direct)
  })
})

describe('2. a caller’s RequestContext is used as is', () => {
  const mutate = async (_input: unknown, ctx: any) => {
    const rc = ctx.requestContext
    const out: Record<string, unknown> = { same: rc === (globalThis as any).__callerRc }
    rc.set('added', 'x')
    rc.delete('gone')
    try {
      rc.set('count', 'not a number')
    } catch (err) {
      out.refused = (err as Error).message
    }
    return out
  }
  const withoutSchema = () => ({ id: 'rc-identity', description: 'd', execute: mutate })
  const withSchema = () => ({
    id: 'rc-schema-writes',
    description: 'd',
    requestContextSchema: z.object({ count: z.coerce.number().optional() }).passthrough(),
    execute: mutate,
  })

  for (const [name, config] of [
    ['without a schema', withoutSchema],
    ['with a schema', withSchema],
  ] as const) {
    it(`${name}: identity and the caller-visible writes are Mastra’s`, async () => {
      for (const Ctor of [MastraRequestContext, RequestContext]) {
        const seen: Record<Lib, unknown> = { mastra: undefined, toolscope: undefined }
        const { theirs, ours } = await both(config, async (tool, lib) => {
          const rc = new (Ctor as any)([
            ['gone', 1],
            ['count', '2'],
          ])
          ;(globalThis as any).__callerRc = rc
          const result = await tool.execute({}, { requestContext: rc })
          seen[lib] = rc.all
          return result
        })
        expect(ours, Ctor.name).toEqual(theirs)
        expect(seen.toolscope, Ctor.name).toEqual(seen.mastra)
      }
    })
  }
})

describe('2b. execute gets a context equal to the caller’s (Mastra’s "should validate both inputSchema and requestContextSchema")', () => {
  const config = (execute: unknown) => () => ({
    id: 'dual-validation',
    description: 'd',
    inputSchema: z.object({ query: z.string() }),
    requestContextSchema: z.object({ userId: z.string() }),
    execute,
  })

  it('a caller’s Mastra or Toolscope RequestContext: execute is called with objectContaining({ requestContext }), as by Mastra', async () => {
    for (const Ctor of [MastraRequestContext, RequestContext]) {
      for (const lib of ['mastra', 'toolscope'] as const) {
        const executeFn = vi.fn().mockResolvedValue({ success: true })
        const requestContext = new (Ctor as any)()
        requestContext.set('userId', 'user-123')
        const result = await build(lib, config(executeFn)).execute({ query: 'test' }, { requestContext })
        expect(result, `${lib} / ${Ctor.name}`).toEqual({ success: true })
        expect(executeFn, `${lib} / ${Ctor.name}`).toHaveBeenCalledWith(
          { query: 'test' },
          expect.objectContaining({ requestContext }),
        )
      }
    }
  })

  it('a schema default makes the context differ from the caller’s for both libraries alike', async () => {
    const withDefault = (execute: unknown) => () => ({
      id: 'rc-default',
      description: 'd',
      requestContextSchema: z.object({ userId: z.string(), role: z.string().default('reader') }),
      execute,
    })
    const matches: Record<Lib, boolean[]> = { mastra: [], toolscope: [] }
    for (const Ctor of [MastraRequestContext, RequestContext]) {
      for (const lib of ['mastra', 'toolscope'] as const) {
        const requestContext = new (Ctor as any)([['userId', 'u']])
        let seen: any
        await build(
          lib,
          withDefault((_input: unknown, ctx: any) => ((seen = ctx), 1)),
        ).execute({}, { requestContext })
        expect(seen.requestContext.get('role'), lib).toBe('reader')
        matches[lib].push(expect.objectContaining({ requestContext }).asymmetricMatch(seen))
      }
    }
    expect(matches.toolscope).toEqual(matches.mastra)
  })
})

describe('3. RequestContext has Mastra’s whole API', () => {
  const methods = (proto: object) =>
    Object.getOwnPropertyNames(proto)
      .filter((n) => n !== 'constructor')
      .sort()

  it('every member of Mastra’s class exists on Toolscope’s', () => {
    const ours = new Set([...methods(RequestContext.prototype), ...Object.keys(new RequestContext())])
    for (const member of [...methods(MastraRequestContext.prototype), ...Object.keys(new MastraRequestContext())])
      expect(ours.has(member), member).toBe(true)
  })

  it('the same operations give the same results', () => {
    const script = (rc: any) => {
      const out: unknown[] = []
      rc.set('a', 1)
      rc.setRaw('b', { deep: [1, 2] })
      rc.set('fn', () => 1)
      out.push(
        rc.get('a'),
        rc.getRaw('b'),
        rc.has('a'),
        rc.hasRaw('zz'),
        rc.size(),
        [...rc.keys()],
        [...rc.values()].length,
        [...rc.entries()].length,
      )
      out.push(
        rc.toJSON(),
        JSON.stringify(rc),
        rc.serializeForSpan(),
        rc.isSerializable(() => 1),
        rc.isSerializable({ x: 1 }),
      )
      const seen: string[] = []
      rc.forEach((_v: unknown, k: string) => seen.push(k))
      out.push(seen, rc.delete('a'), rc.deleteRaw('nope'), rc.all && Object.keys(rc.all))
      rc.clear()
      out.push(rc.size(), rc.registry instanceof Map)
      return out
    }
    expect(script(new RequestContext())).toEqual(script(new MastraRequestContext()))
    expect(new RequestContext({ a: 1 }).size()).toBe(new MastraRequestContext({ a: 1 } as never).size())
  })
})

describe('4. flat contexts are regrouped as Mastra does', () => {
  const config = () => ({
    id: 'shape',
    description: 'd',
    execute: async (_i: unknown, ctx: any) => describeContext(ctx),
  })
  const cases: Array<[string, () => Record<string, unknown> | undefined]> = [
    ['no context', () => undefined],
    ['empty context', () => ({})],
    [
      'flat agent',
      () => ({
        toolCallId: 'c1',
        messages: [],
        suspend: async () => {},
        suspendPayload: { p: 1 },
        threadId: 't',
        resourceId: 'r',
        extra: 1,
      }),
    ],
    [
      'flat agent with agentId and background',
      () => ({ agentId: 'a1', toolCallId: 'c1', messages: [], isBackgroundTask: true, background: { x: 1 } }),
    ],
    [
      'flat workflow',
      () => ({
        workflowId: 'w',
        runId: 'r',
        state: {},
        setState: () => {},
        suspend: async () => {},
        suspendPayload: { s: 1 },
      }),
    ],
    ['nested agent and workflow', () => ({ agent: { toolCallId: 'c', messages: [] }, workflow: { runId: 'r' } })],
    ['caller with its own mastra', () => ({ mastra: 'instance', toolCallId: 'c', messages: [] })],
  ]
  it.each(cases)('%s', async (_name, ctx) => {
    const { theirs, ours } = await both(config, (tool) => tool.execute({}, ctx()))
    expect(ours).toEqual(theirs)
  })

  it('suspend: recorded from every place Mastra records it, falsy payloads not validated', async () => {
    const config = () => ({
      id: 'sus',
      description: 'd',
      suspendSchema: z.object({ q: z.string() }),
      outputSchema: z.object({ ok: z.boolean() }),
      execute: async (input: any, ctx: any) => {
        await (input.where === 'top'
          ? ctx.suspend
          : input.where === 'agent'
            ? ctx.agent?.suspend
            : ctx.workflow?.suspend)?.(input.payload)
        return undefined
      },
    })
    for (const where of ['top', 'agent', 'workflow']) {
      for (const payload of [{ q: 'ok' }, { q: 1 }, 0, null]) {
        for (const ctx of [
          { suspend: async () => {} },
          { agent: { toolCallId: 'c', messages: [] } },
          { workflow: { runId: 'r' } },
          { toolCallId: 'c', messages: [], suspend: async () => {} },
        ]) {
          const { theirs, ours } = await both(config, (tool) => tool.execute({ where, payload }, ctx))
          expect(ours, JSON.stringify({ where, payload, ctx })).toEqual(theirs)
        }
      }
    }
  })
})

describe('5. Zod 3 schemas', () => {
  it('nullish input for all-optional objects and arrays, and every validation message', async () => {
    const schemas: Array<[string, unknown]> = [
      ['object', z3.object({ a: z3.string().optional() })],
      ['array', z3.array(z3.string())],
      ['optional object', z3.object({ a: z3.string().optional() }).optional()],
      ['object with default', z3.object({ a: z3.number().default(1) }).default({})],
    ]
    for (const [name, inputSchema] of schemas) {
      for (const input of [undefined, null, { a: 5 }, { a: null }, ['x']]) {
        const { theirs, ours } = await both(
          () => ({ id: 'z3', description: 'd', inputSchema, execute: async (i: unknown) => ({ got: i ?? 'nullish' }) }),
          (tool) => tool.execute(input),
        )
        expect(ours, `${name} ${JSON.stringify(input)}`).toEqual(theirs)
      }
    }
  })

  it('output, request context, suspend and resume errors', async () => {
    const config = () => ({
      id: 'z3-all',
      description: 'd',
      inputSchema: z3.object({ n: z3.number() }),
      outputSchema: z3.object({ total: z3.number() }),
      suspendSchema: z3.object({ q: z3.string() }),
      resumeSchema: z3.object({ ok: z3.boolean() }),
      requestContextSchema: z3.object({ tenant: z3.string().min(2), apiKey: z3.string().optional() }),
      execute: async (input: any, ctx: any) => {
        if (input.n === 1) return { total: 'x' }
        if (input.n === 2) return ctx.agent.suspend({ q: 7 })
        return { total: input.n }
      },
    })
    const agent = (resumeData?: unknown) => ({
      agent: { toolCallId: 'c', messages: [], suspend: async () => {}, resumeData },
    })
    const rc = (tenant: string) =>
      new MastraRequestContext([
        ['tenant', tenant],
        ['apiKey', 'sk-secret-value'],
      ])
    const calls: Array<[unknown, () => Record<string, unknown>]> = [
      [{ n: 3 }, () => ({ requestContext: rc('acme'), ...agent() })],
      [{ n: 'x' }, () => ({ requestContext: rc('acme'), ...agent() })],
      [{ n: 1 }, () => ({ requestContext: rc('acme'), ...agent() })],
      [{ n: 2 }, () => ({ requestContext: rc('acme'), ...agent() })],
      [{ n: 3 }, () => ({ requestContext: rc('a'), ...agent() })],
      [{ n: 3 }, () => ({ requestContext: rc('acme'), ...agent({ ok: 'yes' }) })],
    ]
    for (const [input, ctx] of calls) {
      const { theirs, ours } = await both(config, (tool) => tool.execute(input, ctx()))
      expect(ours, JSON.stringify(input)).toEqual(theirs)
    }
  })
})

describe('6. a plain Standard Schema without JSON Schema support', () => {
  const plain = () => ({
    '~standard': {
      version: 1,
      vendor: 'custom',
      validate: (v: any) =>
        typeof v?.n === 'number'
          ? { value: { n: v.n * 2 } }
          : { issues: [{ message: 'n must be a number', path: ['n'] }] },
    },
  })
  it('is not used to validate (Mastra reads it as an unconstrained JSON Schema)', async () => {
    const config = () => ({
      id: 'plain',
      description: 'd',
      inputSchema: plain(),
      outputSchema: plain(),
      requestContextSchema: plain(),
      execute: async (i: unknown) => ({ got: i }),
    })
    for (const input of [{ n: 'x' }, { n: 2 }, undefined]) {
      const { theirs, ours } = await both(config, (tool) =>
        tool.execute(input, { requestContext: new MastraRequestContext([['k', 'v']]) }),
      )
      expect(ours).toEqual(theirs)
    }
  })
})

describe('7. validationErrors is Mastra’s tree', () => {
  it('nested and root issues, exactly as Mastra returns them', async () => {
    const config = () => ({
      id: 'tree',
      description: 'd',
      inputSchema: z
        .object({ user: z.object({ name: z.string().min(2), tags: z.array(z.string()) }), n: z.number() })
        .refine((v) => v.n !== 13, 'unlucky'),
      execute: async (i: unknown) => i,
    })
    for (const input of [
      { user: { name: 'a', tags: ['x', 3] }, n: 'x' },
      { user: { name: 'ok', tags: [] }, n: 13 },
      'nope',
      { user: { name: null, tags: null }, n: null },
    ]) {
      const { theirs, ours } = await both(config, (tool) => tool.execute(input))
      expect(theirs).toMatchObject({ error: true })
      expect(ours).toEqual(theirs)
    }
  })

  it('the lenient retries Mastra makes: undefined fields, stringified JSON, nulls, prompt aliases', async () => {
    const config = () => ({
      id: 'lenient',
      description: 'd',
      inputSchema: z.object({
        prompt: z.string(),
        args: z.array(z.string()).optional(),
        opts: z.object({ a: z.number() }).optional(),
        note: z.string().optional(),
      }),
      execute: async (i: any) => ({ got: i, keys: Object.keys(i).sort() }),
    })
    for (const input of [
      { prompt: 'p', note: undefined },
      { prompt: 'p', args: '["a","b"]', opts: '{"a":1}' },
      { prompt: 'p', note: null, args: null },
      { query: 'from query' },
      { message: 'm', note: null },
      { prompt: null, input: 'i' },
    ]) {
      const { theirs, ours } = await both(config, (tool) => tool.execute(input))
      expect(ours, JSON.stringify(input)).toEqual(theirs)
    }
  })

  it('async schemas are refused with Mastra’s error', async () => {
    const config = () => ({
      id: 'async',
      description: 'd',
      inputSchema: z.object({ a: z.string().refine(async () => true) }),
      execute: async (i: unknown) => i,
    })
    const errors: string[] = []
    for (const lib of ['mastra', 'toolscope'] as const)
      errors.push(
        await build(lib, config)
          .execute({ a: 'x' })
          .then(
            () => 'resolved',
            (e: Error) => e.message,
          ),
      )
    expect(errors[1]).toBe(errors[0])
  })
})

describe('8. undefined in the input, for schemas the hot path validates without scanning for it', () => {
  /** JSON that keeps what toEqual hides: a key holding undefined. */
  const show = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '<undefined>' : v))

  it('extra, nested, array and required-field undefined give Mastra’s result, as do optional and loose schemas', async () => {
    const schemas: Array<[string, unknown]> = [
      [
        'required fields only',
        z
          .object({ a: z.number(), list: z.array(z.object({ t: z.enum(['x', 'y']), n: z.number().nullable() })) })
          .refine((v) => v.a !== 13, 'unlucky'),
      ],
      ['optional field', z.object({ a: z.number(), note: z.string().optional() })],
      ['loose object', z.looseObject({ a: z.number() })],
      ['unknown field', z.object({ a: z.number(), x: z.unknown() })],
    ]
    const inputs: unknown[] = [
      { a: 1, list: [{ t: 'x', n: null }] },
      { a: 1, list: [], extra: undefined },
      { a: 1, list: [{ t: 'y', n: 2, extra: undefined }], deep: { x: undefined } },
      { a: 1, list: [{ t: 'x', n: undefined }] },
      { a: 1, list: [undefined] },
      { a: undefined, list: [] },
      { a: 13, list: [], extra: undefined },
      { a: 1, note: undefined, x: undefined },
      null,
      undefined,
    ]
    for (const [name, inputSchema] of schemas) {
      for (const input of inputs) {
        const config = () => ({ id: 'undef', description: 'd', inputSchema, execute: async (i: unknown) => show(i) })
        const { theirs, ours } = await both(config, (tool) => tool.execute(input))
        expect(show(ours), `${name} ${show(input)}`).toBe(show(theirs))
      }
    }
  })
})
