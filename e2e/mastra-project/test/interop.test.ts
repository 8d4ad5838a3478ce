// Interop: a Toolscope tool (createTool or new Tool) runs INSIDE real Mastra (Agent with approval, suspend/resume and
// writer; createStep in a workflow, with suspend/resume) with exactly the observable results of @mastra/core's createTool.

import { Agent } from '@mastra/core/agent'
import { Mastra } from '@mastra/core/mastra'
import { RequestContext } from '@mastra/core/request-context'
import { InMemoryStore } from '@mastra/core/storage'
import { createTool as mastraCreateTool } from '@mastra/core/tools'
import { createStep, createWorkflow } from '@mastra/core/workflows'
import { simulateReadableStream } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool, Tool } from '../../../src/runtime/index.ts'

type Maker = (config: Record<string, any>) => any
/** The three ways to make the same tool: Mastra's createTool, Toolscope's createTool, Toolscope's `new Tool`. */
const MAKERS: Record<string, Maker> = {
  mastra: (c) => mastraCreateTool(c as any),
  toolscope: (c) => createTool(c as any),
  toolscopeClass: (c) => new Tool(c as any),
}

/** Runs `scenario` once per maker and expects every result deep-equal to Mastra's own (returned for extra checks). */
async function differential<T>(scenario: (make: Maker) => Promise<T>): Promise<T> {
  const results: Record<string, T> = {}
  for (const [name, make] of Object.entries(MAKERS)) results[name] = await scenario(make)
  expect(results.toolscope).toEqual(results.mastra)
  expect(results.toolscopeClass).toEqual(results.mastra)
  return results.mastra
}

/** What a tool's execute saw of its context (shape only: the values of ids and messages are random). */
function contextShape(ctx: any) {
  return {
    // `observe` is a documented Toolscope addition: always present, where Mastra gives it only to agent tool calls.
    keys: Object.keys(ctx)
      .filter((k) => k !== 'observe')
      .sort(),
    agentKeys: ctx.agent ? Object.keys(ctx.agent).sort() : null,
    workflowKeys: ctx.workflow ? Object.keys(ctx.workflow).sort() : null,
    toolCallId: ctx.agent?.toolCallId ?? null,
    writer: typeof ctx.writer,
    tenant: ctx.requestContext?.get?.('tenant') ?? null,
    resumeData: ctx.agent?.resumeData ?? ctx.workflow?.resumeData ?? null,
  }
}

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

/** A mock model that calls `toolName` with `input` on its first turn and answers "done" on every later turn. */
function scriptedModel(toolName: string, input: unknown, identity?: { provider: string; modelId: string }) {
  const prompts: any[] = []
  const model = new MockLanguageModelV3({
    ...identity,
    doStream: async (options) => {
      prompts.push(options.prompt)
      const first = prompts.length === 1
      const chunks: any[] = first
        ? [
            { type: 'stream-start', warnings: [] },
            { type: 'tool-call', toolCallId: 'call-1', toolName, input: JSON.stringify(input) },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: USAGE },
          ]
        : [
            { type: 'stream-start', warnings: [] },
            { type: 'text-start', id: 't1' },
            { type: 'text-delta', id: 't1', delta: 'done' },
            { type: 'text-end', id: 't1' },
            { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage: USAGE },
          ]
      return { stream: simulateReadableStream({ chunks }) }
    },
  })
  /** The tool results the model received on its later turns (what the tool's output became for the model). */
  const toolResults = () =>
    prompts
      .slice(1)
      .flatMap((p) =>
        p.flatMap((m: any) =>
          m.role === 'tool'
            ? m.content
                .filter((c: any) => c.type === 'tool-result')
                .map((c: any) => ({ toolCallId: c.toolCallId, toolName: c.toolName, output: c.output }))
            : [],
        ),
      )
  return { model, toolResults, turns: () => prompts.length }
}

/** An agent with one tool named `name`, registered on a Mastra with in-memory storage (needed for snapshots). */
function agentWith(name: string, tool: any, input: unknown, identity?: { provider: string; modelId: string }) {
  const scripted = scriptedModel(name, input, identity)
  const agent = new Agent({
    id: 'interop-agent',
    name: 'Interop Agent',
    instructions: 'Use the tool.',
    model: scripted.model,
    tools: { [name]: tool },
  })
  const mastra = new Mastra({ agents: { interopAgent: agent }, storage: new InMemoryStore(), logger: false })
  return { agent: mastra.getAgent('interopAgent'), ...scripted }
}

