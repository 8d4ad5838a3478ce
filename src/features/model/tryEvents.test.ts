// Folding a conversation's events into steps: text deltas joined per step, a tool call updated in place as it gets its
// run and its result, step tokens, the end; a replayed event (seq already seen) changes nothing.
import { describe, expect, it } from 'vitest'
import type { ModelToolCall, TryEvent } from '../../shared/protocol.ts'
import { Status } from '../../runtime/status.ts'
import { allCalls, foldTryEvents, initialTryView, isTalking } from './tryEvents.ts'

const call = (over: Partial<ModelToolCall> = {}): ModelToolCall => ({
  step: 1,
  toolCallId: 'c1',
  toolId: 'weather-tool',
  argsText: '',
  ...over,
})

const script: TryEvent[] = [
  { seq: 0, type: 'step-start', step: 1 },
  { seq: 1, type: 'text-delta', step: 1, text: 'Let me ' },
  { seq: 2, type: 'text-delta', step: 1, text: 'check.' },
  { seq: 3, type: 'tool-call', call: call() },
  {
    seq: 4,
    type: 'tool-call',
    call: call({ runId: 'r1', argsText: '{"location":"Lima"}', args: { location: 'Lima' } }),
  },
  {
    seq: 5,
    type: 'tool-result',
    call: call({ runId: 'r1', argsText: '{"location":"Lima"}', status: Status.success }),
    modelView: { temp: 21 },
  },
  { seq: 6, type: 'step-finish', step: 1, finishReason: 'tool-calls', usage: { inputTokens: 10, outputTokens: 5 } },
  { seq: 7, type: 'step-start', step: 2 },
  { seq: 8, type: 'text-delta', step: 2, text: 'Sunny' },
  { seq: 9, type: 'step-finish', step: 2, finishReason: 'stop', usage: { inputTokens: 20, outputTokens: 1 } },
  {
    seq: 10,
    type: 'finished',
    phase: 'done',
    text: 'Sunny',
    usage: { inputTokens: 30, outputTokens: 6, totalTokens: 36 },
    steps: 2,
  },
]

describe('foldTryEvents', () => {
  it('folds a two-step conversation into steps, calls and the end', () => {
    const view = foldTryEvents(initialTryView, script)
    expect(view.lastSeq).toBe(10)
    expect(view.steps.map((s) => [s.step, s.text, s.finishReason])).toEqual([
      [1, 'Let me check.', 'tool-calls'],
      [2, 'Sunny', 'stop'],
    ])
    expect(view.steps[0].usage).toEqual({ inputTokens: 10, outputTokens: 5 })
    const [c] = allCalls(view)
    expect(c.call).toMatchObject({
      runId: 'r1',
      argsText: '{"location":"Lima"}',
      status: Status.success,
      args: { location: 'Lima' },
    })
    expect(c.answered).toBe(true)
    expect(c.modelView).toEqual({ temp: 21 })
    expect(view.end).toEqual({
      phase: 'done',
      text: 'Sunny',
      usage: { inputTokens: 30, outputTokens: 6, totalTokens: 36 },
      steps: 2,
    })
    expect(isTalking(view)).toBe(false)
  })

  it('gives the same view event by event as all at once, and ignores a replay from the first event', () => {
    const oneByOne = script.reduce((v, e) => foldTryEvents(v, [e]), initialTryView)
    const whole = foldTryEvents(initialTryView, script)
    expect(oneByOne).toEqual(whole)
    expect(foldTryEvents(whole, script)).toBe(whole)
  })

  it('keeps a call unanswered until its result, and the conversation talking until finished', () => {
    const view = foldTryEvents(initialTryView, script.slice(0, 5))
    expect(isTalking(view)).toBe(true)
    expect(allCalls(view)).toHaveLength(1)
    expect(allCalls(view)[0]).toMatchObject({ answered: false, call: { runId: 'r1' } })
    expect(view.steps[0].usage).toBeUndefined()
  })

  it('keeps parallel calls apart and in the order they began, and a step first seen through a call', () => {
    const view = foldTryEvents(initialTryView, [
      { seq: 0, type: 'tool-call', call: call({ step: 3, toolCallId: 'a', toolId: 'one' }) },
      { seq: 1, type: 'tool-call', call: call({ step: 3, toolCallId: 'b', toolId: 'two' }) },
      {
        seq: 2,
        type: 'tool-result',
        call: call({ step: 3, toolCallId: 'b', toolId: 'two', error: 'The arguments are not valid JSON' }),
        modelView: 'error',
      },
      { seq: 3, type: 'step-start', step: 2 },
    ])
    expect(view.steps.map((s) => s.step)).toEqual([2, 3])
    expect(view.steps[1].calls.map((c) => [c.call.toolId, c.answered, c.call.error])).toEqual([
      ['one', false, undefined],
      ['two', true, 'The arguments are not valid JSON'],
    ])
  })

  it('keeps the error of a failed conversation', () => {
    const view = foldTryEvents(initialTryView, [
      { seq: 0, type: 'finished', phase: 'failed', text: '', usage: {}, steps: 1, error: 'Rate limit reached (429)' },
    ])
    expect(view.end).toMatchObject({ phase: 'failed', error: 'Rate limit reached (429)' })
  })
})
