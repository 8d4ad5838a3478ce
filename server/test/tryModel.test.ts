// "Try with a model" end to end: the real AI SDK provider packages talk to the scripted model server over
// HTTP; each tool call the model streams becomes a real run whose input deltas are the model's argument fragments, an
// approval in the middle of a step is answered through /control and the model continues, a malformed argument stream
// ends its run with a clear error that goes back to the model, and the tools are offered exactly as the Providers
// panel shows them.

import { afterEach, describe, expect, it } from 'vitest'
import { Status } from '../../src/runtime/index.ts'
import { TryEvent, type ProviderReport, type TryBody, type TrySession } from '../../src/shared/protocol.ts'
import { EXAMPLES_DIR } from '../context.ts'
import { MAX_CONVERSATION_TEXT, MAX_TEXT_EVENTS } from '../models/conversation.ts'
import { modelKeysFrom } from '../models/keys.ts'
import { finished, readSse, startTestServer, waitForEvent, type TestServer } from './helpers.ts'
import {
  startScriptedModel,
  turn,
  type ScriptedModel,
  type ScriptedModelOptions,
  type ScriptedTurn,
} from './scriptedModel.ts'

const PLANTED_KEY = 'sk-planted-try-key-0123456789abcdef'
let server: TestServer | undefined
let model: ScriptedModel | undefined
afterEach(async () => {
  await server?.stop()
  await model?.close()
  server = model = undefined
})

async function setUp(...turns: ScriptedTurn[]): Promise<{ server: TestServer; model: ScriptedModel }> {
  return setUpWith({ argumentFragments: 4 }, ...turns)
}

async function setUpWith(
  options: ScriptedModelOptions,
  ...turns: ScriptedTurn[]
): Promise<{ server: TestServer; model: ScriptedModel }> {
  model = await startScriptedModel(turns, options)
  server = await startTestServer({
    paths: [EXAMPLES_DIR],
    models: { keys: modelKeysFrom({ OPENAI_API_KEY: PLANTED_KEY, ANTHROPIC_API_KEY: PLANTED_KEY }) },
  })
  return { server, model }
}

async function startTry(s: TestServer, body: TryBody): Promise<string> {
  const res = await s.api('/api/try', { method: 'POST', json: body })
  expect(res.status, await res.clone().text()).toBe(202)
  return ((await res.json()) as { tryId: string }).tryId
}

/** Every event of a conversation, read from its SSE stream until `finished`. */
async function tryEvents(s: TestServer, tryId: string): Promise<TryEvent[]> {
  const events: TryEvent[] = []
  for await (const frame of readSse(await s.api(`/api/try/${tryId}/events`)))
    events.push(TryEvent.parse(JSON.parse(frame.data)))
  return events
}

const last = (events: TryEvent[]) => events.at(-1) as Extract<TryEvent, { type: 'finished' }>
const ofType = <T extends TryEvent['type']>(events: TryEvent[], type: T) =>
  events.filter((e): e is Extract<TryEvent, { type: T }> => e.type === type)

