// Diff of two runs' views: every phase of either run, the four views each, and the paths the second run changed.
import { describe, expect, it } from 'vitest'
import type { RunEvent, Views } from '../../shared/protocol.ts'
import { applyRunEvents, initialRunState } from '../../shared/runState.ts'
import { countDiffs, diffRuns } from './runDiff.ts'

const views = (raw: unknown, display: unknown = raw): Views => ({
  raw,
  display: { value: display },
  transcript: { value: raw, passthrough: true },
  model: { type: 'json', value: raw },
})
const run = (events: Array<Partial<RunEvent> & { type: string }>) =>
  applyRunEvents(
    initialRunState,
    events.map((e, seq) => ({ seq, at: seq, ...e }) as RunEvent),
  )

describe('diffRuns', () => {
  it('lists the changed, added and removed paths of each view, phase by phase', () => {
    const left = run([
      { type: 'input-available', input: { n: 1 }, views: views({ n: 1 }) },
      { type: 'output', output: { doubled: 2, gone: true }, views: views({ doubled: 2, gone: true }, 'two') },
    ])
    const right = run([
      { type: 'input-available', input: { n: 1 }, views: views({ n: 1 }) },
      { type: 'output', output: { doubled: 4, extra: [1] }, views: views({ doubled: 4, extra: [1] }, 'four') },
    ])
    const phases = diffRuns(left, right)
    expect(phases.map((p) => p.phase)).toEqual(['input', 'output'])
    expect(phases[0].views.every((v) => v.diffs.length === 0)).toBe(true)
    const output = Object.fromEntries(phases[1].views.map((v) => [v.view, v.diffs]))
    expect(output.raw).toEqual([
      { path: 'doubled', kind: 'changed' },
      { path: 'extra', kind: 'added' },
      { path: 'gone', kind: 'removed' },
    ])
    expect(output.display).toEqual([{ path: '', kind: 'changed' }])
    expect(output.model.map((d) => d.path)).toEqual(['value.doubled', 'value.extra', 'value.gone'])
    expect(countDiffs(phases)).toBe(10)
  })

  it('shows a phase only one run reached, with nothing on the other side', () => {
    const left = run([{ type: 'approval-requested', input: {}, views: views({ path: '/x' }) }])
    const right = run([
      { type: 'approval-requested', input: {}, views: views({ path: '/x' }) },
      { type: 'output', output: { deleted: '/x' }, views: views({ deleted: '/x' }) },
    ])
    const output = diffRuns(left, right).find((p) => p.phase === 'output')!
    expect(output.views[0]).toEqual({
      view: 'raw',
      left: undefined,
      right: { deleted: '/x' },
      diffs: [{ path: '', kind: 'changed' }],
    })
    expect(output.reached).toEqual({ left: false, right: true })
  })
})
