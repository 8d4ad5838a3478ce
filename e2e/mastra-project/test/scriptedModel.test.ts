// The scripted model server (server/test/scriptedModel.ts) against the REAL provider packages of this sample project
// (@ai-sdk/openai's chat model, @ai-sdk/anthropic, @ai-sdk/openai-compatible) driven by the real `ai` streamText /
// generateText on Node 22: streamed tool calls arrive with their parsed arguments, tool results go back in the next
// request, parallel calls, malformed argument JSON, a refusal and a 429 all surface the way the SDK surfaces them.

import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
import { APICallError, generateText, stepCountIs, streamText, tool, type LanguageModel } from 'ai'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startScriptedModel, turn, type ScriptedModel, type ScriptedTurn } from '../../../server/test/scriptedModel.ts'

type ProviderName = 'openai' | 'anthropic' | 'openai-compatible'

const MODELS: Record<ProviderName, (baseURL: string) => LanguageModel> = {
  openai: (baseURL) => createOpenAI({ baseURL, apiKey: 'test' }).chat('gpt-4o-mini'),
  anthropic: (baseURL) => createAnthropic({ baseURL, apiKey: 'test' })('claude-sonnet-4-5'),
  'openai-compatible': (baseURL) =>
    createOpenAICompatible({ baseURL, name: 'local', apiKey: 'test', includeUsage: true })('llama3.2'),
}

const weatherCalls: unknown[] = []
const weather = tool({
  description: 'The current weather in a city',
  inputSchema: z.object({ location: z.string() }),
  execute: async ({ location }) => {
    weatherCalls.push(location)
    return { location, forecast: `sunny in ${location}` }
  },
})

let server: ScriptedModel | undefined
afterEach(async () => {
  weatherCalls.length = 0
  await server?.close()
  server = undefined
})

async function start(...turns: ScriptedTurn[]): Promise<ScriptedModel> {
  server = await startScriptedModel(turns)
  return server
}

/** The tool names a recorded request offered, in either wire format. */
const offeredTools = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function?.name ?? t.name)

/** The tool results a recorded request sends back: OpenAI `role: 'tool'` messages, Anthropic `tool_result` blocks. */
function toolResults(body: any): Array<{ id: string; content: unknown }> {
  return (body.messages as any[]).flatMap((message) => {
    if (message.role === 'tool') return [{ id: message.tool_call_id, content: JSON.parse(message.content) }]
    if (!Array.isArray(message.content)) return []
    return message.content
      .filter((part: any) => part.type === 'tool_result')
      .map((part: any) => ({
        id: part.tool_use_id,
        content: JSON.parse(typeof part.content === 'string' ? part.content : part.content[0].text),
      }))
  })
}

async function streamParts(model: LanguageModel, prompt = 'What is the weather in Lima?') {
  const result = streamText({ model, tools: { weather }, prompt, stopWhen: stepCountIs(4), maxRetries: 0 })
  const parts: any[] = []
  for await (const part of result.fullStream) parts.push(part)
  return { parts, text: await result.text, steps: await result.steps, usage: await result.totalUsage }
}

