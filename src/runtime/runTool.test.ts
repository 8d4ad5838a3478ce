// runTool(): the event stream of a run, input streaming, validation failures, approval, suspend/resume, elicitation,
// stepping, abort/timeout and misuse of controls. Schema-dependent cases run with Zod, Valibot and ArkType.

import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { LIBS } from './__fixtures__/libs.ts'
import { createTool, runTool, RunControlError } from './index.ts'
import type { RunEvent, RunEventOf, ToolRun } from './index.ts'

type Handlers = Partial<{ [T in RunEvent['type']]: (event: RunEventOf<T>, run: ToolRun) => unknown }>

/** Iterates the run's events, reacting to some of them (the way a UI would), and returns the result. */
async function drive(run: ToolRun, handlers: Handlers = {}) {
  for await (const event of run.events)
    await (handlers[event.type] as ((e: RunEvent, r: ToolRun) => unknown) | undefined)?.(event, run)
  return run.result
}
const types = (events: RunEvent[]) => events.map((e) => e.type)
const ofType = <T extends RunEvent['type']>(events: RunEvent[], type: T) =>
  events.filter((e) => e.type === type) as RunEventOf<T>[]

const echo = createTool({ id: 'echo', description: 'echo', execute: async (input) => input })

describe('event stream', () => {
  it('reports a plain run in order with seq and at, and replays all events to every iteration', async () => {
    const run = runTool(echo, { input: { hello: 'world' }, toolCallId: 'c1' })
    const result = await run.result
    expect(result.status).toBe('success')
    expect(types(result.events)).toEqual([
      'run-started',
      'input-start',
      'input-delta',
      'input-delta',
      'input-available',
      'output',
      'run-finished',
    ])
    result.events.forEach((e, i) => {
      expect(e.seq).toBe(i)
      expect(e.at).toBeGreaterThanOrEqual(i ? result.events[i - 1].at : 0)
    })
    expect(result.events[0]).toMatchObject({
      type: 'run-started',
      toolId: 'echo',
      toolCallId: 'c1',
      caller: 'agent',
      background: false,
      stepping: false,
    })
    const first: RunEvent[] = []
    const second: RunEvent[] = []
    for await (const e of run.events) first.push(e)
    for await (const e of run.events) second.push(e)
    expect(first).toEqual(result.events)
    expect(second).toEqual(result.events)
    expect(result.views).toMatchObject({ raw: { hello: 'world' }, model: { type: 'json', value: { hello: 'world' } } })
  })

  it('streams inputText in chunks of stream.chunkSize (default 16) that join back to the text', async () => {
    const text = '{"a": "0123456789abcdefghij", "b": [1, 2, 3]}'
    const deltas = ofType((await runTool(echo, { inputText: text }).result).events, 'input-delta')
    expect(deltas.map((d) => d.inputTextDelta.length)).toEqual([16, 16, 13])
    expect(deltas.map((d) => d.inputTextDelta).join('')).toBe(text)
    const small = ofType(
      (await runTool(echo, { inputText: text, stream: { chunkSize: 5 } }).result).events,
      'input-delta',
    )
    expect(small).toHaveLength(9)
    expect(small[0].views).toMatchObject({ raw: '{"a":', display: { value: '{"a":', passthrough: true } })
  })

  it("streams a model's exact argument fragments as its input deltas when they join to the text, else fixed chunks", async () => {
    const text = '{"location":"Lima"}'
    const fragments = ['{"loc', 'ation":', '', '"Lima"}']
    const exact = ofType(
      (await runTool(echo, { inputText: text, stream: { chunks: fragments } }).result).events,
      'input-delta',
    )
    expect(exact.map((d) => d.inputTextDelta)).toEqual(['{"loc', 'ation":', '"Lima"}'])
    const mismatched = ofType(
      (await runTool(echo, { inputText: text, stream: { chunks: ['{"other":1}'], chunkSize: 10 } }).result).events,
      'input-delta',
    )
    expect(mismatched.map((d) => d.inputTextDelta)).toEqual(['{"location', '":"Lima"}'])
  })

  it('ends with an error saying where JSON parsing failed, without calling execute', async () => {
    let called = false
    const tool = createTool({ id: 'j', description: 'd', execute: async () => (called = true) })
    const result = await runTool(tool, { inputText: '{"a": 1,\n  "b": }' }).result
    expect(result.status).toBe('error')
    const error = ofType(result.events, 'error')[0]
    expect(error.message).toMatch(/not valid JSON: parsing failed at position 16 \(line 2, column 8\)/)
    expect(error.views.model).toEqual({ type: 'error-text', value: error.message })
    expect(called).toBe(false)
    expect(ofType((await runTool(tool, { inputText: '{"a": ' }).result).events, 'error')[0].message).toMatch(
      /at the end of the input/,
    )
  })

  it('lets subscribers see events live', async () => {
    const seen: string[] = []
    const run = runTool(echo, { input: {} })
    const off = run.subscribe((e) => seen.push(e.type))
    await run.result
    off()
    expect(seen.at(-1)).toBe('run-finished')
    expect(seen).not.toContain('run-started') // subscribe does not replay
  })
})