/** A stream's chunks reduced to what must be equal: every chunk's type, and the payload fields that are not random (run and message ids, timestamps and usage are left out). */
async function collect(stream: { fullStream: AsyncIterable<any> }) {
  const chunks: any[] = []
  for await (const chunk of stream.fullStream) chunks.push(chunk)
  const types = chunks.map((c) => c.type)
  const pick = (type: string) => chunks.filter((c) => c.type === type).map((c) => c.payload)
  return {
    types,
    approvals: pick('tool-call-approval').map((p) => ({
      toolCallId: p.toolCallId,
      toolName: p.toolName,
      args: p.args,
    })),
    suspended: pick('tool-call-suspended').map((p) => ({
      toolCallId: p.toolCallId,
      toolName: p.toolName,
      args: p.args,
      suspendPayload: p.suspendPayload,
    })),
    results: pick('tool-result').map((p) => ({
      toolCallId: p.toolCallId,
      toolName: p.toolName,
      result: p.result,
      isError: p.isError ?? false,
    })),
    errors: pick('tool-error').map((p) => ({
      toolCallId: p.toolCallId,
      toolName: p.toolName,
      error: String(p.error?.message ?? p.error),
    })),
    // Writer chunks: tool-output wraps writer.write(); custom chunks from writer.custom() arrive as their own type.
    toolOutputs: pick('tool-output').map((p) => ({ toolCallId: p.toolCallId, toolName: p.toolName, output: p.output })),
    custom: chunks.filter((c) => c.type.startsWith('data-')).map((c) => ({ type: c.type, data: c.data })),
    text: chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.payload.text)
      .join(''),
  }
}

const tenantContext = () => new RequestContext<any>([['tenant', 't-42']])

/** A shipping tool that needs approval and records what its execute saw. */
function approvalConfig(seen: unknown[]) {
  return {
    id: 'ship-order',
    description: 'Ship an order',
    inputSchema: z.object({ orderId: z.string().min(2) }),
    outputSchema: z.object({ shipped: z.string() }),
    requireApproval: true,
    execute: async (input: { orderId: string }, ctx: any) => {
      seen.push(contextShape(ctx))
      return { shipped: input.orderId }
    },
  }
}

/** A tool that suspends to ask a question and finishes with the resume data. */
function suspendConfig(seen: unknown[]) {
  return {
    id: 'confirm-action',
    description: 'Ask before doing something',
    inputSchema: z.object({ action: z.string() }),
    outputSchema: z.object({ done: z.boolean(), action: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ ok: z.boolean() }),
    execute: async (input: { action: string }, ctx: any) => {
      seen.push(contextShape(ctx))
      const resumeData = ctx?.agent?.resumeData ?? ctx?.workflow?.resumeData
      if (!resumeData) return await (ctx.agent ?? ctx.workflow).suspend({ question: `Do ${input.action}?` })
      return { done: resumeData.ok, action: input.action }
    },
  }
}

describe('Agent + requireApproval: a Toolscope tool inside a Mastra Agent', () => {
  it('approval: same chunks, same approval payload, same tool result for the model, same execute context', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const { agent, toolResults } = agentWith('shipOrder', make(approvalConfig(seen)), { orderId: 'A-7' })
      const first = await agent.stream('Ship A-7', { runId: 'run-approve', requestContext: tenantContext() })
      const suspended = await collect(first)
      const executedBeforeApproval = seen.length
      const approved = await collect(await agent.approveToolCall({ runId: first.runId, toolCallId: 'call-1' }))
      return { suspended, executedBeforeApproval, approved, seen, modelGot: toolResults() }
    })
    expect(outcome.suspended.types).toContain('tool-call-approval')
    expect(outcome.suspended.approvals).toEqual([
      { toolCallId: 'call-1', toolName: 'shipOrder', args: { orderId: 'A-7' } },
    ])
    expect(outcome.executedBeforeApproval).toBe(0)
    expect(outcome.approved.results).toEqual([
      { toolCallId: 'call-1', toolName: 'shipOrder', result: { shipped: 'A-7' }, isError: false },
    ])
    expect(outcome.modelGot).toEqual([
      { toolCallId: 'call-1', toolName: 'shipOrder', output: { type: 'json', value: { shipped: 'A-7' } } },
    ])
    expect(outcome.seen).toHaveLength(1)
    expect(outcome.seen[0]).toMatchObject({ toolCallId: 'call-1', writer: 'object' })
  })

  it('decline: execute never runs and the model gets the same refusal', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const { agent, toolResults } = agentWith('shipOrder', make(approvalConfig(seen)), { orderId: 'A-8' })
      const first = await agent.stream('Ship A-8', { runId: 'run-decline' })
      await collect(first)
      const declined = await collect(await agent.declineToolCall({ runId: first.runId, toolCallId: 'call-1' }))
      return { declined, executions: seen.length, modelGot: toolResults() }
    })
    expect(outcome.executions).toBe(0)
    expect(outcome.declined.types).toContain('tool-output-denied')
    expect(outcome.modelGot).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'shipOrder',
        output: { type: 'text', value: 'Tool call was not approved by the user' },
      },
    ])
  })
})

