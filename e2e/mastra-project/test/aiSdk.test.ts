// AI SDK tools from the sample, run by the AI SDK itself (generateText with its mock model: a real tool-call round) and by
// Toolscope (the tool host's adapter + runTool): same output, same model output, same input error, same approval decisions.

import { generateText } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { beforeEach, describe, expect, it } from 'vitest'
import { runTool } from '../../../src/runtime/index.ts'
import type { RunEvent } from '../../../src/runtime/events.ts'
import { adaptAiSdkTool } from '../../../server/toolHost/detectors/aiSdk.ts'
import { aiSdkTools, hookCalls, rollDice } from '../src/mastra/tools/aiSdkTools.ts'

const FILE = new URL('../src/mastra/tools/aiSdkTools.ts', import.meta.url).pathname
const TOOLS = { ...aiSdkTools, rollDice } as Record<string, any>

function errorText(error: unknown): string | undefined {
  return error === undefined ? undefined : typeof error === 'string' ? error : (error as Error).message
}

/** One AI SDK step in which the mock model calls `name` with `input`. */
async function viaAiSdk(name: string, input: unknown) {
  const model = new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: name, input: JSON.stringify(input) }],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
        outputTokens: { total: 1, text: 1, reasoning: 0 },
      },
      warnings: [],
    }),
  })
  const result = await generateText({ model, tools: { [name]: TOOLS[name] }, prompt: 'go' })
  const content = result.steps[0].content as Array<Record<string, any>>
  const toolMessage = result.response.messages.find((m) => m.role === 'tool') as
    | { content: Array<Record<string, any>> }
    | undefined
  return {
    output: content.find((p) => p.type === 'tool-result')?.output,
    error: errorText(content.find((p) => p.type === 'tool-error')?.error),
    approvalRequested: content.some((p) => p.type === 'tool-approval-request'),
    modelOutput: toolMessage?.content.find((p) => p.type === 'tool-result')?.output,
  }
}

/** The same call through the tool host's adapter and runTool (approvals left pending, then the run aborted). */
async function viaToolscope(name: string, input: unknown) {
  const adapted = await adaptAiSdkTool(TOOLS[name], name, FILE)
  if ('error' in adapted) throw new Error(adapted.error)
  const run = runTool(adapted.tool, { input, toolCallId: 'call_1' })
  const events: RunEvent[] = []
  await new Promise<void>((resolve) =>
    run.subscribe((e) => {
      events.push(e)
      if (e.type === 'approval-requested' || e.type === 'run-finished') resolve()
    }),
  )
  const approvalRequested = events.some((e) => e.type === 'approval-requested')
  if (approvalRequested) run.abort()
  const result = await run.result
  return { result, events, approvalRequested, version: adapted.version }
}

describe('AI SDK tools: Toolscope vs the AI SDK', () => {
  beforeEach(() => void hookCalls.splice(0))

  it('same output and same model output (toModelOutput({ output }))', async () => {
    const theirs = await viaAiSdk('convertCurrency', { amount: 100, from: 'EUR', to: 'USD' })
    const ours = await viaToolscope('convertCurrency', { amount: 100, from: 'EUR', to: 'USD' })
    expect(theirs.output).toEqual({ amount: 108, currency: 'USD' })
    expect(ours.result.views.raw).toEqual(theirs.output)
    expect(theirs.modelOutput).toEqual({ type: 'text', value: '108 USD' })
    expect(ours.result.views.model).toEqual(theirs.modelOutput)
    expect(ours.version).toMatch(/^6\./)
  })

  it('calls the input hooks in order with the tool call id', async () => {
    await viaToolscope('convertCurrency', { amount: 1, from: 'EUR', to: 'GBP' })
    expect(hookCalls[0]).toBe('start:call_1')
    expect(hookCalls.at(-1)).toBe('available:1')
    expect(hookCalls.slice(1, -1).every((c) => c.startsWith('delta:'))).toBe(true)
  })

  it('same error for invalid input (InvalidToolInputError) and the model gets it as error text', async () => {
    const theirs = await viaAiSdk('convertCurrency', { amount: 'ten', from: 'EUR', to: 'USD' })
    const ours = await viaToolscope('convertCurrency', { amount: 'ten', from: 'EUR', to: 'USD' })
    expect(theirs.error).toMatch(/^Invalid input for tool convertCurrency: Type validation failed/)
    expect(ours.result.error).toBe(theirs.error)
    expect(theirs.modelOutput).toEqual({ type: 'error-text', value: theirs.error })
    expect(ours.result.views.model).toEqual(theirs.modelOutput)
  })

  it('needsApproval: true and a function decide the same way', async () => {
    for (const [name, input] of [
      ['deleteFile', { path: '/tmp/x' }],
      ['sendEmail', { to: 'ana@example.com', subject: 'hi' }],
      ['sendEmail', { to: 'bob@elsewhere.org', subject: 'hi' }],
    ] as const) {
      const theirs = await viaAiSdk(name, input)
      const ours = await viaToolscope(name, input)
      expect(ours.approvalRequested, `${name} ${JSON.stringify(input)}`).toBe(theirs.approvalRequested)
      if (!theirs.approvalRequested) expect(ours.result.views.raw).toEqual(theirs.output)
    }
  })

  it('a streaming execute: the last value is the output, earlier ones are preliminary chunks', async () => {
    const theirs = await viaAiSdk('rollDice', { dice: 3 })
    const ours = await viaToolscope('rollDice', { dice: 3 })
    expect(ours.result.views.raw).toEqual(theirs.output)
    const chunks = ours.events.filter((e) => e.type === 'writer-chunk')
    expect(chunks.map((e) => (e as { chunk: { output: unknown } }).chunk.output)).toEqual([
      { rolled: 1, total: 2 },
      { rolled: 2, total: 5 },
      { rolled: 3, total: 9 },
    ])
  })
})
