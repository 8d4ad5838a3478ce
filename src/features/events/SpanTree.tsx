// Spans from `observe.span` as a nested tree with durations and a bar showing where each sits in time.
import { useMemo } from 'react'
import type { RunState } from '../../shared/runState.ts'
import { buildSpanTree, type SpanNode } from '../../shared/runState.ts'
import { formatDuration } from '../../shared/duration.ts'

function Node({ node, start, total }: { node: SpanNode; start: number; total: number }) {
  const s = node.span
  const left = total > 0 ? ((s.startedAt - start) / total) * 100 : 0
  const width = total > 0 ? Math.max(0.5, (s.durationMs / total) * 100) : 100
  return (
    <li>
      <div className="flex items-center gap-2 text-[11px]">
        <span
          className={`w-48 truncate font-mono ${s.status !== 'ok' ? 'text-rose-700 dark:text-rose-300' : ''}`}
          title={s.error}
        >
          {s.name}
        </span>
        <span className="w-20 text-right tabular-nums text-zinc-500">{formatDuration(s.durationMs)}</span>
        <span className="relative h-2 flex-1 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
          <span
            className={`absolute h-2 rounded ${s.status !== 'ok' ? 'bg-rose-400' : 'bg-teal-500'}`}
            style={{ left: `${left}%`, width: `${width}%` }}
          />
        </span>
      </div>
      {node.children.length > 0 && (
        <ul className="ml-4 border-l border-zinc-200 pl-2 dark:border-zinc-700">
          {node.children.map((c) => (
            <Node key={c.span.spanId} node={c} start={start} total={total} />
          ))}
        </ul>
      )}
    </li>
  )
}

export function SpanTree({ spans }: { spans: RunState['spans'] }) {
  const tree = useMemo(() => buildSpanTree(spans), [spans])
  const start = Math.min(...spans.map((s) => s.startedAt))
  const end = Math.max(...spans.map((s) => s.startedAt + s.durationMs))
  return (
    <section aria-label="Spans">
      <h3 className="mb-1 text-xs font-semibold text-zinc-600 dark:text-zinc-300">Spans</h3>
      <ul className="space-y-0.5">
        {tree.map((n) => (
          <Node key={n.span.spanId} node={n} start={start} total={end - start} />
        ))}
      </ul>
    </section>
  )
}
