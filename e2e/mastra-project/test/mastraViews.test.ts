// Mastra tools through the tool host's adapter: the display/transcript views (transform placeholders included) equal what
// Mastra's own payload-transform code produces, and approval predicates are evaluated as Mastra's agent does.

import { readdirSync } from 'node:fs'
import { createTool } from '@mastra/core/tools'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { runTool } from '../../../src/runtime/index.ts'
import type { RunEvent, Views } from '../../../src/runtime/events.ts'
import { adaptMastraTool } from '../../../server/toolHost/detectors/mastra.ts'
import { lookupCustomerTool } from '../src/mastra/tools/customers.ts'

const FILE = new URL('../src/mastra/tools/customers.ts', import.meta.url).pathname

/** Mastra's internal transformToolPayloadForTargets (not exported publicly: loaded from its dist chunk). */
async function mastraTransform(): Promise<(context: Record<string, unknown>, source: unknown) => Promise<any>> {
  const dist = new URL('../node_modules/@mastra/core/dist/', import.meta.url)
  const chunk = readdirSync(dist).find((f) => /^payload-transform-.*\.js$/.test(f))
  if (!chunk) throw new Error('payload-transform chunk not found in @mastra/core/dist')
  const mod = (await import(new URL(chunk, dist).href)) as Record<string, any>
  const fn = Object.values(mod).find((f) => typeof f === 'function' && f.name === 'transformToolPayloadForTargets')
  if (!fn) throw new Error('transformToolPayloadForTargets not found')
  return fn
}

/** Our views in Mastra's metadata shape: `{ display: { transformed } | { suppress } , transcript: … }`. */
function asMastra(views: Views) {
  const one = (v: Views['display']) =>
    v.passthrough
      ? undefined
      : v.suppressed
        ? { suppress: true }
        : { transformed: v.value, ...(v.failed ? { failed: true } : {}) }
  return { display: one(views.display), transcript: one(views.transcript) }
}

async function run(tool: any, options: Record<string, unknown>) {
  const adapted = await adaptMastraTool(tool, FILE)
  if ('error' in adapted) throw new Error(adapted.error)
  const r = runTool(adapted.tool, { toolCallId: 'call_9', ...options })
  return r
}

describe('Mastra transforms', () => {
  it('input, output and error views equal Mastra’s transformToolPayloadForTargets', async () => {
    const transform = await mastraTransform()
    const source = { toolTransform: lookupCustomerTool.transform }
    const base = { toolName: 'lookup-customer', toolCallId: 'call_9' }
    const expectPhase = async (views: Views, context: Record<string, unknown>) => {
      const theirs = await transform({ ...base, ...context }, source)
      const phase = context.phase as string
      expect(asMastra(views)).toEqual({ display: theirs.display?.[phase], transcript: theirs.transcript?.[phase] })
    }
    const ok = await (
      await run(lookupCustomerTool, {
        input: { email: 'ana@acme.io' },
        requestContext: { tenantId: 't1', apiToken: 'tok-12345678' },
      })
    ).result
    const input = ok.events.find((e) => e.type === 'input-available') as Extract<RunEvent, { type: 'input-available' }>
    const output = ok.events.find((e) => e.type === 'output') as Extract<RunEvent, { type: 'output' }>
    await expectPhase(input.views, { phase: 'input-available', input: input.input })
    await expectPhase(output.views, { phase: 'output-available', input: input.input, output: output.output })
    expect(output.views.transcript.value).toEqual({ id: 'cus_11', name: 'ana' })

    const bad = await (
      await run(lookupCustomerTool, { input: { email: 'ana@acme.io' }, requestContext: { tenantId: 't1' } })
    ).result
    const error = bad.events.find((e) => e.type === 'error') as Extract<RunEvent, { type: 'error' }>
    expect(error.message).toMatch(/^Request context validation failed for lookup-customer\./)
    await expectPhase(error.views, { phase: 'error', input: { email: 'ana@acme.io' }, error: error.views.raw })
    expect(error.views.display).toMatchObject({
      placeholder: true,
      value: { message: 'Tool error payload unavailable' },
    })
  })
})

describe('Mastra approval predicates', () => {
  it('get (args, { args, requestContext }) and a throwing predicate asks for approval', async () => {
    const calls: unknown[] = []
    const tool = createTool({
      id: 'guarded',
      description: 'guarded',
      inputSchema: z.object({ amount: z.number() }),
      requireApproval: async (args: { amount: number }, ctx: unknown) => {
        calls.push(ctx)
        if (args.amount < 0) throw new Error('cannot decide')
        return args.amount > 100
      },
      execute: async ({ amount }) => ({ amount }),
    })
    const decide = async (amount: number) => {
      const r = await run(tool, { input: { amount }, requestContext: { tenantId: 't1' } })
      const state = await new Promise<string>((resolve) =>
        r.subscribe((e) => (e.type === 'approval-requested' || e.type === 'run-finished') && resolve(e.type)),
      )
      if (state === 'approval-requested') r.abort()
      return state
    }
    expect(await decide(5)).toBe('run-finished')
    expect(await decide(500)).toBe('approval-requested')
    expect(await decide(-1)).toBe('approval-requested')
    expect(calls[0]).toEqual({ args: { amount: 5 }, requestContext: { tenantId: 't1' }, workspace: undefined })
  })
})