describe.each(LIBS)('validation failures in a run with $lib', ({ s }) => {
  it('invalid input ends the run before execute with validationErrors', async () => {
    let called = false
    const tool = createTool({ id: 'w', description: 'd', inputSchema: s.input, execute: async () => (called = true) })
    const result = await runTool(tool, { input: { city: 1 } }).result
    const error = ofType(result.events, 'error')[0]
    expect(result.status).toBe('error')
    expect(error.message).toMatch(/^Tool input validation failed for w\./)
    expect(error.validationErrors?.[0].path).toEqual(['city'])
    expect(types(result.events)).not.toContain('input-available')
    expect(called).toBe(false)
  })

  it('invalid request context, invalid suspend payload and output mismatch end the run with an error', async () => {
    const ctxTool = createTool({
      id: 'c',
      description: 'd',
      requestContextSchema: s.requestContext,
      execute: async () => 'x',
    })
    const ctx = await runTool(ctxTool, { input: {}, requestContext: { userId: 1, apiKey: 'sk-hidden-value' } }).result
    expect(ctx.error).toMatch(/^Request context validation failed for c\./)
    expect(JSON.stringify(ctx)).not.toContain('sk-hidden-value')

    const susTool = createTool({
      id: 's',
      description: 'd',
      suspendSchema: s.suspend,
      execute: async (_i, c) => void (await c.suspend?.({ question: 5 } as never)),
    })
    expect((await runTool(susTool, { input: {} }).result).error).toMatch(
      /^Tool suspension data validation failed for s\./,
    )

    const outTool = createTool({
      id: 'o',
      description: 'd',
      outputSchema: s.output,
      execute: async () => ({ city: 'x' }) as never,
    })
    const out = await runTool(outTool, { input: {} }).result
    expect(out.error).toMatch(/^Tool output validation failed for o\./)
    expect(ofType(out.events, 'error')[0].validationErrors?.[0].path).toEqual(['temp'])
  })

  it('suspend → suspended (with draft-07 resumeSchema) → invalid resume rejected, run stays suspended → valid resume', async () => {
    const contexts: Array<[unknown, unknown]> = []
    const tool = createTool({
      id: 'ask',
      description: 'd',
      inputSchema: s.input,
      outputSchema: s.output,
      suspendSchema: s.suspend,
      resumeSchema: s.resume,
      execute: async (input, ctx) => {
        contexts.push([ctx.resumeData, ctx.agent?.resumeData])
        if (!ctx.resumeData)
          return void (await ctx.agent!.suspend({ question: `Go to ${input.city}?` }, { resumeLabel: 'confirm' }))
        return { city: input.city, temp: ctx.resumeData.ok ? 1 : 0 }
      },
    })
    let rejection: unknown
    const result = await drive(runTool(tool, { input: { city: 'Oslo' } }), {
      suspended: async (event, run) => {
        expect(event.payload).toEqual({ question: 'Go to Oslo?' })
        expect(event.resumeLabel).toBe('confirm')
        expect(event.resumeSchema).toMatchObject({
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          required: ['ok'],
        })
        expect(run.state).toBe('suspended')
        rejection = await run.resume({ ok: 'maybe' }).catch((e) => e)
        expect(run.state).toBe('suspended')
        await run.resume({ ok: true })
      },
    })
    expect(rejection).toBeInstanceOf(RunControlError)
    expect(rejection).toMatchObject({
      code: 'invalid-resume-data',
      state: 'suspended',
      validationErrors: [{ path: ['ok'] }],
    })
    expect(result.status).toBe('success')
    expect(result.views.raw).toEqual({ city: 'Oslo', temp: 1 })
    expect(types(result.events)).toEqual(expect.arrayContaining(['suspended', 'resumed', 'output']))
    expect(contexts).toEqual([
      [undefined, undefined],
      [{ ok: true }, { ok: true }],
    ])
  })
})

