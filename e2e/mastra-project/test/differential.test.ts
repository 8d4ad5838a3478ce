// Differential test: the same tool definitions built with @mastra/core's createTool and with Toolscope's createTool give
// equal results (error objects included, `validationErrors` trees and all), called directly and through runTool.

import { createTool as mastraCreateTool } from '@mastra/core/tools'
import { RequestContext } from '@mastra/core/request-context'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, runTool, type Tool } from '../../../src/runtime/index.ts'
import type { RunResult } from '../../../src/runtime/events.ts'
import { adaptMastraTool } from '../../../server/toolHost/detectors/mastra.ts'

const SAMPLE_FILE = new URL('../src/mastra/index.ts', import.meta.url).pathname

/** Tool definitions shared by both libraries (each call gets fresh objects). */
function definitions() {
  const order = {
    id: 'price-order',
    description: 'Price an order for a tenant',
    inputSchema: z.object({
      orderId: z.string().min(3),
      qty: z.number().int().positive(),
      note: z.string().optional(),
      broken: z.boolean().optional(),
    }),
    outputSchema: z.object({ orderId: z.string(), total: z.number() }),
    requestContextSchema: z.object({ tenantId: z.string().min(1), apiToken: z.string().min(8) }),
    execute: async (input: { orderId: string; qty: number; broken?: boolean }) =>
      input.broken
        ? ({ orderId: input.orderId, total: 'free' } as unknown as { orderId: string; total: number })
        : { orderId: input.orderId, total: input.qty * 5 },
  }
  const confirm = {
    id: 'confirm-action',
    description: 'Ask before doing something',
    inputSchema: z.object({ action: z.string() }),
    outputSchema: z.object({ done: z.boolean(), action: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ ok: z.boolean() }),
    execute: async (input: { action: string }, ctx: any) => {
      const resumeData = ctx?.agent?.resumeData ?? ctx?.resumeData
      if (!resumeData) {
        await (ctx?.agent?.suspend ?? ctx?.suspend)?.(
          input.action === 'bad-suspend' ? { question: 42 } : { question: `Do ${input.action}?` },
        )
        return undefined
      }
      return { done: resumeData.ok, action: input.action }
    },
  }
  return { order, confirm }
}

type Def = ReturnType<typeof definitions>[keyof ReturnType<typeof definitions>]

function both(name: keyof ReturnType<typeof definitions>): { mastra: any; toolscope: Tool } {
  return {
    mastra: mastraCreateTool(definitions()[name] as Def as any),
    toolscope: createTool(definitions()[name] as Def as any),
  }
}

const goodContext = () =>
  new RequestContext([
    ['tenantId', 't-1'],
    ['apiToken', 'sk-live-123456'],
  ])

async function direct(name: keyof ReturnType<typeof definitions>, input: unknown, ctx: () => Record<string, unknown>) {
  const { mastra, toolscope } = both(name)
  const theirs = await mastra.execute(input, ctx())
  const ours = await toolscope.execute!(input as never, ctx() as never)
  return { theirs, ours }
}