describe.each(Object.keys(MODELS) as ProviderName[])('scripted model with %s', (provider) => {
  const modelOf = (s: ScriptedModel) => MODELS[provider](s.baseURL)

  it('streams a tool call as input deltas, runs the tool and sends its result back', async () => {
    const s = await start(turn.call('weather', { location: 'Lima' }, 'call_lima'), turn.text('It is sunny in Lima.'))
    const { parts, text, steps, usage } = await streamParts(modelOf(s))

    const deltas = parts.filter((p) => p.type === 'tool-input-delta').map((p) => p.delta)
    expect(deltas.length).toBeGreaterThan(1)
    expect(deltas.join('')).toBe('{"location":"Lima"}')
    expect(parts.find((p) => p.type === 'tool-call')).toMatchObject({
      toolCallId: 'call_lima',
      toolName: 'weather',
      input: { location: 'Lima' },
    })
    expect(parts.find((p) => p.type === 'tool-result')).toMatchObject({
      toolCallId: 'call_lima',
      output: { forecast: 'sunny in Lima' },
    })
    expect(text).toBe('It is sunny in Lima.')
    expect(steps.map((step) => step.finishReason)).toEqual(['tool-calls', 'stop'])
    expect(usage.inputTokens).toBeGreaterThan(0)
    expect(usage.outputTokens).toBeGreaterThan(0)

    expect(s.requests).toHaveLength(2)
    expect(s.requests.every((r) => r.stream)).toBe(true)
    expect(offeredTools(s.requests[0].body)).toEqual(['weather'])
    expect(toolResults(s.requests[0].body)).toEqual([])
    expect(toolResults(s.requests[1].body)).toEqual([
      { id: 'call_lima', content: { location: 'Lima', forecast: 'sunny in Lima' } },
    ])
  })

  it('delivers parallel tool calls in one step', async () => {
    const s = await start(
      turn.calls({ name: 'weather', input: { location: 'Lima' } }, { name: 'weather', input: { location: 'Quito' } }),
      turn.text('Both sunny.'),
    )
    const { parts, text } = await streamParts(modelOf(s), 'Lima and Quito?')

    expect(parts.filter((p) => p.type === 'tool-call').map((p) => p.input)).toEqual([
      { location: 'Lima' },
      { location: 'Quito' },
    ])
    expect(weatherCalls.sort()).toEqual(['Lima', 'Quito'])
    expect(
      toolResults(s.requests[1].body)
        .map((r: any) => r.content.location)
        .sort(),
    ).toEqual(['Lima', 'Quito'])
    expect(text).toBe('Both sunny.')
  })

  it('surfaces malformed argument JSON as an invalid tool call that never runs', async () => {
    const s = await start(turn.malformedCall('weather', '{"location": "Li'), turn.text('Sorry.'))
    const { parts } = await streamParts(modelOf(s))

    const call = parts.find((p) => p.type === 'tool-call')
    expect(call).toMatchObject({ toolName: 'weather', invalid: true, input: '{"location": "Li' })
    expect(call.error.name).toBe('AI_InvalidToolInputError')
    expect(parts.find((p) => p.type === 'tool-error')?.error).toMatch(
      /^Invalid input for tool weather: JSON parsing failed/,
    )
    expect(weatherCalls).toEqual([])
    // The SDK tells the model about the failed call in its next request.
    expect(s.requests).toHaveLength(2)
    expect(JSON.stringify(s.requests[1].body.messages)).toContain('Invalid input for tool weather')
  })

  it('answers a rate limit with 429, the provider error body and retry-after', async () => {
    const s = await start(turn.rateLimit(7))
    const error = await generateText({ model: modelOf(s), prompt: 'hi', maxRetries: 0 }).catch((e: unknown) => e)

    expect(APICallError.isInstance(error)).toBe(true)
    const apiError = error as APICallError
    expect(apiError.statusCode).toBe(429)
    expect(apiError.isRetryable).toBe(true)
    expect(apiError.responseHeaders?.['retry-after']).toBe('7')
    expect(apiError.message).toMatch(/rate limit/i)
  })

  it('delivers a refusal as the answer text, streamed and not', async () => {
    const s = await start(turn.refusal("I can't help with that."), turn.refusal('No.'))
    const { text, steps } = await streamParts(modelOf(s))
    const generated = await generateText({ model: modelOf(s), tools: { weather }, prompt: 'again', maxRetries: 0 })

    expect(text).toBe("I can't help with that.")
    expect(generated.text).toBe('No.')
    // OpenAI's chat model maps a streamed refusal to finish reason content-filter; Anthropic refuses in plain text.
    if (provider === 'openai') expect(steps[0].finishReason).toBe('content-filter')
    expect(s.requests.map((r) => r.stream)).toEqual([true, false])
  })

  it('answers non-streaming requests with a tool call round and a text', async () => {
    const s = await start(turn.call('weather', { location: 'Lima' }, 'call_1'), turn.text('Sunny.'))
    const result = await generateText({
      model: modelOf(s),
      tools: { weather },
      prompt: 'Lima?',
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    })

    expect(result.steps[0].toolCalls).toMatchObject([
      { toolCallId: 'call_1', toolName: 'weather', input: { location: 'Lima' } },
    ])
    expect(result.text).toBe('Sunny.')
    expect(s.requests.map((r) => r.stream)).toEqual([false, false])
    expect(toolResults(s.requests[1].body)).toEqual([
      { id: 'call_1', content: { location: 'Lima', forecast: 'sunny in Lima' } },
    ])
  })
})

describe('scripted model bookkeeping', () => {
  it('records the key the provider sent and reports a request past the end of the script', async () => {
    const s = await start(turn.text('one'))
    const model = MODELS.openai(s.baseURL)
    expect((await generateText({ model, prompt: 'first', maxRetries: 0 })).text).toBe('one')
    expect(s.remaining()).toBe(0)
    const error = await generateText({ model, prompt: 'second', maxRetries: 0 }).catch((e: unknown) => e)
    expect((error as Error).message).toContain('no turn left for request 2')
    expect(s.requests[0].headers.authorization).toBe('Bearer test')
    s.push(turn.text('three'))
    expect((await generateText({ model, prompt: 'third', maxRetries: 0 })).text).toBe('three')
  })
})
