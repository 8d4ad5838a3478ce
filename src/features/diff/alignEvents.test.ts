// Alignment of two event logs by phase: same kinds face each other by rank, extra events sit alone, crossing pairs
// are not forced, and every event of each run appears once in its own order.
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../shared/protocol.ts'
import { alignEvents } from './alignEvents.ts'

let seq = 0
const ev = (type: string, at = 0): RunEvent =>
  ({ type, seq: seq++, at, message: '', level: 'info', source: 'observe' }) as unknown as RunEvent
const shape = (rows: ReturnType<typeof alignEvents>) =>
  rows.map((r) => `${r.left?.type ?? '-'}|${r.right?.type ?? '-'}`)

describe('alignEvents', () => {
  it('pairs events of the same kind and rank, and leaves the extra ones alone', () => {
    const left = [ev('run-started'), ev('approval-requested'), ev('approval-resolved'), ev('run-finished')]
    const right = [
      ev('run-started'),
      ev('approval-requested'),
      ev('approval-resolved'),
      ev('log'),
      ev('output'),
      ev('run-finished'),
    ]
    expect(shape(alignEvents(left, right))).toEqual([
      'run-started|run-started',
      'approval-requested|approval-requested',
      'approval-resolved|approval-resolved',
      '-|log',
      '-|output',
      'run-finished|run-finished',
    ])
  })

  it('pairs the nth log with the nth log: a run with fewer logs leaves the last ones unpaired', () => {
    const left = [ev('log'), ev('log'), ev('output')]
    const right = [ev('log'), ev('output')]
    expect(shape(alignEvents(left, right))).toEqual(['log|log', 'log|-', 'output|output'])
  })

  it('never pairs across: two kinds in swapped order keep their own order on each side', () => {
    const left = [ev('log'), ev('span'), ev('output')]
    const right = [ev('span'), ev('log'), ev('output')]
    const rows = alignEvents(left, right)
    expect(rows.filter((r) => r.left && r.right)).toHaveLength(2)
    expect(rows.flatMap((r) => (r.left ? [r.left.seq] : []))).toEqual(left.map((e) => e.seq))
    expect(rows.flatMap((r) => (r.right ? [r.right.seq] : []))).toEqual(right.map((e) => e.seq))
  })

  it('handles empty sides and keeps the kind of each row', () => {
    const right = [ev('run-started'), ev('run-finished')]
    expect(alignEvents([], right).map((r) => [r.kind, !!r.left, !!r.right])).toEqual([
      ['run-started', false, true],
      ['run-finished', false, true],
    ])
    expect(alignEvents([], [])).toEqual([])
  })

  it('aligns 10,000 events against 10,000 quickly (no quadratic work)', () => {
    const left = Array.from({ length: 10_000 }, (_, i) => ev(i % 3 ? 'log' : 'writer-chunk'))
    const right = Array.from({ length: 10_000 }, (_, i) => ev(i % 4 ? 'log' : 'writer-chunk'))
    const started = performance.now()
    const rows = alignEvents(left, right)
    expect(performance.now() - started).toBeLessThan(500)
    expect(rows.filter((r) => r.left).length).toBe(10_000)
    expect(rows.filter((r) => r.right).length).toBe(10_000)
  })
})