describe('direct execute: @mastra/core createTool vs Toolscope createTool', () => {
  it('valid input: the same output', async () => {
    const { theirs, ours } = await direct('order', { orderId: 'A-1', qty: 3 }, () => ({
      requestContext: goodContext(),
    }))
    expect(theirs).toEqual({ orderId: 'A-1', total: 15 })
    expect(ours).toEqual(theirs)
  })

  it('invalid input: the same error message and issues', async () => {
    const { theirs, ours } = await direct('order', { orderId: 'A', qty: 1.5 }, () => ({
      requestContext: goodContext(),
    }))
    expect(theirs).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool input validation failed for price-order\./),
    })
    expect(ours).toEqual(theirs)
  })

  it('null for an optional field is stripped by both', async () => {
    const { theirs, ours } = await direct('order', { orderId: 'A-2', qty: 2, note: null }, () => ({
      requestContext: goodContext(),
    }))
    expect(theirs).toEqual({ orderId: 'A-2', total: 10 })
    expect(ours).toEqual(theirs)
  })

  it('bad request context: the same error, secrets redacted', async () => {
    const ctx = () => ({ requestContext: new RequestContext([['apiToken', 'sk-live-123456']]) })
    const { theirs, ours } = await direct('order', { orderId: 'A-1', qty: 1 }, ctx)
    expect(theirs).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Request context validation failed for price-order\./),
    })
    expect(JSON.stringify(theirs)).not.toContain('sk-live-123456')
    expect(ours).toEqual(theirs)
  })

  it('output mismatch: the same output validation error', async () => {
    const { theirs, ours } = await direct('order', { orderId: 'A-1', qty: 1, broken: true }, () => ({
      requestContext: goodContext(),
    }))
    expect(theirs).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool output validation failed for price-order\./),
    })
    expect(ours).toEqual(theirs)
  })

  it('suspend: both return nothing and hand the same payload to suspend()', async () => {
    const payloads: unknown[][] = [[], []]
    const ctx = (i: number) => () => ({
      toolCallId: 'c1',
      messages: [],
      agent: { toolCallId: 'c1', messages: [], suspend: async (p: unknown) => void payloads[i].push(p) },
    })
    const { mastra, toolscope } = both('confirm')
    expect(await mastra.execute({ action: 'deploy' }, ctx(0)())).toBeUndefined()
    expect(await toolscope.execute!({ action: 'deploy' }, ctx(1)() as never)).toBeUndefined()
    expect(payloads[0]).toEqual([{ question: 'Do deploy?' }])
    expect(payloads[1]).toEqual(payloads[0])
  })

  it('invalid suspend payload: the same suspension error', async () => {
    const ctx = () => ({ agent: { toolCallId: 'c1', messages: [], suspend: async () => {} } })
    const { theirs, ours } = await direct('confirm', { action: 'bad-suspend' }, ctx)
    expect(theirs).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool suspension data validation failed for confirm-action\./),
    })
    expect(ours).toEqual(theirs)
  })

  it('resume data: valid data gives the same output; invalid data the same error', async () => {
    const resume = (resumeData: unknown) => () => ({
      agent: { toolCallId: 'c1', messages: [], suspend: async () => {}, resumeData },
    })
    const valid = await direct('confirm', { action: 'deploy' }, resume({ ok: true }))
    expect(valid.theirs).toEqual({ done: true, action: 'deploy' })
    expect(valid.ours).toEqual(valid.theirs)
    const invalid = await direct('confirm', { action: 'deploy' }, resume({ ok: 'yes' }))
    expect(invalid.theirs).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool input validation failed for confirm-action\./),
    })
    expect(invalid.ours).toEqual(invalid.theirs)
  })
})

/** A finished run reduced to what both sides must agree on. */
function outcome(result: RunResult) {
  return { status: result.status, raw: result.views.raw, model: result.views.model, error: result.error }
}

async function runBoth(
  name: keyof ReturnType<typeof definitions>,
  input: unknown,
  requestContext?: Record<string, unknown>,
) {
  const { mastra, toolscope } = both(name)
  const adapted = await adaptMastraTool(mastra, SAMPLE_FILE)
  if ('error' in adapted) throw new Error(adapted.error)
  const theirs = await runTool(adapted.tool, { input, requestContext }).result
  const ours = await runTool(toolscope, { input, requestContext }).result
  return { theirs: outcome(theirs), ours: outcome(ours) }
}

describe('runTool: the Mastra tool as the tool host runs it vs the Toolscope tool', () => {
  const rc = { tenantId: 't-1', apiToken: 'sk-live-123456' }

  it('valid input, invalid input, bad request context and output mismatch end the same way', async () => {
    const seen: string[] = []
    for (const [input, context] of [
      [{ orderId: 'A-1', qty: 3 }, rc],
      [{ orderId: 'A', qty: -1 }, rc],
      [{ orderId: 'A-1', qty: 1 }, { tenantId: '' }],
      [{ orderId: 'A-1', qty: 1, broken: true }, rc],
    ] as const) {
      const { theirs, ours } = await runBoth('order', input, context)
      expect(ours, JSON.stringify(input)).toEqual(theirs)
      seen.push(theirs.status === 'success' ? 'success' : String(theirs.error).split('.')[0])
    }
    expect(seen).toEqual([
      'success',
      'Tool input validation failed for price-order',
      'Request context validation failed for price-order',
      'Tool output validation failed for price-order',
    ])
  })

  it('suspends with the same payload and ends the same way after valid resume data', async () => {
    const { mastra, toolscope } = both('confirm')
    const adapted = await adaptMastraTool(mastra, SAMPLE_FILE)
    if ('error' in adapted) throw new Error(adapted.error)
    const results = []
    for (const tool of [adapted.tool, toolscope]) {
      const run = runTool(tool, { input: { action: 'deploy' } })
      const suspended = await new Promise<{ payload: unknown }>((resolve) =>
        run.subscribe((e) => e.type === 'suspended' && resolve(e)),
      )
      expect(suspended.payload).toEqual({ question: 'Do deploy?' })
      await run.resume({ ok: true })
      results.push(outcome(await run.result))
    }
    expect(results[0]).toMatchObject({ status: 'success', raw: { done: true, action: 'deploy' } })
    expect(results[1]).toEqual(results[0])
  })
})
