// The Model tab's form: the body it becomes (the tools offered, the base URL an OpenAI-compatible model needs, the step
// limit), the problems it names, and what is remembered (the form's own fields only, never anything else).
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TRY_DRAFT,
  draftToTryBody,
  initialTryDraft,
  parseStoredDraft,
  storedDraftText,
  type TryDraft,
} from './tryDraft.ts'

const draft = (over: Partial<TryDraft> = {}): TryDraft => ({
  ...DEFAULT_TRY_DRAFT,
  prompt: 'Weather in Lima?',
  model: 'gpt-4.1-mini',
  ...over,
})

describe('draftToTryBody', () => {
  it('offers the open tool, a chosen set or the whole catalog', () => {
    expect(draftToTryBody(draft(), 'weather-tool')).toEqual({
      ok: true,
      body: {
        model: { provider: 'openai', model: 'gpt-4.1-mini' },
        prompt: 'Weather in Lima?',
        tools: ['weather-tool'],
        maxSteps: 5,
      },
    })
    expect(draftToTryBody(draft({ offer: 'set', chosen: ['a', 'b'] }), 'x')).toMatchObject({
      ok: true,
      body: { tools: ['a', 'b'] },
    })
    expect(draftToTryBody(draft({ offer: 'all' }), 'x')).toMatchObject({ ok: true, body: { tools: 'all' } })
  })

  it('sends a base URL, required for an OpenAI-compatible model', () => {
    expect(draftToTryBody(draft({ provider: 'openai-compatible' }), 'x')).toMatchObject({ ok: false, field: 'baseURL' })
    expect(
      draftToTryBody(draft({ provider: 'openai-compatible', baseURL: ' http://127.0.0.1:11434/v1 ' }), 'x'),
    ).toMatchObject({
      ok: true,
      body: { model: { provider: 'openai-compatible', model: 'gpt-4.1-mini', baseURL: 'http://127.0.0.1:11434/v1' } },
    })
    expect(draftToTryBody(draft({ baseURL: 'localhost:11434' }), 'x')).toMatchObject({ ok: false, field: 'baseURL' })
  })

  it('names the field that keeps it from being sent', () => {
    expect(draftToTryBody(draft({ prompt: '  ' }), 'x')).toMatchObject({ ok: false, field: 'prompt' })
    expect(draftToTryBody(draft({ model: '' }), 'x')).toMatchObject({ ok: false, field: 'model' })
    expect(draftToTryBody(draft({ offer: 'set', chosen: [] }), 'x')).toMatchObject({ ok: false, field: 'chosen' })
    expect(draftToTryBody(draft({ maxSteps: '0' }), 'x')).toMatchObject({ ok: false, field: 'maxSteps' })
    expect(draftToTryBody(draft({ maxSteps: '21' }), 'x')).toMatchObject({ ok: false, field: 'maxSteps' })
    expect(draftToTryBody(draft({ maxSteps: '2.5' }), 'x')).toMatchObject({ ok: false, field: 'maxSteps' })
  })
})

describe('the remembered form', () => {
  it('stores only the form’s own fields', () => {
    const withExtra = { ...draft(), apiKey: 'sk-secret' } as TryDraft
    const text = storedDraftText(withExtra)
    expect(text).not.toContain('sk-secret')
    expect(parseStoredDraft(text)).toEqual(draft())
  })

  it('reads a damaged or foreign value back as defaults, field by field', () => {
    expect(parseStoredDraft('not json')).toBeUndefined()
    expect(parseStoredDraft(null)).toBeUndefined()
    expect(
      parseStoredDraft(JSON.stringify({ provider: 'mistral', offer: 'some', chosen: ['a', 3], model: 'm' })),
    ).toEqual({ ...DEFAULT_TRY_DRAFT, model: 'm', chosen: ['a'] })
  })

  it('starts from the model the server was started with when nothing is remembered', () => {
    const models = {
      providers: [],
      defaultModel: { provider: 'openai-compatible' as const, model: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1' },
    }
    expect(initialTryDraft(models, null)).toMatchObject({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseURL: 'http://127.0.0.1:11434/v1',
    })
    expect(initialTryDraft(models, storedDraftText(draft()))).toEqual(draft())
    expect(initialTryDraft(undefined, null)).toEqual(DEFAULT_TRY_DRAFT)
  })
})
