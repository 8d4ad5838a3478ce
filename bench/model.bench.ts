// A model in the loop, timed (`npm run bench:model`): what Toolscope adds to one tool-calling conversation.
// Both sides talk to the same scripted model server (server/test/scriptedModel.ts) through the real openai-compatible
// provider package, in one process, rounds interleaved: (a) converse() on a headless runner — the model streams a call
// of the example weather tool, the call is a real run (worker, registry, history in memory), its model view goes back,
// the model answers; (b) the tightest honest baseline: the same two doStream calls made directly, the tool's execute
// called in-process between them and its result sent back as JSON. The difference is Toolscope's per-conversation cost.
// Figures are medians; the load average is printed before and after, since other sessions may load the machine.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import type { LanguageModelV3, LanguageModelV3Prompt } from '@ai-sdk/provider'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { converse } from '../server/models/conversation.ts'
import { modelKeysFrom } from '../server/models/keys.ts'
import { createHeadlessRunner } from '../server/runs/replayHost.ts'
import { startScriptedModel, turn } from '../server/test/scriptedModel.ts'
import { weatherTool } from '../server/examples/weather.ts'
import { Status } from '../src/runtime/index.ts'

const WEATHER_FILE = fileURLToPath(new URL('../server/examples/weather.ts', import.meta.url))
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 50)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').trim()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (n: number) => `${n.toFixed(2)} ms`
const TOOL = {
  type: 'function' as const,
  name: 'weather-tool',
  description: weatherTool.description,
  inputSchema: {
    type: 'object' as const,
    properties: { location: { type: 'string' as const } },
    required: ['location'],
  },
}

/** One conversation done by hand: stream the call, run execute in-process, send its result, stream the answer. */
async function direct(model: LanguageModelV3): Promise<void> {
  const prompt: LanguageModelV3Prompt = [{ role: 'user', content: [{ type: 'text', text: 'Weather in Lima?' }] }]
  const call = await readStream(model, prompt)
  if (!call) throw new Error('the scripted model made no call')
  const output = await weatherTool.execute!(JSON.parse(call.input) as { location: string }, {} as never)
  prompt.push(
    {
      role: 'assistant',
      content: [
        { type: 'tool-call', toolCallId: call.toolCallId, toolName: call.toolName, input: JSON.parse(call.input) },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          output: { type: 'json', value: output as never },
        },
      ],
    },
  )
  await readStream(model, prompt)
}

/** Reads a whole stream; the tool call it made, if any. */
async function readStream(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt,
): Promise<{ toolCallId: string; toolName: string; input: string } | undefined> {
  const { stream } = await model.doStream({ prompt, tools: [TOOL], toolChoice: { type: 'auto' } })
  let call: { toolCallId: string; toolName: string; input: string } | undefined
  for await (const part of stream as unknown as AsyncIterable<{
    type: string
    toolCallId?: string
    toolName?: string
    input?: string
  }>) {
    if (part.type === 'tool-call') call = { toolCallId: part.toolCallId!, toolName: part.toolName!, input: part.input! }
  }
  return call
}

async function main(): Promise<void> {
  console.log(`load before: ${loadavg()}`)
  const scripted = await startScriptedModel([], { argumentFragments: 4 })
  const refill = () => {
    for (let i = 0; i < CONVERSATIONS; i++)
      scripted.push(turn.call('weather-tool', { location: 'Lima' }), turn.text('Sunny in Lima.'))
  }
  const model = createOpenAICompatible({ name: 'bench', baseURL: scripted.baseURL, includeUsage: true })('scripted')
  const runner = await createHeadlessRunner({ paths: [WEATHER_FILE] })
  const keys = modelKeysFrom({})
  const target = { provider: 'openai-compatible' as const, model: 'scripted', baseURL: scripted.baseURL }
  const viaToolscope = async () => {
    const result = await converse(
      { host: runner.host, runs: runner.runs, keys },
      { model: target, prompt: 'Weather in Lima?', tools: ['weather-tool'] },
    )
    if (result.phase !== 'done' || result.calls[0]?.status !== Status.success)
      throw new Error(`conversation ended ${result.phase}: ${result.error}`)
  }
  const timed = async (one: () => Promise<void>) => {
    refill()
    const t0 = performance.now()
    for (let i = 0; i < CONVERSATIONS; i++) await one()
    return (performance.now() - t0) / CONVERSATIONS
  }
  // Warm-up: the worker, the provider package, the sockets.
  await timed(viaToolscope)
  await timed(() => direct(model))
  const toolscope: number[] = []
  const baseline: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    toolscope.push(await timed(viaToolscope))
    baseline.push(await timed(() => direct(model)))
  }
  await runner.close()
  await scripted.close()
  const a = median(toolscope)
  const b = median(baseline)
  console.log(
    `\nA model in the loop: ${CONVERSATIONS} conversations × ${ROUNDS} rounds (one streamed tool call, then an answer)`,
  )
  console.log(
    `  through Toolscope (converse, a real run)   ${ms(a)} per conversation   rounds: ${toolscope.map((x) => x.toFixed(2)).join(', ')}`,
  )
  console.log(
    `  direct (doStream ×2, execute in-process)   ${ms(b)} per conversation   rounds: ${baseline.map((x) => x.toFixed(2)).join(', ')}`,
  )
  console.log(`  Toolscope adds                             ${ms(a - b)} per conversation (${(a / b).toFixed(2)}×)`)
  console.log(`load after: ${loadavg()}`)
}

await main()
