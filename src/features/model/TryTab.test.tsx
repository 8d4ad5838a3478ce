// The Model tab against a fake ApiClient: the provider's key status (never a key), Ctrl+Enter in the prompt starts the
// conversation with the body the form says, a tool call's run that waits for approval shows the Run tab's Approval card
// (answered through the run's controls), then the model's answer and the step's tokens; a provider error is named by
// its cause; the form is remembered without anything but its fields.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ModelsInfo, TryBody, TryEvent } from '../../shared/protocol.ts'
import { Status } from '../../runtime/status.ts'
import { createFakeApi, type FakeApi } from '../../test/fakeApi.ts'
import { renderWithApi } from '../../test/renderWithApi.tsx'
import { RunPrompts } from '../runs/RunPrompts.tsx'
import TryTab from './TryTab.tsx'
import { rememberTry, rememberedTry } from './tryDraft.ts'

const MODELS: ModelsInfo = {
  providers: [
    { id: 'openai', label: 'OpenAI', keyVariables: ['OPENAI_API_KEY'], hasKey: false },
    { id: 'anthropic', label: 'Anthropic', keyVariables: ['ANTHROPIC_API_KEY'], hasKey: true },
    { id: 'google', label: 'Google', keyVariables: ['GOOGLE_GENERATIVE_AI_API_KEY'], hasKey: false },
    {
      id: 'openai-compatible',
      label: 'OpenAI-compatible',
      keyVariables: ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_API_KEY'],
      hasKey: false,
    },
  ],
  defaultModel: { provider: 'openai-compatible', model: 'scripted', baseURL: 'http://127.0.0.1:9/v1' },
}

/** A stream the test writes to as the server would, frame by frame. */
function openSse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) })
  return { response: new Response(body), write: (text: string) => controller.enqueue(new TextEncoder().encode(text)) }
}

const tryFrame = (e: TryEvent) => `event: try\nid: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`
const runFrame = (seq: number, body: object) => `id: ${seq}\ndata: ${JSON.stringify({ seq, at: seq, ...body })}\n\n`
const views = {
  raw: { repo: 'acme/old' },
  display: { value: 'Delete acme/old?' },
  transcript: { value: { repo: 'acme/old' } },
}
const call = { step: 1, toolCallId: 'c1', toolId: 'delete-repository', argsText: '{"repo":"acme/old"}', runId: 'r1' }

/** A fake whose try and run streams the test drives, and which records the conversations started. */
function fakeServer() {
  const api: FakeApi & { tries: TryBody[] } = Object.assign(createFakeApi(), { tries: [] as TryBody[] })
  const streams = new Map<string, ReturnType<typeof openSse>>()
  api.models = async () => MODELS
  api.startTry = async (body) => {
    api.tries.push(body)
    return { tryId: `t${api.tries.length}` }
  }
  api.openStream = async (path) => {
    const s = openSse()
    streams.set(path, s)
    return s.response
  }
  const stream = async (path: string) => {
    await waitFor(() => expect(streams.has(path)).toBe(true))
    return streams.get(path)!
  }
  return { api, stream }
}

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})