describe('approval', () => {
  const gated = (requireApproval: boolean | ((input: any) => boolean)) => {
    const calls: unknown[] = []
    const tool = createTool({
      id: 'del',
      description: 'd',
      requireApproval,
      execute: async (input) => (calls.push(input), 'deleted'),
    })
    return { tool, calls }
  }

  it('waits for approve() then executes', async () => {
    const { tool, calls } = gated(true)
    const result = await drive(runTool(tool, { input: { f: 1 } }), {
      'approval-requested': (e, run) => {
        expect(e.input).toEqual({ f: 1 })
        expect(run.state).toBe('awaiting-approval')
        run.approve()
      },
    })
    expect(result.status).toBe('success')
    expect(ofType(result.events, 'approval-resolved')[0]).toMatchObject({ approved: true })
    expect(calls).toHaveLength(1)
  })

  it('decline never executes and ends declined with an execution-denied model view', async () => {
    const { tool, calls } = gated((input) => input.f > 0)
    const result = await drive(runTool(tool, { input: { f: 1 } }), {
      'approval-requested': (_e, run) => run.decline('too risky'),
    })
    expect(result.status).toBe('declined')
    expect(result.views.model).toEqual({ type: 'execution-denied', reason: 'too risky' })
    expect(ofType(result.events, 'approval-resolved')[0]).toMatchObject({ approved: false, reason: 'too risky' })
    expect(calls).toHaveLength(0)
    expect((await runTool(tool, { input: { f: 0 } }).result).status).toBe('success') // the function said no approval needed
  })
})

describe('callers', () => {
  it('gives each caller its context: agent, workflow (setState → state-changed), mcp (elicitation), direct', async () => {
    const seen: Record<string, any> = {}
    const tool = createTool({
      id: 'ctx',
      description: 'd',
      execute: async (_input, ctx) => {
        seen.last = ctx
        if (ctx.workflow) await ctx.workflow.setState({ step: 2 })
        if (ctx.mcp) return ctx.mcp.elicitation.sendRequest({ message: 'Name?', requestedSchema: { type: 'object' } })
        return 'ok'
      },
    })
    await runTool(tool, { input: {}, messages: [{ role: 'user', content: 'hi' }], toolCallId: 't1' }).result
    expect(seen.last.agent).toMatchObject({ toolCallId: 't1', messages: [{ role: 'user', content: 'hi' }] })
    expect(typeof seen.last.agent.suspend).toBe('function')
    expect(seen.last.workflow).toBeUndefined()

    const wf = await runTool(tool, { input: {}, caller: 'workflow', workflowState: { step: 1 } }).result
    expect(seen.last.agent).toBeUndefined()
    expect(seen.last.workflow.state).toEqual({ step: 2 })
    expect(ofType(wf.events, 'state-changed')[0].state).toEqual({ step: 2 })

    const mcp = await drive(runTool(tool, { input: {}, caller: 'mcp' }), {
      'elicitation-requested': (e, run) => {
        expect(e.request.message).toBe('Name?')
        expect(run.state).toBe('awaiting-elicitation')
        run.respond({ action: 'accept', content: { name: 'Ada' } })
      },
    })
    expect(mcp.views.raw).toEqual({ action: 'accept', content: { name: 'Ada' } })
    expect(types(mcp.events)).toEqual(
      expect.arrayContaining(['elicitation-requested', 'elicitation-resolved', 'output']),
    )

    await runTool(tool, { input: {}, caller: 'direct' }).result
    expect(seen.last.agent ?? seen.last.workflow ?? seen.last.mcp).toBeUndefined()
    expect(typeof seen.last.observe.span).toBe('function')
    expect(typeof seen.last.suspend).toBe('function')
  })

  it('exposes the request context Map-like, built from a Map or an object', async () => {
    const tool = createTool({
      id: 'rc',
      description: 'd',
      execute: async (_i, ctx) => [...ctx.requestContext!.entries()],
    })
    expect((await runTool(tool, { input: {}, requestContext: new Map([['a', 1]]) }).result).views.raw).toEqual([
      ['a', 1],
    ])
    expect((await runTool(tool, { input: {}, requestContext: { b: 2 } }).result).views.raw).toEqual([['b', 2]])
  })
})

