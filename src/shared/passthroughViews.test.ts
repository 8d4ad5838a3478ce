// compactViews / expandViews / RunEventFrame: the compact form of passthrough views and its one expansion.
import { describe, expect, it } from 'vitest'
import { compactViews, expandViews, RunEventFrame } from './passthroughViews.ts'
import { PassthroughRef, RunEvent } from './protocol.ts'

const raw = { text: 'hello', n: 1 }
const output = (views: Record<string, unknown>) => ({ type: 'output', seq: 3, at: 1, output: raw, views }) as const
const full = output({
  raw,
  display: { value: raw, passthrough: true },
  transcript: { value: raw, passthrough: true },
  model: { type: 'json', value: raw },
})

describe('passthrough views', () => {
  it('compact drops the value of views equal to raw, and expanding gives back the same event', () => {
    const compact = compactViews(full)
    expect(compact.views).toStrictEqual({
      raw,
      display: { passthrough: true },
      transcript: { passthrough: true },
      model: { type: 'json', value: raw },
    })
    expect(PassthroughRef.safeParse(compact.views.display).success).toBe(true)
    // Through JSON, as it crosses a boundary: one copy of raw for display and transcript together (none).
    const wire = JSON.parse(JSON.stringify(compact))
    expect(RunEventFrame.parse(wire)).toStrictEqual(RunEvent.parse(JSON.parse(JSON.stringify(full))))
    // The expanded views point at raw itself: no copy is made.
    const expanded = expandViews(compact)
    expect(expanded.views.display).toStrictEqual({ value: raw, passthrough: true })
    expect((expanded.views.display as { value: unknown }).value).toBe(expanded.views.raw)
  })

  it('leaves transformed, placeholder and flagged views as they are, and full events untouched', () => {
    const mixed = output({
      raw,
      display: { value: { shown: 1 } },
      transcript: { value: { message: 'x' }, placeholder: true },
      model: { type: 'text', value: 'x' },
    })
    expect(compactViews(mixed)).toBe(mixed)
    expect(expandViews(mixed)).toBe(mixed)
    expect(expandViews(full)).toBe(full)
    // Only the exact shape is compacted, so expanding can never add or lose a key.
    const flagged = output({
      raw,
      display: { value: raw, passthrough: true, failed: 'odd' },
      transcript: { value: raw, passthrough: true },
    })
    expect(compactViews(flagged).views).toStrictEqual({
      raw,
      display: { value: raw, passthrough: true, failed: 'odd' },
      transcript: { passthrough: true },
    })
    // An extra key is not the compact form: it is not read as "same as raw".
    expect(
      expandViews(output({ raw, display: { passthrough: true, failed: 'x' }, transcript: { passthrough: true } })).views
        .display,
    ).toStrictEqual({ passthrough: true, failed: 'x' })
  })

  it('with raw undefined the compact and full forms are the same JSON, and expanding changes nothing', () => {
    const aborted = {
      type: 'error',
      seq: 1,
      at: 0,
      message: 'm',
      views: {
        raw: undefined,
        display: { value: undefined, passthrough: true },
        transcript: { value: undefined, passthrough: true },
      },
    }
    const wire = JSON.parse(JSON.stringify(compactViews(aborted)))
    expect(wire).toStrictEqual(JSON.parse(JSON.stringify(aborted)))
    expect(RunEventFrame.parse(wire)).toStrictEqual(RunEvent.parse(wire))
  })

  it('events without views, and values that are not events, pass through for the schema to judge', () => {
    const log = { type: 'log', seq: 0, at: 0, level: 'info', source: 'tool', message: 'm' }
    expect(compactViews(log)).toBe(log)
    expect(expandViews(null)).toBe(null)
    expect(RunEventFrame.safeParse('nope').success).toBe(false)
  })
})