/** A tool whose input schema coerces and defaults: its output is valid input again, as most schemas' is. */
const doubleConfig = () => ({
  id: 'double-amount',
  description: 'Double an amount given as text',
  inputSchema: z.object({ amount: z.coerce.number(), factor: z.number().default(2) }),
  outputSchema: z.object({ doubled: z.number() }),
  execute: async (input: { amount: number; factor: number }) => ({ doubled: input.amount * input.factor }),
})

// Mastra's CoreToolBuilder validates the input itself when it uses a compat-layer schema (OpenAI/Claude models) or an
// injected one (autoResumeSuspendedTools), and marks the context in a module-private WeakSet so that its own
// Tool.execute does not parse the input again. A Toolscope tool cannot see that mark and parses once more: the same
// result for every schema whose output is valid input (below), a difference for the rest (last case, README).
describe('Agent + input Mastra already validated', () => {
  it('with an OpenAI model (schema compat layer): the same result', async () => {
    const outcome = await differential(async (make) => {
      const { agent } = agentWith(
        'doubleAmount',
        make(doubleConfig()),
        { amount: '21' },
        { provider: 'openai.chat', modelId: 'gpt-4o-mini' },
      )
      return collect(await agent.stream('Double 21', { runId: 'run-parsed-openai' }))
    })
    expect(outcome.results.map((r) => r.result)).toEqual([{ doubled: 42 }])
  })

  it('with autoResumeSuspendedTools (injected resume fields): the same result', async () => {
    const outcome = await differential(async (make) => {
      const { agent } = agentWith('doubleAmount', make(doubleConfig()), { amount: '21' })
      return collect(await agent.stream('Double 21', { runId: 'run-parsed-resumable', autoResumeSuspendedTools: true }))
    })
    expect(outcome.results.map((r) => r.result)).toEqual([{ doubled: 42 }])
  })

  it('the documented difference: a schema whose output is not valid input is parsed twice by a Toolscope tool', async () => {
    const config = () => ({
      ...doubleConfig(),
      inputSchema: z.object({ amount: z.string().transform((s) => Number(s)) }),
      execute: async (input: { amount: number }) => ({ doubled: input.amount * 2 }),
    })
    const results: unknown[] = []
    for (const make of [MAKERS.mastra, MAKERS.toolscope]) {
      const { agent } = agentWith(
        'doubleAmount',
        make(config()),
        { amount: '21' },
        { provider: 'openai.chat', modelId: 'gpt-4o-mini' },
      )
      results.push(
        (await collect(await agent.stream('Double 21', { runId: 'run-transform' }))).results.map((r) => r.result),
      )
    }
    expect(results[0]).toEqual([{ doubled: 42 }])
    expect(results[1]).toEqual([
      expect.objectContaining({
        error: true,
        message: expect.stringMatching(/^Tool input validation failed for double-amount\./),
      }),
    ])
  })
})

describe('Agent + suspend/resume: a Toolscope tool that calls context.agent.suspend()', () => {
  it('same tool-call-suspended payload; resumeStream runs it again with resumeData and gives the same result', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const { agent, toolResults } = agentWith('confirmAction', make(suspendConfig(seen)), { action: 'deploy' })
      const first = await agent.stream('Deploy', { runId: 'run-suspend', requestContext: tenantContext() })
      const suspended = await collect(first)
      const resumed = await collect(
        await agent.resumeStream(
          { ok: true },
          { runId: first.runId, toolCallId: 'call-1', requestContext: tenantContext() },
        ),
      )
      return { suspended, resumed, seen, modelGot: toolResults() }
    })
    expect(outcome.suspended.suspended).toEqual([
      {
        toolCallId: 'call-1',
        toolName: 'confirmAction',
        args: { action: 'deploy' },
        suspendPayload: { question: 'Do deploy?' },
      },
    ])
    expect(outcome.resumed.results.map((r) => r.result)).toEqual([{ done: true, action: 'deploy' }])
    expect(outcome.seen).toHaveLength(2)
    expect(outcome.seen[1]).toMatchObject({ resumeData: { ok: true } })
  })

  it('invalid resume data is refused the same way', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const { agent, toolResults } = agentWith('confirmAction', make(suspendConfig(seen)), { action: 'deploy' })
      const first = await agent.stream('Deploy', { runId: 'run-bad-resume' })
      await collect(first)
      const resumed = await collect(
        await agent.resumeStream({ ok: 'yes' }, { runId: first.runId, toolCallId: 'call-1' }),
      )
      return { resumed, executions: seen.length, modelGot: toolResults() }
    })
    // Mastra's builder checks the resume data against resumeSchema before calling the tool: execute ran only before suspending.
    expect(outcome.executions).toBe(1)
    expect(outcome.resumed.results).toHaveLength(1)
    expect(outcome.resumed.results[0].result).toMatchObject({
      error: true,
      message: expect.stringMatching(/^Tool input validation failed for confirmAction\./),
    })
  })
})

