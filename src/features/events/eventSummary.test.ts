// Unit tests of timeline summaries and categories.
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../shared/protocol.ts'
import { eventCategory, eventSummary, offsetLabel } from './eventSummary.ts'

const e = (body: Record<string, unknown>) => ({ seq: 1, at: 2, ...body }) as RunEvent

describe('eventSummary', () => {
  it('describes hook errors, logs, spans and finish', () => {
    expect(eventSummary(e({ type: 'hook-error', hook: 'onInputStart', message: 'boom' }))).toBe(
      'onInputStart threw: boom',
    )
    expect(eventSummary(e({ type: 'log', level: 'warn', message: 'hi', source: 'observe' }))).toBe('[warn] hi')
    expect(
      eventSummary(e({ type: 'log', level: 'info', message: 'hi', source: 'console', location: 'tools/a.ts:3' })),
    ).toBe('[info] console hi (tools/a.ts:3)')
    const causes = [{ message: 'getaddrinfo ENOTFOUND x' }, { message: 'inner\nmore' }]
    expect(
      eventSummary(
        e({
          type: 'error',
          message: 'fetch failed\nsecond',
          causes,
          views: { raw: null, display: { value: null }, transcript: { value: null } },
        }),
      ),
    ).toBe('fetch failed ← getaddrinfo ENOTFOUND x ← inner')
    expect(
      eventSummary(e({ type: 'span', spanId: 's', name: 'db', startedAt: 0, durationMs: 12.345, status: 'ok' })),
    ).toBe('db 12.3 ms')
    expect(eventSummary(e({ type: 'run-finished', status: 'success', durationMs: 5 }))).toBe('success in 5.0 ms')
    expect(eventSummary(e({ type: 'approval-resolved', approved: false, reason: 'no' }))).toBe('declined: no')
  })
  it('truncates long values', () => {
    const s = eventSummary(
      e({
        type: 'output',
        output: 'x'.repeat(500),
        views: { raw: null, display: { value: null }, transcript: { value: null } },
      }),
    )
    expect(s.length).toBe(80)
    expect(s.endsWith('…')).toBe(true)
  })
  it('categorises and formats offsets', () => {
    expect(eventCategory(e({ type: 'hook-error', hook: 'onOutput', message: '' }))).toBe('hook')
    expect(eventCategory(e({ type: 'aborted' }))).toBe('error')
    expect(offsetLabel(12.34)).toBe('+12.3 ms')
    expect(offsetLabel(1500)).toBe('+1.50 s')
  })
})