describe('stepping', () => {
  it('pauses before each phase until continue()', async () => {
    const tool = createTool({ id: 'st', description: 'd', requireApproval: true, execute: async () => 'ok' })
    const pauses: string[] = []
    const result = await drive(runTool(tool, { input: {}, stepping: true }), {
      paused: (e, run) => {
        expect(run.state).toBe('paused')
        pauses.push(e.next)
        run.continue()
      },
      'approval-requested': (_e, run) => run.approve(),
    })
    expect(pauses).toEqual(['input-streaming', 'input-available', 'approval', 'execute', 'output-mapping'])
    expect(result.status).toBe('success')
    expect(result.events[0]).toMatchObject({ stepping: true })
  })
})

describe('abort, timeout and misuse of controls', () => {
  it('abort() fires the signal and ends the run at once even if execute ignores it', async () => {
    let signal: AbortSignal | undefined
    let started!: () => void
    const running = new Promise<void>((resolve) => (started = resolve))
    const never = createTool({
      id: 'hang',
      description: 'd',
      execute: (_i, ctx) => ((signal = ctx.abortSignal), started(), new Promise(() => {})),
    })
    const run = runTool(never, { input: {} })
    await running
    run.abort('user stop')
    const result = await run.result
    expect(result.status).toBe('aborted')
    expect(signal?.aborted).toBe(true)
    expect(types(result.events).slice(-2)).toEqual(['aborted', 'run-finished'])
    expect(ofType(result.events, 'aborted')[0].reason).toBe('user stop')
  })

  it('the signal option aborts, also while waiting for approval', async () => {
    const controller = new AbortController()
    const tool = createTool({ id: 'g', description: 'd', requireApproval: true, execute: async () => 'x' })
    const result = await drive(runTool(tool, { input: {}, signal: controller.signal }), {
      'approval-requested': () => controller.abort('gone'),
    })
    expect(result.status).toBe('aborted')
    const pre = new AbortController()
    pre.abort()
    expect((await runTool(echo, { input: {}, signal: pre.signal }).result).status).toBe('aborted')
  })

  it('timeoutMs ends the run with an error and aborts the tool', async () => {
    let signal: AbortSignal | undefined
    const tool = createTool({
      id: 'slow',
      description: 'd',
      execute: (_i, ctx) => ((signal = ctx.abortSignal), new Promise(() => {})),
    })
    const result = await runTool(tool, { input: {}, timeoutMs: 20 }).result
    expect(result.status).toBe('error')
    expect(result.error).toBe('Tool slow timed out after 20 ms')
    expect(signal?.aborted).toBe(true)
  })

  it('the timeout clock stops while the run waits for a person, and runs again afterwards', async () => {
    vi.useFakeTimers()
    try {
      let hang = false
      const tool = createTool({
        id: 'gate',
        description: 'd',
        requireApproval: true,
        execute: () => (hang ? new Promise(() => {}) : 'done'),
      })
      const waited = runTool(tool, { input: {}, timeoutMs: 1000 })
      await vi.advanceTimersByTimeAsync(5000)
      expect(waited.state).toBe('awaiting-approval')
      waited.approve()
      expect((await waited.result).status).toBe('success')

      hang = true
      const hung = runTool(tool, { input: {}, timeoutMs: 1000 })
      await vi.advanceTimersByTimeAsync(5000)
      hung.approve()
      await vi.advanceTimersByTimeAsync(1000)
      expect(await hung.result).toMatchObject({ status: 'error', error: 'Tool gate timed out after 1000 ms' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('throwing execute ends the run with an error event carrying error views', async () => {
    const tool = createTool({
      id: 'boom',
      description: 'd',
      execute: async () => {
        throw new TypeError('kaput')
      },
    })
    const result = await runTool(tool, { input: {} }).result
    expect(result).toMatchObject({
      status: 'error',
      error: 'kaput',
      views: { raw: { name: 'TypeError', message: 'kaput' }, model: { type: 'error-text', value: 'kaput' } },
    })
  })

  it('controls that do not fit the state throw RunControlError naming the state', async () => {
    const tool = createTool({ id: 'm', description: 'd', requireApproval: true, execute: async () => 'x' })
    const errors: unknown[] = []
    const attempt = (fn: () => unknown) => {
      try {
        fn()
      } catch (e) {
        errors.push(e)
      }
    }
    const result = await drive(runTool(tool, { input: {} }), {
      'approval-requested': async (_e, run) => {
        attempt(() => run.continue())
        attempt(() => run.respond({ action: 'cancel' }))
        errors.push(await run.resume({}).catch((e) => e))
        run.approve()
        attempt(() => run.approve())
      },
    })
    expect(result.status).toBe('success')
    expect(errors).toHaveLength(4)
    for (const e of errors) expect(e).toBeInstanceOf(RunControlError)
    expect(errors.map((e) => (e as RunControlError).state)).toEqual([
      'awaiting-approval',
      'awaiting-approval',
      'awaiting-approval',
      'running',
    ])
    expect((errors[0] as Error).message).toMatch(/Cannot continue: run .* is awaiting-approval/)

    const done = runTool(echo, { input: {} })
    await done.result
    for (const fn of [
      () => done.abort(),
      () => done.approve(),
      () => done.decline(),
      () => done.continue(),
      () => done.respond({ action: 'accept' }),
    ]) {
      expect(fn).toThrow(/already finished \(success\)/)
    }
    await expect(done.resume({})).rejects.toMatchObject({ code: 'invalid-state', state: 'success' })
  })
})

describe('elicitation and abort', () => {
  it('rejects resume while the tool runs, and an abort during elicitation rejects sendRequest with an Error', async () => {
    let toolSaw: unknown
    const tool = createTool({
      id: 'ask',
      description: 'd',
      execute: async (_i, ctx) => {
        try {
          return await ctx.mcp!.elicitation.sendRequest({ message: 'Name?', requestedSchema: {} })
        } catch (error) {
          toolSaw = error
          throw error
        }
      },
    })
    let resumeError: unknown
    const result = await drive(runTool(tool, { input: {}, caller: 'mcp' }), {
      'elicitation-requested': async (_e, run) => {
        resumeError = await run.resume({}).catch((e) => e)
        run.abort('closed')
      },
    })
    expect(resumeError).toMatchObject({ code: 'invalid-state', state: 'awaiting-elicitation' })
    expect(result.status).toBe('aborted')
    await expect.poll(() => toolSaw).toBeInstanceOf(Error)
  })
})

describe('secrets', () => {
  it('never reports secret-looking request-context values in any event or result', async () => {
    const tool = createTool({
      id: 'leak',
      description: 'd',
      inputSchema: z.object({ q: z.string() }),
      execute: async (input, ctx) => {
        const key = ctx.requestContext!.get('apiKey') as string
        ctx.observe.log('info', `using ${key}`, { key })
        await ctx.writer?.write({ header: `Bearer ${ctx.requestContext!.get('authToken')}` })
        ctx.requestContext!.set('sessionSecret', 'late-secret-value')
        return { echoed: key, q: input.q, late: 'late-secret-value', pin: ctx.requestContext!.get('password') }
      },
    })
    const result = await runTool(tool, {
      input: { q: 'sk-live-12345' },
      requestContext: { apiKey: 'sk-live-12345', authToken: 'tok-abcdef', password: 'pw1', user: 'ada' },
    }).result
    const text = JSON.stringify(result)
    expect(result.status).toBe('success')
    for (const secret of ['sk-live-12345', 'tok-abcdef', 'late-secret-value']) expect(text).not.toContain(secret)
    expect(result.views.raw).toEqual({ echoed: '[REDACTED]', q: '[REDACTED]', late: '[REDACTED]', pin: '[REDACTED]' })
    expect(
      ofType(result.events, 'input-delta')
        .map((d) => d.inputTextDelta)
        .join(''),
    ).toBe('{"q":"*************"}')
  })
})
