// Memoised structural diff of a panel's value against Raw: the text to show, per-line highlights, the paths.
import { useMemo } from 'react'
import { changedFlags, diffPaths, taggedLines, type PathDiff } from './structuralDiff.ts'

/** The pretty text of `value`, and when `compare` is set its differences from `raw`. */
export function useStructuralDiff(
  value: unknown,
  compare: boolean,
  raw: unknown,
): { text: string; changed: boolean[]; diffs: PathDiff[] } {
  return useMemo(() => {
    const lines = taggedLines(value)
    const diffs = compare ? diffPaths(raw, value) : []
    return { text: lines.map((l) => l.text).join('\n'), changed: changedFlags(lines, diffs), diffs }
  }, [value, compare, raw])
}
