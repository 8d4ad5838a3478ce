import { describe, expect, it } from 'vitest'
import type { ModelToolCall } from '../../shared/protocol.ts'
import { judgeTrial, passK } from './judge.ts'

let step = 0
const call = (toolId: string, args: unknown, extra: Partial<ModelToolCall> = {}): ModelToolCall => ({
  step: ++step,
  toolCallId: `c${step}`,
  toolId,
  argsText: JSON.stringify(args),
  args,
  ...extra,
})
const malformed = (toolId: string, argsText: string): ModelToolCall => ({
  step: ++step,
  toolCallId: `c${step}`,
  toolId,
  argsText,
  error: 'The model sent arguments that are not valid JSON',
})

const lima = { calls: [{ tool: 'weather-tool', args: { location: 'Lima' } }] }

describe('judgeTrial', () => {
  it('passes a call whose arguments match partially, with matchers', () => {
    expect(
      judgeTrial(lima, { calls: [call('weather-tool', { location: 'Lima', units: 'metric' })], answer: '' }),
    ).toEqual([])
    expect(
      judgeTrial(
        { calls: [{ tool: 'weather-tool', args: { location: { $any: 'string' } } }] },
        { calls: [call('weather-tool', { location: 'Oslo' })], answer: '' },
      ),
    ).toEqual([])
    expect(
      judgeTrial({ calls: [{ tool: 'weather-tool' }] }, { calls: [call('weather-tool', {})], answer: '' }),
    ).toEqual([])
  })

  it('matches arguments with the matchers of scenario expectations, nested and partial', () => {
    const expectDate = {
      calls: [
        { tool: 'schedule', args: { at: { $any: 'date' }, who: { name: 'Ada' }, slots: [1, { $any: 'number' }] } },
      ],
    }
    const sent = {
      at: '2026-12-02T10:00:00Z',
      who: { name: 'Ada', email: 'ada@example.com' },
      slots: [1, 2],
      note: 'x',
    }
    expect(judgeTrial(expectDate, { calls: [call('schedule', sent)], answer: '' })).toEqual([])
    expect(judgeTrial(expectDate, { calls: [call('schedule', { ...sent, at: 'tomorrow' })], answer: '' })).toHaveLength(
      1,
    )
    // Arrays are compared whole: a partial match leaves out keys, not items.
    expect(
      judgeTrial(expectDate, { calls: [call('schedule', { ...sent, slots: [1, 2, 3] })], answer: '' }),
    ).toHaveLength(1)
  })

  it('says what was expected and which calls the model made instead', () => {
    expect(judgeTrial(lima, { calls: [call('weather-tool', { location: 'lima' })], answer: '' })).toEqual([
      'expected a call of weather-tool with args matching {"location":"Lima"}; the model called weather-tool {"location":"lima"}',
    ])
    expect(judgeTrial(lima, { calls: [], answer: 'It is sunny.' })).toEqual([
      'expected a call of weather-tool with args matching {"location":"Lima"}; the model called no tool',
    ])
    expect(
      judgeTrial({ calls: [{ tool: 'echo', count: 2 }] }, { calls: [call('echo', { text: 'a' })], answer: '' }),
    ).toEqual(['expected a call of echo 2 times, got 1 time; the model called echo {"text":"a"}'])
  })

  it('names a call whose arguments were malformed, with its error', () => {
    const failures = judgeTrial(lima, { calls: [malformed('weather-tool', '{"location": "Li')], answer: '' })
    expect(failures).toEqual([
      'expected a call of weather-tool with args matching {"location":"Lima"}; the model called weather-tool {"location": "Li (failed: The model sent arguments that are not valid JSON)',
    ])
    // Named even when no other expectation lists the calls.
    const onAnswer = judgeTrial(
      { answerIncludes: 'sunny' },
      { calls: [malformed('weather-tool', '{"loc')], answer: 'Sorry.' },
    )
    expect(onAnswer).toEqual([
      'expected the answer to include "sunny"; the answer was "Sorry."',
      'the model\'s call of weather-tool had malformed arguments {"loc: The model sent arguments that are not valid JSON',
    ])
    // A model that recovers from its malformed call passes.
    expect(
      judgeTrial(lima, {
        calls: [malformed('weather-tool', '{"loc'), call('weather-tool', { location: 'Lima' })],
        answer: '',
      }),
    ).toEqual([])
  })

  it('checks tools not called, the first call and the number of calls', () => {
    const calls = [call('echo', { text: 'x' }), call('delete-file', { path: '/tmp/a' })]
    expect(judgeTrial({ notCalled: ['delete-file', 'upper'] }, { calls, answer: '' })).toEqual([
      'expected no call of delete-file; the model called it 1 time: delete-file {"path":"/tmp/a"}',
    ])
    expect(judgeTrial({ first: 'delete-file' }, { calls, answer: '' })).toEqual([
      'expected delete-file to be called first; the model called echo {"text":"x"} first',
    ])
    expect(judgeTrial({ first: 'echo' }, { calls: [], answer: '' })).toEqual([
      'expected echo to be called first; the model called no tool',
    ])
    expect(judgeTrial({ callCount: 1 }, { calls, answer: '' })).toEqual([
      'expected 1 tool call; the model made 2: echo {"text":"x"}, delete-file {"path":"/tmp/a"}',
    ])
    expect(judgeTrial({ callCount: { max: 1 } }, { calls, answer: '' })[0]).toMatch(
      /^expected at most 1 tool call; the model made 2/,
    )
    expect(judgeTrial({ callCount: { min: 3 } }, { calls, answer: '' })[0]).toMatch(/^expected at least 3 tool calls/)
    expect(judgeTrial({ callCount: { min: 1, max: 2 } }, { calls, answer: '' })).toEqual([])
    expect(judgeTrial({ callCount: 0 }, { calls: [], answer: '' })).toEqual([])
  })

  it('checks the answer ignoring case, and fails a conversation that failed', () => {
    expect(judgeTrial({ answerIncludes: ['lima', 'SUNNY'] }, { calls: [], answer: 'Lima is sunny today.' })).toEqual([])
    expect(judgeTrial({ answerIncludes: 'rain' }, { calls: [], answer: '' })).toEqual([
      'expected the answer to include "rain"; the model gave no text answer',
    ])
    expect(judgeTrial({}, { calls: [], answer: '', error: 'Rate limit reached for requests.' })).toEqual([
      'the conversation failed: Rate limit reached for requests.',
    ])
  })
})

describe('passK', () => {
  it('is C(c,k)/C(n,k): 1 with n = k only when every trial passed', () => {
    expect(passK(5, 5, 5)).toBe(1)
    expect(passK(5, 4, 5)).toBe(0)
    expect(passK(5, 4, 1)).toBeCloseTo(0.8)
    expect(passK(10, 8, 2)).toBeCloseTo((8 * 7) / (10 * 9))
    expect(passK(4, 0, 1)).toBe(0)
  })

  it('refuses counts that make no sense', () => {
    expect(() => passK(3, 4, 1)).toThrow(RangeError)
    expect(() => passK(3, 2, 4)).toThrow(/1 ≤ k ≤ n/)
    expect(() => passK(0, 0, 0)).toThrow(RangeError)
  })
})