describe('try a tool with a model', () => {
  it('streams the tool call into a real run as input deltas, sends its model view back, and shows the answer and tokens', async () => {
    const { server, model } = await setUp(
      turn.call('weather-tool', { location: 'Lima' }),
      turn.text('It is sunny in Lima.'),
    )
    const tryId = await startTry(server, {
      model: { provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL },
      prompt: 'Weather in Lima?',
      tools: ['weather-tool'],
    })
    const events = await tryEvents(server, tryId)
    expect(last(events)).toMatchObject({ phase: 'done', text: 'It is sunny in Lima.', steps: 2 })
    const [result] = ofType(events, 'tool-result')
    expect(result.call).toMatchObject({
      toolId: 'weather-tool',
      args: { location: 'Lima' },
      argsText: '{"location":"Lima"}',
      status: Status.success,
    })
    // The run's input deltas are the fragments the model streamed (4 of them), joined to the arguments.
    const runEvents = await server.events(result.call.runId!)
    const deltas = runEvents.flatMap((e) => (e.type === 'input-delta' ? [e.inputTextDelta] : []))
    expect(deltas).toHaveLength(4)
    expect(deltas.join('')).toBe('{"location":"Lima"}')
    expect(runEvents.find((e) => e.type === 'run-started')).toMatchObject({ caller: 'agent' })
    // The model view went back to the model as the tool result of its call.
    const followUp = model.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool')
    expect(followUp.tool_call_id).toBe(result.call.toolCallId)
    expect(JSON.parse(followUp.content)).toMatchObject({ location: 'Lima', conditions: expect.any(String) })
    expect(result.modelView).toMatchObject({ type: 'json', value: { location: 'Lima' } })
    for (const step of ofType(events, 'step-finish')) expect(step.usage.totalTokens).toBeGreaterThan(0)
    expect(last(events).usage.totalTokens).toBe(
      ofType(events, 'step-finish').reduce((n, s) => n + (s.usage.totalTokens ?? 0), 0),
    )
    const session = (await (await server.api(`/api/try/${tryId}`)).json()) as TrySession
    expect(session.phase).toBe('done')
    expect(session.events).toHaveLength(events.length)
    // A client that reconnects with Last-Event-ID gets only what it has not seen.
    const resumed: TryEvent[] = []
    for await (const frame of readSse(
      await server.api(`/api/try/${tryId}/events`, { headers: { 'last-event-id': String(events.length - 3) } }),
    ))
      resumed.push(TryEvent.parse(JSON.parse(frame.data)))
    expect(resumed.map((e) => e.seq)).toEqual([events.length - 2, events.length - 1])
  })

  it('offers each tool exactly as the Providers panel shows its OpenAI and Anthropic definitions', async () => {
    const { server, model } = await setUp(turn.text('No tool needed.'), turn.text('Nor here.'))
    const tools = ['weather-tool', 'delete-repository']
    const openai = await startTry(server, {
      model: { provider: 'openai', model: 'gpt-scripted', baseURL: model.baseURL },
      prompt: 'hi',
      tools,
    })
    expect(last(await tryEvents(server, openai))).toMatchObject({ phase: 'done', text: 'No tool needed.' })
    const anthropic = await startTry(server, {
      model: { provider: 'anthropic', model: 'claude-scripted', baseURL: model.baseURL },
      prompt: 'hi',
      tools,
    })
    expect(last(await tryEvents(server, anthropic))).toMatchObject({ phase: 'done', text: 'Nor here.' })
    for (const [i, id] of tools.entries()) {
      const report = (await (await server.api(`/api/tools/${id}/providers`)).json()) as ProviderReport
      expect(model.requests[0].body.tools[i]).toEqual(report.providers.find((p) => p.id === 'openai')!.definition)
      // @ai-sdk/anthropic adds fine-grained tool streaming to every tool of a streamed request (its toolStreaming default).
      expect(model.requests[1].body.tools[i]).toEqual({
        ...(report.providers.find((p) => p.id === 'anthropic')!.definition as object),
        eager_input_streaming: true,
      })
    }
    expect(model.requests[0].headers.authorization).toBe(`Bearer ${PLANTED_KEY}`)
  })

  it('waits for an approval in the middle of a step, answered through /control, and the model goes on', async () => {
    const { server, model } = await setUp(
      turn.call('delete-repository', { repo: 'acme/old' }),
      turn.text('Deleted acme/old.'),
    )
    const tryId = await startTry(server, {
      model: { provider: 'anthropic', model: 'claude-scripted', baseURL: model.baseURL },
      prompt: 'Delete acme/old',
      tools: 'all',
    })
    const events: TryEvent[] = []
    for await (const frame of readSse(await server.api(`/api/try/${tryId}/events`))) {
      const event = TryEvent.parse(JSON.parse(frame.data))
      events.push(event)
      if (event.type !== 'tool-call') continue
      await waitForEvent(server, event.call.runId!, (e) => e.type === 'approval-requested')
      expect(model.remaining()).toBe(1)
      const res = await server.api(`/api/runs/${event.call.runId}/control`, {
        method: 'POST',
        json: { type: 'approve' },
      })
      expect(res.status).toBe(200)
    }
    expect(last(events)).toMatchObject({ phase: 'done', text: 'Deleted acme/old.' })
    expect(ofType(events, 'tool-result')[0].modelView).toMatchObject({ type: 'json', value: { deleted: 'acme/old' } })
    expect(model.requests[0].headers['x-api-key']).toBe(PLANTED_KEY)
  })

  it('ends a run whose argument JSON is malformed with a clear error, and tells the model', async () => {
    const { server, model } = await setUp(
      turn.malformedCall('weather-tool', '{"location": "Li'),
      turn.text('Sorry, my call was broken.'),
    )
    const tryId = await startTry(server, {
      model: { provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL },
      prompt: 'Lima?',
      tools: ['weather-tool'],
    })
    const events = await tryEvents(server, tryId)
    const [result] = ofType(events, 'tool-result')
    expect(result.call).toMatchObject({ argsText: '{"location": "Li', status: Status.error })
    expect(result.call.args).toBeUndefined()
    expect(result.call.error).toMatch(/Tool input is not valid JSON: parsing failed at the end of the input/)
    expect(finished(await server.events(result.call.runId!))).toMatchObject({ status: Status.error })
    const followUp = model.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool')
    expect(followUp.content).toMatch(/not valid JSON/)
    expect(last(events)).toMatchObject({ phase: 'done', text: 'Sorry, my call was broken.' })
  })

  it('runs parallel calls as parallel runs, and reports a rate limit as a failed conversation naming the model', async () => {
    const { server, model } = await setUp(
      turn.calls(
        { name: 'weather-tool', input: { location: 'Lima' } },
        { name: 'weather-tool', input: { location: 'Oslo' } },
      ),
      turn.rateLimit(7, 'Rate limit reached for requests'),
    )
    const tryId = await startTry(server, {
      model: { provider: 'openai', model: 'gpt-scripted', baseURL: model.baseURL },
      prompt: 'Lima and Oslo?',
      tools: ['weather-tool'],
    })
    const events = await tryEvents(server, tryId)
    expect(ofType(events, 'tool-result').map((r) => r.call.args)).toEqual([{ location: 'Lima' }, { location: 'Oslo' }])
    expect(new Set(ofType(events, 'tool-result').map((r) => r.call.runId)).size).toBe(2)
    expect(last(events)).toMatchObject({ phase: 'failed' })
    expect(last(events).error).toMatch(
      /openai:gpt-scripted answered HTTP 429 \(rate limited\): .*Rate limit reached.*Retry after 7 s/,
    )
  })

  it("shows each step's cost where the provider reports one (OpenRouter's usage.cost), and a refusal as a failed conversation", async () => {
    const { server, model } = await setUpWith(
      { costPerAnswer: 0.0125 },
      turn.call('weather-tool', { location: 'Lima' }),
      turn.text('Sunny.'),
      turn.refusal("I can't help with that."),
    )
    const target = { provider: 'openai-compatible' as const, model: 'scripted', baseURL: model.baseURL }
    const priced = await tryEvents(
      server,
      await startTry(server, { model: target, prompt: 'Lima?', tools: ['weather-tool'] }),
    )
    expect(ofType(priced, 'step-finish').map((s) => s.usage.cost)).toEqual([0.0125, 0.0125])
    expect(last(priced).usage.cost).toBeCloseTo(0.025)
    const refused = await tryEvents(
      server,
      await startTry(server, {
        model: { provider: 'openai', model: 'gpt-scripted', baseURL: model.baseURL },
        prompt: 'Something bad',
        tools: ['weather-tool'],
      }),
    )
    expect(last(refused)).toMatchObject({ phase: 'failed', error: "gpt-scripted refused: I can't help with that." })
  })

  it('ends a step of more than 32 calls, and aborts the runs its calls had started', { timeout: 120_000 }, async () => {
    const calls = Array.from({ length: 33 }, (_, i) => ({
      name: 'delete-repository',
      input: { repo: `acme/repo-${i}` },
    }))
    const { server, model } = await setUp(turn.calls(...calls))
    const events = await tryEvents(
      server,
      await startTry(server, {
        model: { provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL },
        prompt: 'Delete them all',
        tools: ['delete-repository'],
      }),
    )
    expect(last(events)).toMatchObject({
      phase: 'failed',
      error: 'The model made more than 32 tool calls in one step.',
    })
    const runIds = ofType(events, 'tool-call').flatMap((e) => (e.call.runId ? [e.call.runId] : []))
    expect(runIds.length).toBeGreaterThan(0)
    for (const runId of runIds) expect(finished(await server.events(runId))).toMatchObject({ status: Status.aborted })
  })

  it('shows a long argument text cut in the conversation, while the run gets it whole', async () => {
    const location = 'L'.repeat(70_000)
    const { server, model } = await setUp(turn.call('weather-tool', { location }), turn.text('Long.'))
    const events = await tryEvents(
      server,
      await startTry(server, {
        model: { provider: 'openai-compatible', model: 'scripted', baseURL: model.baseURL },
        prompt: 'x',
        tools: ['weather-tool'],
      }),
    )
    const [result] = ofType(events, 'tool-result')
    expect(result.call.argsText).toMatch(/… \(\d+ more characters; the run has them all\)$/)
    expect(result.call.argsText.length).toBeLessThan(66 * 1024)
    expect(result.call.args).toBeUndefined()
    const input = (await server.events(result.call.runId!)).find((e) => e.type === 'input-available')
    expect(input).toMatchObject({ input: { location } })
  })

  it('reports a word-at-a-time answer in at most MAX_TEXT_EVENTS deltas plus one, and ends an answer past 1,000,000 characters', {
    timeout: 120_000,
  }, async () => {
    const words = 'word '.repeat(MAX_TEXT_EVENTS + 500).trim()
    const { server, model } = await setUp(turn.text(words), turn.text('x'.repeat(MAX_CONVERSATION_TEXT + 1)))
    const target = { provider: 'openai-compatible' as const, model: 'scripted', baseURL: model.baseURL }
    const chatty = await tryEvents(
      server,
      await startTry(server, { model: target, prompt: 'Talk', tools: ['weather-tool'] }),
    )
    const deltas = ofType(chatty, 'text-delta')
    expect(deltas.length).toBe(MAX_TEXT_EVENTS + 1)
    expect(deltas.map((d) => d.text).join('')).toBe(words)
    expect(last(chatty)).toMatchObject({ phase: 'done', text: words })
    const runaway = await tryEvents(
      server,
      await startTry(server, { model: target, prompt: 'Talk more', tools: ['weather-tool'] }),
    )
    expect(last(runaway)).toMatchObject({
      phase: 'failed',
      error: `The model's answers passed ${MAX_CONVERSATION_TEXT} characters.`,
    })
  })

  it('refuses an unknown tool, a missing key and a bad body with reasons', async () => {
    const { server, model } = await setUp()
    const unknownTool = await startTry(server, {
      model: { provider: 'openai-compatible', model: 'm', baseURL: model.baseURL },
      prompt: 'x',
      tools: ['no-such-tool'],
    })
    expect(last(await tryEvents(server, unknownTool))).toMatchObject({
      phase: 'failed',
      error: expect.stringMatching(/No tool "no-such-tool" in the catalog/),
    })
    const noKey = await startTry(server, {
      model: { provider: 'google', model: 'gemini-x', baseURL: model.baseURL },
      prompt: 'x',
      tools: 'all',
    })
    expect(last(await tryEvents(server, noKey))).toMatchObject({
      phase: 'failed',
      error: expect.stringMatching(/No key for google: set GOOGLE_GENERATIVE_AI_API_KEY/),
    })
    const bad = await server.api('/api/try', {
      method: 'POST',
      json: { model: { provider: 'openai-compatible', model: 'm' }, prompt: 'x', tools: 'all' },
    })
    expect(bad.status).toBe(400)
    expect(await bad.text()).toMatch(/needs a base URL/)
    const models = await (await server.api('/api/models')).json()
    expect(models.providers.find((p: { id: string }) => p.id === 'openai')).toMatchObject({
      hasKey: true,
      keyVariables: ['OPENAI_API_KEY'],
    })
    expect(models.providers.find((p: { id: string }) => p.id === 'google')).toMatchObject({ hasKey: false })
    expect(JSON.stringify(models)).not.toContain(PLANTED_KEY)
    expect(model.requests).toHaveLength(0)
  })
})
