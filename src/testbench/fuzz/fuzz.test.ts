// fuzzTool() over tools run in-process with runTool: a planted bug (a rare enum value at an array's bound) is found
// and shrunk to the minimal call; an output that breaks outputSchema, a secret of the request context in a view, a
// toModelOutput that throws and an invalid input that reaches the tool are each their own check; a seed replays.

import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, runTool, toJsonSchema, type Tool } from '../../runtime/index.ts'
import type { RunEvent } from '../../shared/protocol.ts'
import { DEFAULT_CHECKS } from './checks.ts'
import { fuzzTool, type FuzzCall } from './fuzz.ts'

/** A tool of any schema types, as createTool() returns it. */
type AnyTool = object

/** Runs a call in-process to its end. */
const executeWith = (tool: AnyTool) => async (call: FuzzCall) => {
  const run = runTool(tool as Tool, { input: call.input, requestContext: call.requestContext })
  const result = await run.result
  return { events: JSON.parse(JSON.stringify(result.events)) as RunEvent[] }
}

const targetOf = (anyTool: AnyTool) => {
  const tool = anyTool as Tool
  return {
    toolId: tool.id,
    input: toJsonSchema(tool.inputSchema!, { io: 'input' }) as Record<string, unknown>,
    ...(tool.requestContextSchema
      ? { requestContext: toJsonSchema(tool.requestContextSchema, { io: 'input' }) as Record<string, unknown> }
      : {}),
  }
}
const checks = new Set(DEFAULT_CHECKS)

describe('fuzzTool', () => {
  const planted = createTool({
    id: 'batch',
    description: 'Sums a batch; breaks on the last mode with a full batch',
    inputSchema: z.object({
      items: z.array(z.number().int().min(0).max(100)).max(5),
      mode: z.enum(['fast', 'safe', 'audit', 'legacy']),
      note: z.string().optional(),
    }),
    execute: async ({ items, mode }) => {
      if (mode === 'legacy' && items.includes(100)) throw new Error('legacy mode overflows at 100')
      return { sum: items.reduce((a, b) => a + b, 0) }
    },
  })

  it('finds a planted bug and shrinks it to the minimal call', async () => {
    const report = await fuzzTool(targetOf(planted), { runs: 300, seed: 1234, checks, execute: executeWith(planted) })
    expect(report.failure?.failures).toEqual([{ check: 'no-crash', message: 'legacy mode overflows at 100' }])
    expect(report.failure?.call).toEqual({ input: { items: [100], mode: 'legacy' }, valid: true })
    expect(report.failure!.shrinks).toBeGreaterThan(0)
  })

  it('gives the same calls for the same seed', async () => {
    const seen = async () => {
      const inputs: unknown[] = []
      await fuzzTool(targetOf(planted), {
        runs: 30,
        seed: 77,
        checks: new Set(),
        execute: async (call) => (inputs.push(call), executeWith(planted)(call)),
      })
      return inputs
    }
    expect(await seen()).toEqual(await seen())
  })

  it('names the check each kind of fault fails', async () => {
    const leaky = createTool({
      id: 'leaky',
      description: 'Returns what it should not',
      inputSchema: z.object({ n: z.number().int().min(0).max(3) }),
      outputSchema: z.looseObject({ n: z.number().int().max(2) }),
      requestContextSchema: z.object({ apiKey: z.string().min(1) }),
      // The runtime scrubs the key itself from every event; this tool leaks it cut short.
      execute: async ({ n }, ctx) => ({ n, token: String(ctx.requestContext?.get('apiKey')).slice(3) }),
    })
    const report = await fuzzTool(targetOf(leaky), {
      runs: 200,
      seed: 5,
      checks: new Set(['no-secret-in-views']),
      invalidShare: 0,
      execute: executeWith(leaky),
    })
    expect(report.failure?.failures[0]?.check).toBe('no-secret-in-views')
    const schema = await fuzzTool(targetOf(leaky), {
      runs: 200,
      seed: 5,
      checks: new Set(['output-schema']),
      invalidShare: 0,
      execute: executeWith(leaky),
    })
    expect(schema.failure?.failures[0]?.check).toBe('output-schema')
    expect(schema.failure?.call.input).toEqual({ n: 3 })

    const modelOutput = createTool({
      id: 'model',
      description: 'x',
      inputSchema: z.object({ a: z.boolean() }),
      execute: async ({ a }) => a,
      toModelOutput: (a: unknown) => {
        if (!a) throw new Error('no model output for false')
        return { type: 'text', value: 'yes' }
      },
    })
    const model = await fuzzTool(targetOf(modelOutput), {
      runs: 50,
      seed: 3,
      checks,
      execute: executeWith(modelOutput),
    })
    expect(model.failure?.failures[0]?.check).toBe('model-output')
  })

  it('passes a sound tool, and counts invalid inputs refused by validation as passing', async () => {
    const sound = createTool({
      id: 'sound',
      description: 'x',
      inputSchema: z.object({ q: z.string().max(20), limit: z.number().int().min(1).max(50).default(10) }),
      execute: async ({ q, limit }) => ({ q, limit }),
    })
    const calls: FuzzCall[] = []
    const report = await fuzzTool(targetOf(sound), {
      runs: 200,
      seed: 9,
      checks,
      execute: async (call) => (calls.push(call), executeWith(sound)(call)),
    })
    expect(report.failure).toBeUndefined()
    expect(report.runs).toBe(200)
    expect(calls.filter((c) => !c.valid).length).toBeGreaterThan(10)
  })
})
