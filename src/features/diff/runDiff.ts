// What differs between two runs of a tool, view by view: for each payload phase either run produced, the raw, display,
// transcript and model values of both runs and the paths the second run added, removed or changed (structuralDiff).
import type { Views } from '../../shared/protocol.ts'
import type { RunState, ViewPhase } from '../../shared/runState.ts'
import { diffPaths, type PathDiff } from '../compare/structuralDiff.ts'

/** The four views, in the order the Compare panels show them. */
export const VIEW_NAMES = ['raw', 'display', 'transcript', 'model'] as const
export type ViewName = (typeof VIEW_NAMES)[number]

/** One view of one phase in both runs. */
export interface ViewDiff {
  view: ViewName
  left: unknown
  right: unknown
  /** Paths where the right run's value differs from the left's. */
  diffs: PathDiff[]
}

/** One payload phase: the views of both runs (a phase only one run reached has `undefined` on the other side). */
export interface PhaseDiff {
  phase: ViewPhase
  /** Whether each run produced this phase. */
  reached: { left: boolean; right: boolean }
  views: ViewDiff[]
}

function valueOf(views: Views | undefined, view: ViewName): unknown {
  if (!views) return undefined
  return view === 'display' || view === 'transcript' ? views[view].value : views[view]
}

/** The phases of both runs (the left run's order first), each with its four views compared. */
export function diffRuns(left: RunState, right: RunState): PhaseDiff[] {
  const phases = [...new Set([...left.phases, ...right.phases])]
  return phases.map((phase) => ({
    phase,
    reached: { left: !!left.views[phase], right: !!right.views[phase] },
    views: VIEW_NAMES.map((view) => {
      const a = valueOf(left.views[phase], view)
      const b = valueOf(right.views[phase], view)
      return { view, left: a, right: b, diffs: diffPaths(a, b) }
    }),
  }))
}

/** How many paths differ over every phase and view. */
export function countDiffs(phases: readonly PhaseDiff[]): number {
  return phases.reduce((n, p) => n + p.views.reduce((m, v) => m + v.diffs.length, 0), 0)
}
