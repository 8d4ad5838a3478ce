// Aligns the event logs of two runs by phase: the nth event of a kind in one run faces the nth event of the same kind
// in the other, in an order both logs agree on (pairs that would cross are left unpaired), so two runs of a tool read
// side by side even when one has extra events (a retry, a prompt, more logs).
import type { RunEvent } from '../../shared/protocol.ts'

/** One row of the side-by-side timeline: an event of either run, or the pair of the same kind and rank. */
export interface AlignedRow {
  kind: RunEvent['type']
  left?: RunEvent
  right?: RunEvent
}

/** `type#n`: the nth (from 0) event of its type in its run. */
function ranked(events: readonly RunEvent[]): string[] {
  const seen = new Map<string, number>()
  return events.map((e) => {
    const n = seen.get(e.type) ?? 0
    seen.set(e.type, n + 1)
    return `${e.type}#${n}`
  })
}

/** Indices (into `xs`) of a longest strictly increasing subsequence: O(n log n) patience sorting. */
function increasingRun(xs: readonly number[]): number[] {
  const tails: number[] = []
  const previous: number[] = new Array(xs.length).fill(-1)
  for (let i = 0; i < xs.length; i++) {
    let lo = 0
    let hi = tails.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (xs[tails[mid]] < xs[i]) lo = mid + 1
      else hi = mid
    }
    if (lo > 0) previous[i] = tails[lo - 1]
    tails[lo] = i
  }
  const out: number[] = []
  for (let i = tails.at(-1) ?? -1; i >= 0; i = previous[i]) out.push(i)
  return out.reverse()
}

/** The two logs as rows; every event of each run appears exactly once, in its run's order. */
export function alignEvents(left: readonly RunEvent[], right: readonly RunEvent[]): AlignedRow[] {
  const rightIndex = new Map(ranked(right).map((key, j) => [key, j]))
  const candidates: Array<[number, number]> = []
  ranked(left).forEach((key, i) => {
    const j = rightIndex.get(key)
    if (j !== undefined) candidates.push([i, j])
  })
  const pairs = increasingRun(candidates.map(([, j]) => j)).map((k) => candidates[k])
  const rows: AlignedRow[] = []
  let i = 0
  let j = 0
  for (const [pi, pj] of [...pairs, [left.length, right.length] as [number, number]]) {
    for (; i < pi; i++) rows.push({ kind: left[i].type, left: left[i] })
    for (; j < pj; j++) rows.push({ kind: right[j].type, right: right[j] })
    if (pi < left.length) rows.push({ kind: left[pi].type, left: left[pi], right: right[pj] })
    i = pi + 1
    j = pj + 1
  }
  return rows
}
