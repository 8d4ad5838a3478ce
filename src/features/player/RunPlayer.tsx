// Region "Player": plays a recorded run back on its recorded timing. Play/pause (Space), step one event (← →), speed
// 0.5×–4×, a scrubber over every event; the prompts appear and get answered as they were, and the four views, the
// status and the timeline follow the current point. "Copy embed snippet" gives an iframe for docs.
import { useMemo, type KeyboardEvent } from 'react'
import type { DemoRun } from '../../shared/protocol.ts'
import { formatDuration } from '../../shared/duration.ts'
import { StatusBadge } from '../../components/status/StatusBadge.tsx'
import { Button } from '../../components/ui/Button.tsx'
import { CopyButton } from '../../components/ui/CopyButton.tsx'
import { ComparePanels } from '../compare/ComparePanels.tsx'
import { EventsPanel } from '../events/EventsPanel.tsx'
import { RecordedPrompts } from './RecordedPrompts.tsx'
import { createReplayer, playbackTimeline } from './timeline.ts'
import { SPEEDS, usePlayback, type Speed } from './usePlayback.ts'

/** The iframe that embeds this run's player (`?embed=1`) in another page. */
export function embedSnippet(toolId: string, runId: string, page: URL = new URL(window.location.href)): string {
  const src = new URL(page.pathname, page.origin)
  src.search = new URLSearchParams({ embed: '1', tool: toolId, run: runId }).toString()
  const attr = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')
  return `<iframe src="${attr(src.href)}" title="${attr(`Toolscope: ${toolId}`)}" width="100%" height="640" style="border:0" loading="lazy"></iframe>`
}

export function RunPlayer({ run, compact = false }: { run: DemoRun; compact?: boolean }) {
  const { events, detail } = run
  const timeline = useMemo(() => playbackTimeline(events), [events])
  const stateAt = useMemo(() => createReplayer(events), [events])
  const playback = usePlayback(timeline)
  const state = useMemo(() => stateAt(playback.count), [stateAt, playback.count])
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('input, select, textarea')) return
    if (e.key === ' ') (playback.playing ? playback.pause : playback.play)()
    else if (e.key === 'ArrowRight') playback.step(1)
    else if (e.key === 'ArrowLeft') playback.step(-1)
    else return
    e.preventDefault()
  }
  const current = playback.count > 0 ? events[playback.count - 1] : undefined

  return (
    <section aria-label="Player" className="space-y-4" onKeyDown={onKeyDown}>
      <div
        role="toolbar"
        aria-label="Playback"
        className="flex flex-wrap items-center gap-2 rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-950"
      >
        <Button variant="primary" onClick={playback.playing ? playback.pause : playback.play} aria-keyshortcuts="Space">
          {playback.playing ? 'Pause' : playback.count >= events.length ? 'Play again' : 'Play'}
        </Button>
        <Button
          onClick={() => playback.step(-1)}
          disabled={playback.count === 0}
          aria-label="Step back"
          aria-keyshortcuts="ArrowLeft"
        >
          ←
        </Button>
        <Button
          onClick={() => playback.step(1)}
          disabled={playback.count >= events.length}
          aria-label="Step forward"
          aria-keyshortcuts="ArrowRight"
        >
          →
        </Button>
        <label className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
          Speed
          <select
            value={playback.speed}
            onChange={(e) => playback.setSpeed(Number(e.target.value) as Speed)}
            className="rounded border border-zinc-300 bg-white px-1 py-0.5 dark:border-zinc-600 dark:bg-zinc-900"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
        <input
          type="range"
          aria-label="Position"
          min={0}
          max={events.length}
          value={playback.count}
          onChange={(e) => playback.seek(Number(e.target.value))}
          className="min-w-40 flex-1"
        />
        <span aria-label="Events played" className="font-mono text-xs text-zinc-600 tabular-nums dark:text-zinc-300">
          {playback.count} / {events.length} events · {formatDuration(playback.time)} / {formatDuration(timeline.total)}
        </span>
        <span role="status" aria-label="Run status">
          <StatusBadge status={state.status} label={playback.count === 0 ? 'not started' : undefined} />
        </span>
        {!compact && (
          <span className="flex items-center gap-1 text-xs text-zinc-500">
            Embed <CopyButton text={embedSnippet(detail.toolId, detail.runId)} label="Copy embed snippet" />
          </span>
        )}
      </div>
      <p className="text-xs text-zinc-500">
        {current ? (
          <>
            At <span className="font-mono">{current.type}</span> (event {current.seq}).
          </>
        ) : (
          'Press Play, or step through the run one event at a time.'
        )}
        {timeline.shortened > 0 && ` Waits over 2 s play as 2 s (${timeline.shortened} shortened).`}
      </p>
      <div className="space-y-3">
        <RecordedPrompts state={state} />
      </div>
      <ComparePanels state={state} />
      {!compact && <EventsPanel state={state} />}
    </section>
  )
}
