// Unit tests of the run-state reducer: statuses for every flow, views per phase, replay idempotence, span tree.
import { describe, expect, it } from 'vitest'
import type { RunEvent, Views } from './protocol.ts'
import { applyRunEvent, applyRunEvents, buildSpanTree, initialRunState, isFinal, type RunState } from './runState.ts'

const v = (raw: unknown): Views => ({
  raw,
  display: { value: raw, passthrough: true },
  transcript: { value: raw, passthrough: true },
})

/** Builds a numbered event log from event bodies (seq/at filled in). */
function log(...bodies: Array<Record<string, unknown> & { type: RunEvent['type'] }>): RunEvent[] {
  return bodies.map((b, i) => ({ seq: i, at: i * 10, ...b }) as RunEvent)
}

const started = {
  type: 'run-started',
  toolId: 't',
  toolCallId: 'c1',
  caller: 'agent',
  background: false,
  stepping: false,
} as const
const reduceAll = (events: RunEvent[]): RunState => events.reduce(applyRunEvent, initialRunState)

describe('applyRunEvent', () => {
  it('starts idle and follows a successful run', () => {
    expect(initialRunState.status).toBe('idle')
    const events = log(
      started,
      { type: 'input-start', toolCallId: 'c1' },
      { type: 'input-delta', inputTextDelta: '{"a":', views: v('{"a":') },
      { type: 'input-delta', inputTextDelta: '1}', views: v('1}') },
      { type: 'input-available', input: { a: 1 }, views: v({ a: 1 }) },
      { type: 'output', output: { b: 2 }, views: { ...v({ b: 2 }), model: { type: 'json', value: { b: 2 } } } },
      { type: 'run-finished', status: 'success', durationMs: 12 },
    )
    const s = reduceAll(events)
    expect(s.status).toBe('success')
    expect(s.inputText).toBe('{"a":1}')
    expect(s.input).toEqual({ a: 1 })
    expect(s.output).toEqual({ b: 2 })
    expect(s.phases).toEqual(['input', 'output'])
    expect(s.views.output?.model).toEqual({ type: 'json', value: { b: 2 } })
    expect(s.durationMs).toBe(12)
    expect(s.finished).toBe(true)
    expect(s.events).toHaveLength(7)
    expect(s.toolId).toBe('t')
  })

  it('waits for approval, then runs on when approved', () => {
    const events = log(started, { type: 'approval-requested', input: { x: 1 }, views: v({ x: 1 }) })
    let s = reduceAll(events)
    expect(s.status).toBe('awaiting-approval')
    expect(s.approval).toMatchObject({ pending: true, input: { x: 1 } })
    s = applyRunEvent(s, { seq: 2, at: 30, type: 'approval-resolved', approved: true })
    expect(s.status).toBe('running')
    expect(s.approval).toMatchObject({ pending: false, approved: true })
  })

  it('is declined when the approval is refused, with the reason', () => {
    const events = log(
      started,
      { type: 'approval-requested', input: {}, views: v({}) },
      { type: 'approval-resolved', approved: false, reason: 'nope' },
      { type: 'run-finished', status: 'declined', durationMs: 3 },
    )
    const s = reduceAll(events)
    expect(s.status).toBe('declined')
    expect(s.approval).toMatchObject({ approved: false, reason: 'nope', pending: false })
  })

  it('suspends with the resume schema and runs again on resume', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } }
    let s = reduceAll(
      log(started, { type: 'suspended', payload: { ask: 'ok?' }, resumeSchema: schema, views: v({ ask: 'ok?' }) }),
    )
    expect(s.status).toBe('suspended')
    expect(s.suspension).toMatchObject({ pending: true, resumeSchema: schema, payload: { ask: 'ok?' } })
    s = applyRunEvent(s, { seq: 2, at: 5, type: 'resumed', resumeData: { ok: true }, views: v({ ok: true }) })
    expect(s.status).toBe('running')
    expect(s.suspension?.pending).toBe(false)
    expect(s.phases).toEqual(['suspend', 'resume'])
  })

  it('waits for an elicitation answer', () => {
    let s = reduceAll(
      log(started, { type: 'elicitation-requested', request: { message: 'Name?', requestedSchema: {} } }),
    )
    expect(s.status).toBe('awaiting-elicitation')
    s = applyRunEvent(s, {
      seq: 2,
      at: 1,
      type: 'elicitation-resolved',
      result: { action: 'accept', content: { name: 'a' } },
    })
    expect(s.status).toBe('running')
    expect(s.elicitation).toMatchObject({ pending: false, action: 'accept' })
  })

  it('pauses before each phase when stepping and runs on with the next event', () => {
    let s = reduceAll(log({ ...started, stepping: true }, { type: 'paused', next: 'input-streaming' }))
    expect(s.stepping).toBe(true)
    expect(s.status).toBe('paused')
    expect(s.pausedBefore).toBe('input-streaming')
    s = applyRunEvent(s, { seq: 2, at: 1, type: 'input-start', toolCallId: 'c1' })
    expect(s.status).toBe('running')
  })

  it('records an error with its validation issues and the error views', () => {
    const s = reduceAll(
      log(
        started,
        {
          type: 'error',
          message: 'Request context validation failed for t.',
          validationErrors: [{ path: ['user'], message: 'Required' }],
          views: v({ message: 'x' }),
        },
        { type: 'run-finished', status: 'error', durationMs: 1 },
      ),
    )
    expect(s.status).toBe('error')
    expect(s.error?.message).toMatch(/Request context validation failed/)
    expect(s.error?.validationErrors).toHaveLength(1)
    expect(s.phases).toEqual(['error'])
  })

  it('is aborted at once and ignores late events until run-finished', () => {
    const s = reduceAll(
      log(
        started,
        { type: 'aborted', reason: 'user' },
        { type: 'log', level: 'info', message: 'late', source: 'observe' },
        { type: 'run-finished', status: 'aborted', durationMs: 9 },
      ),
    )
    expect(s.status).toBe('aborted')
    expect(s.abortReason).toBe('user')
    expect(s.logs).toHaveLength(0)
    expect(s.finished).toBe(true)
  })

  it('collects logs, writer chunks, hook errors, state changes and background attempts', () => {
    const s = reduceAll(
      log(
        started,
        { type: 'hook-error', hook: 'onInputStart', message: 'boom' },
        { type: 'log', level: 'warn', message: 'careful', source: 'observe' },
        { type: 'writer-chunk', chunk: { progress: 50 } },
        { type: 'state-changed', state: { step: 2 } },
        { type: 'background-attempt', attempt: 1, error: 'flaky' },
      ),
    )
    expect(s.hookErrors.map((h) => h.message)).toEqual(['boom'])
    expect(s.logs.map((l) => l.message)).toEqual(['careful'])
    expect(s.chunks).toEqual([{ progress: 50 }])
    expect(s.workflowState).toEqual({ step: 2 })
    expect(s.attempts).toHaveLength(1)
    expect(s.status).toBe('running')
  })

  it('marks a phase whose views were cut to the size limit, and clears it when a later event of that phase is whole', () => {
    const cut = { originalBytes: 150_000_000, fields: ['output', 'views.raw'] }
    const s = reduceAll(log(started, { type: 'output', output: 'x…', views: v('x…'), truncated: cut }))
    expect(s.truncated).toEqual({ output: cut })
    const whole = applyRunEvent(s, { type: 'output', seq: 2, at: 20, output: 'y', views: v('y') })
    expect(whole.truncated).toEqual({})
  })

  it('ends a run interrupted or expired by the server like any other end, and offers no prompt after it', () => {
    const interrupted = reduceAll(
      log(
        started,
        { type: 'approval-requested', input: {}, views: v({}) },
        { type: 'run-finished', status: 'interrupted', durationMs: 5 },
      ),
    )
    expect(interrupted).toMatchObject({ status: 'interrupted', finished: true })
    expect(isFinal(interrupted.status)).toBe(true)
    const expired = reduceAll(
      log(
        started,
        { type: 'suspended', payload: {}, views: v({}) },
        { type: 'run-finished', status: 'expired', durationMs: 5 },
      ),
    )
    expect(expired).toMatchObject({ status: 'expired', finished: true })
  })

  it('ignores replayed events so a reconnect with Last-Event-ID overlap changes nothing', () => {
    const events = log(started, { type: 'suspended', payload: 1, views: v(1) })
    const once = reduceAll(events)
    const twice = events.reduce(applyRunEvent, once)
    expect(twice).toBe(once)
    expect(applyRunEvents(once, events)).toBe(once)
  })

  it('gives the same state for a batch as for one event at a time (live vs replay)', () => {
    const events = log(
      started,
      { type: 'approval-requested', input: {}, views: v({}) },
      { type: 'approval-resolved', approved: true },
      { type: 'suspended', payload: 1, views: v(1) },
    )
    const batched = applyRunEvents(applyRunEvents(initialRunState, events.slice(0, 2)), events)
    expect(batched).toEqual(reduceAll(events))
    expect(batched.status).toBe('suspended')
  })

  it('never mutates the state it was given, even when a batch appends in place', () => {
    const first = applyRunEvents(
      initialRunState,
      log(started, { type: 'log', level: 'info', message: 'a', source: 'observe' }),
    )
    const logs = first.logs
    const next = applyRunEvents(
      first,
      log(
        started,
        { type: 'log', level: 'info', message: 'a', source: 'observe' },
        { type: 'log', level: 'info', message: 'b', source: 'observe' },
      ),
    )
    expect(first.logs).toBe(logs)
    expect(first.logs.map((l) => l.message)).toEqual(['a'])
    expect(next.logs.map((l) => l.message)).toEqual(['a', 'b'])
    expect(initialRunState.logs).toEqual([])
  })

  it('handles 10,000 events in one batch quickly enough for a replay', () => {
    const many = log(
      started,
      ...Array.from({ length: 10_000 }, (_, i) => ({
        type: 'log' as const,
        level: 'info',
        message: `m${i}`,
        source: 'observe',
      })),
    )
    const s = applyRunEvents(initialRunState, many)
    expect(s.logs).toHaveLength(10_000)
    expect(s.lastSeq).toBe(10_000)
  })
})

describe('buildSpanTree', () => {
  const span = (spanId: string, startedAt: number, parentSpanId?: string) =>
    ({
      seq: 0,
      at: 0,
      type: 'span',
      spanId,
      parentSpanId,
      name: spanId,
      startedAt,
      durationMs: 1,
      status: 'ok',
    }) as Extract<RunEvent, { type: 'span' }>

  it('nests children under parents even when children arrive first, sorted by start', () => {
    const tree = buildSpanTree([
      span('child2', 5, 'root'),
      span('child1', 2, 'root'),
      span('grand', 3, 'child1'),
      span('root', 1),
    ])
    expect(tree.map((n) => n.span.spanId)).toEqual(['root'])
    expect(tree[0].children.map((n) => n.span.spanId)).toEqual(['child1', 'child2'])
    expect(tree[0].children[0].children[0].span.spanId).toBe('grand')
  })

  it('makes orphans roots', () => {
    expect(buildSpanTree([span('a', 1, 'missing')]).map((n) => n.span.spanId)).toEqual(['a'])
  })
})

describe('helpers', () => {
  it('knows final statuses (statusPresentation.test.ts checks the labels)', () => {
    expect(isFinal('declined')).toBe(true)
    expect(isFinal('suspended')).toBe(false)
  })
})