describe('Agent + writer: what a Toolscope tool writes arrives in the stream as from a Mastra tool', () => {
  it('writer.write() and writer.custom() chunks are the same', async () => {
    const outcome = await differential(async (make) => {
      const tool = make({
        id: 'report-progress',
        description: 'Report progress',
        inputSchema: z.object({ steps: z.number().int() }),
        outputSchema: z.object({ total: z.number() }),
        execute: async (input: { steps: number }, ctx: any) => {
          for (let i = 1; i <= input.steps; i++) await ctx.writer.write({ type: 'progress', step: i })
          await ctx.writer.custom({ type: 'data-progress', data: { finished: true } })
          return { total: input.steps }
        },
      })
      const { agent } = agentWith('reportProgress', tool, { steps: 2 })
      return collect(await agent.stream('Go', { runId: 'run-writer' }))
    })
    expect(outcome.toolOutputs.map((o) => o.output)).toEqual([
      { type: 'progress', step: 1 },
      { type: 'progress', step: 2 },
    ])
    expect(outcome.custom).toEqual([{ type: 'data-progress', data: { finished: true } }])
    expect(outcome.results.map((r) => r.result)).toEqual([{ total: 2 }])
  })
})

/** A workflow result without the random parts (timestamps). */
function stripTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripTimes)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !['startedAt', 'endedAt', 'suspendedAt', 'resumedAt'].includes(k))
        .map(([k, v]) => [k, stripTimes(v)]),
    )
  return value
}

function workflowWith(tool: any, id: string) {
  const step = createStep(tool)
  const workflow = createWorkflow({ id, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema })
    .then(step)
    .commit()
  const mastra = new Mastra({ workflows: { [id]: workflow }, storage: new InMemoryStore(), logger: false })
  return { workflow: mastra.getWorkflow(id), step }
}

describe('Workflow: createStep(toolscopeTool) in a Mastra workflow', () => {
  it('the step result is the same', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const tool = make({ ...approvalConfig(seen), requireApproval: false })
      const { workflow } = workflowWith(tool, 'ship-flow')
      const run = await workflow.createRun({ runId: 'wf-run-1' })
      const result = await run.start({ inputData: { orderId: 'W-1' }, requestContext: tenantContext() })
      return { result: stripTimes(result), seen }
    })
    expect(outcome.result).toMatchObject({ status: 'success', result: { shipped: 'W-1' } })
    expect(outcome.seen).toEqual([
      expect.objectContaining({
        tenant: 't-42',
        workflowKeys: expect.arrayContaining(['runId', 'suspend', 'resumeData']),
      }),
    ])
  })

  it('a step tool that suspends is resumed with run.resume() the same way', async () => {
    const outcome = await differential(async (make) => {
      const seen: unknown[] = []
      const { workflow, step } = workflowWith(make(suspendConfig(seen)), 'confirm-flow')
      const run = await workflow.createRun({ runId: 'wf-run-2' })
      const suspended = await run.start({ inputData: { action: 'migrate' } })
      const badResume = await run
        .resume({ step, resumeData: { ok: 'yes' } })
        .then(stripTimes, (e: Error) => ({ thrown: e.message }))
      const resumed = await run
        .resume({ step, resumeData: { ok: true } })
        .then(stripTimes, (e: Error) => ({ thrown: e.message }))
      return { suspended: stripTimes(suspended), badResume, resumed, seen }
    })
    expect(outcome.suspended).toMatchObject({
      status: 'suspended',
      suspendPayload: { 'confirm-action': { question: 'Do migrate?' } },
    })
    expect(outcome.badResume).toEqual({ thrown: expect.stringMatching(/^Invalid resume data/) })
    expect(outcome.resumed).toMatchObject({ status: 'success', result: { done: true, action: 'migrate' } })
  })
})