describe('TryTab', () => {
  it('starts from the server’s model, says whether a key is set, and never stores more than the form', async () => {
    const { api } = fakeServer()
    renderWithApi(<TryTab toolId="delete-repository" onNavigate={() => {}} prompts={RunPrompts} />, api)
    const form = screen.getByRole('form', { name: 'Model settings' })
    await waitFor(() => expect((within(form).getByLabelText('Model') as HTMLInputElement).value).toBe('scripted'))
    expect((within(form).getByLabelText(/^Base URL/) as HTMLInputElement).value).toBe('http://127.0.0.1:9/v1')
    expect(form.textContent).toContain('no key (optional: OPENAI_COMPATIBLE_API_KEY)')
    fireEvent.change(within(form).getByLabelText('Provider'), { target: { value: 'openai' } })
    expect(form.textContent).toContain('no key: set OPENAI_API_KEY')
    fireEvent.change(within(form).getByLabelText('Provider'), { target: { value: 'anthropic' } })
    expect(form.textContent).toContain('key set')
    expect(JSON.parse(localStorage.getItem('toolscope:model:try')!)).toEqual({
      prompt: '',
      provider: 'anthropic',
      model: 'scripted',
      baseURL: 'http://127.0.0.1:9/v1',
      offer: 'tool',
      chosen: [],
      maxSteps: '5',
    })
  })

  it('tries with Ctrl+Enter, shows the approval of the call’s run, then the answer and the step’s tokens', async () => {
    const { api, stream } = fakeServer()
    renderWithApi(<TryTab toolId="delete-repository" onNavigate={() => {}} prompts={RunPrompts} />, api)
    const prompt = screen.getByLabelText('Prompt')
    await waitFor(() => expect((screen.getByLabelText('Model') as HTMLInputElement).value).toBe('scripted'))
    fireEvent.change(prompt, { target: { value: 'Delete acme/old' } })
    fireEvent.keyDown(prompt, { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(api.tries).toHaveLength(1))
    expect(api.tries[0]).toEqual({
      model: MODELS.defaultModel,
      prompt: 'Delete acme/old',
      tools: ['delete-repository'],
      maxSteps: 5,
    })

    const conversation = await stream('/api/try/t1/events')
    conversation.write(
      tryFrame({ seq: 0, type: 'step-start', step: 1 }) + tryFrame({ seq: 1, type: 'tool-call', call }),
    )
    const run = await stream('/api/runs/r1/events')
    run.write(
      runFrame(0, {
        type: 'run-started',
        toolId: 'delete-repository',
        toolCallId: 'c1',
        caller: 'direct',
        background: false,
        stepping: false,
      }) + runFrame(1, { type: 'approval-requested', input: { repo: 'acme/old' }, views }),
    )
    const card = await screen.findByRole('region', { name: 'Tool call delete-repository' })
    const approval = await within(card).findByRole('region', { name: 'Approval' })
    expect(approval.textContent).toContain('Delete acme/old?')
    expect(within(card).getByRole('link', { name: 'Open run r1 of delete-repository' }).getAttribute('href')).toBe(
      '?tool=delete-repository&run=r1&tab=run',
    )
    fireEvent.click(within(approval).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.controls).toEqual([{ runId: 'r1', control: { type: 'approve' } }]))

    conversation.write(
      tryFrame({
        seq: 2,
        type: 'tool-result',
        call: { ...call, status: Status.success },
        modelView: { deleted: 'acme/old' },
      }) +
        tryFrame({
          seq: 3,
          type: 'step-finish',
          step: 1,
          finishReason: 'tool-calls',
          usage: { inputTokens: 12, outputTokens: 8 },
        }) +
        tryFrame({ seq: 4, type: 'step-start', step: 2 }) +
        tryFrame({ seq: 5, type: 'text-delta', step: 2, text: 'Deleted acme/old.' }) +
        tryFrame({
          seq: 6,
          type: 'step-finish',
          step: 2,
          finishReason: 'stop',
          usage: { inputTokens: 30, outputTokens: 4, cost: 0.0002 },
        }) +
        tryFrame({
          seq: 7,
          type: 'finished',
          phase: 'done',
          text: 'Deleted acme/old.',
          usage: { inputTokens: 42, outputTokens: 12 },
          steps: 2,
        }),
    )
    const answer = await screen.findByRole('region', { name: 'Answer' })
    expect(answer.textContent).toContain('Deleted acme/old.')
    expect(within(card).queryByRole('region', { name: 'Approval' })).toBeNull()
    expect(card.textContent).toContain('"deleted": "acme/old"')
    expect(screen.getByLabelText('Step 1 tokens').textContent).toContain('12 in · 8 out · 20 tokens')
    expect(screen.getByLabelText('Step 2 tokens').textContent).toContain('$0.0002')
    expect(screen.getByRole('status', { name: 'Conversation summary' }).textContent).toBe(
      'Answered in 2 steps · 42 in · 12 out · 54 tokens',
    )
    expect(screen.getByRole('button', { name: 'Try' })).toBeTruthy()
  })

  it('names a rate limit as such, with the provider’s message', async () => {
    const { api, stream } = fakeServer()
    rememberTry('weather', { tryId: 't9', prompt: 'Weather?' })
    renderWithApi(<TryTab toolId="weather" onNavigate={() => {}} prompts={RunPrompts} />, api)
    const conversation = await stream('/api/try/t9/events')
    conversation.write(
      tryFrame({
        seq: 0,
        type: 'finished',
        phase: 'failed',
        text: '',
        usage: {},
        steps: 1,
        error: 'openai:gpt answered HTTP 429 (rate limited): slow down Retry after 1 s.',
      }),
    )
    const alert = await screen.findByRole('alert', { name: 'Conversation error' })
    expect(alert.textContent).toContain('Rate limited by the provider')
    expect(alert.textContent).toContain('Retry after 1 s.')
    expect(screen.getByText('Weather?')).toBeTruthy()
  })

  it('keeps the open conversation of each tool for the browser tab', () => {
    rememberTry('a', { tryId: 't1', prompt: 'hi' })
    expect(rememberedTry('a')).toEqual({ tryId: 't1', prompt: 'hi' })
    expect(rememberedTry('b')).toBeUndefined()
    rememberTry('a', undefined)
    expect(rememberedTry('a')).toBeUndefined()
  })
})
