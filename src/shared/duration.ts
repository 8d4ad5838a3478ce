// The one duration format of the app (run status, events, spans, history, CLI): milliseconds with one decimal
// under a second, seconds with two decimals under a minute, then minutes and seconds.

/** `12.3 ms`, `4.56 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1000) return `${ms.toFixed(1)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`
  const totalSeconds = Math.floor(ms / 1000)
  return `${Math.floor(totalSeconds / 60)} min ${String(totalSeconds % 60).padStart(2, '0')} s`
}
