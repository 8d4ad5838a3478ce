// Line diff used to highlight, in the Display/Transcript/Model panels, the lines that differ from Raw.
// Longest common subsequence over lines: small payloads, exact results; falls back to "all changed" when huge.

const MAX_CELLS = 4_000_000

/** For each line of `next`, true when it is not part of the longest common subsequence with `base`. */
export function changedLines(base: readonly string[], next: readonly string[]): boolean[] {
  const n = base.length
  const m = next.length
  if (n * m > MAX_CELLS) return next.map((line, i) => line !== base[i])
  // lcs[i][j] = LCS length of base[i:] and next[j:], in one flat array.
  const w = m + 1
  const lcs = new Uint32Array((n + 1) * w)
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = base[i] === next[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1])
    }
  }
  const changed = new Array<boolean>(m).fill(true)
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (base[i] === next[j]) {
      changed[j] = false
      i++
      j++
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) i++
    else j++
  }
  return changed
}
