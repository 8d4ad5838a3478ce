// What an eval trial keeps: a model's long arguments and answer are judged whole but kept cut, so a job of many
// trials stays bounded (each call's run in history has everything).
import { describe, expect, it } from 'vitest'
import { keptOutcome, MAX_KEPT_ANSWER, MAX_KEPT_ARGS } from './evalRunner.ts'

describe('keptOutcome', () => {
  it('keeps short calls and answers as they are', () => {
    const outcome = {
      calls: [{ step: 1, toolCallId: 'c1', toolId: 't', argsText: '{"a":1}', args: { a: 1 } }],
      answer: 'Done.',
    }
    expect(keptOutcome(outcome)).toEqual(outcome)
  })

  it('cuts a long argument text (dropping its parsed args) and a long answer, saying how much was cut', () => {
    const long = JSON.stringify({ text: 'x'.repeat(MAX_KEPT_ARGS * 2) })
    const kept = keptOutcome({
      calls: [{ step: 1, toolCallId: 'c1', toolId: 't', argsText: long, args: JSON.parse(long) }],
      answer: 'y'.repeat(MAX_KEPT_ANSWER + 5),
    })
    expect(kept.calls[0].argsText).toBe(
      `${long.slice(0, MAX_KEPT_ARGS)}… (${long.length - MAX_KEPT_ARGS} more characters)`,
    )
    expect(kept.calls[0]).not.toHaveProperty('args')
    expect(kept.answer.endsWith('… (5 more characters)')).toBe(true)
  })
})
