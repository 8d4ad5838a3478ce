// Elapsed time of the shown run, ticking while it is live, with the server's time budget (`--timeout`);
// the final duration once it ended. Event times are offsets from the run's start, so a reopened live run
// ticks from its latest event too.
import { useEffect, useState } from 'react'
import { isWaitingStatus } from '../../runtime/status.ts'
import { formatDuration } from '../../shared/duration.ts'
import type { RunState } from '../../shared/runState.ts'

export function RunTimer({ state, live, timeoutMs }: { state: RunState; live: boolean; timeoutMs?: number }) {
  const last = state.events[state.events.length - 1]
  const [now, setNow] = useState(() => performance.now())
  // When the latest event arrived, to the precision of the 100 ms tick (state adjusted during render, no effect).
  const [arrived, setArrived] = useState({ seq: -1, at: 0 })
  if (last && arrived.seq !== last.seq) setArrived({ seq: last.seq, at: now })
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => setNow(performance.now()), 100)
    return () => clearInterval(timer)
  }, [live])

  if (state.durationMs !== undefined)
    return <span className="tabular-nums text-zinc-500">{formatDuration(state.durationMs)}</span>
  if (!live || !last) return null
  const elapsed = last.at + Math.max(0, now - arrived.at)
  const budget = timeoutMs
    ? ` of ${formatDuration(timeoutMs)}${isWaitingStatus(state.status) ? ' (paused while waiting)' : ''}`
    : ''
  return (
    <span
      className="tabular-nums text-zinc-500"
      aria-label="Elapsed time"
      title={timeoutMs ? 'Time budget per run: toolscope --timeout' : undefined}
    >
      {formatDuration(elapsed)}
      {budget}
    </span>
  )
}
