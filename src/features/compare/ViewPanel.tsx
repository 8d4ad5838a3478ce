// One Compare panel: a value (or a transformed view with its markers: passthrough, placeholder, failed,
// suppressed) pretty-printed, lines differing from Raw highlighted, copyable.
import type { ReactNode } from 'react'
import type { Views } from '../../shared/protocol.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { JsonBlock, pretty } from '../../components/ui/JsonBlock.tsx'
import { changedLines } from './lineDiff.ts'

interface Props {
  title: string
  note?: string
  /** Already-formatted text (Raw). */
  text?: string
  view?: Views['display']
  rawText?: string
  children?: ReactNode
}

export function ViewPanel({ title, note, text, view, rawText, children }: Props) {
  const body = text ?? (view ? pretty(view.value) : '')
  const changed = rawText !== undefined && text === undefined ? changedLines(rawText.split('\n'), body.split('\n')) : undefined
  const differs = changed?.some(Boolean)
  return (
    <section aria-labelledby={`panel-${title}`} className="flex min-w-0 flex-col rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-950">
      <header className="mb-1 flex flex-wrap items-center gap-1.5">
        <h3 id={`panel-${title}`} className="text-xs font-semibold text-zinc-800 dark:text-zinc-100">
          {title}
        </h3>
        {note && <span className="text-[11px] text-zinc-500">{note}</span>}
        <span className="ml-auto flex gap-1">
          {view?.passthrough && <Badge>passthrough</Badge>}
          {view?.placeholder && <Badge tone="warn">placeholder</Badge>}
          {view?.suppressed && <Badge tone="warn">suppressed</Badge>}
          {view?.failed && (
            <Badge tone="danger" title={view.failed}>
              transform failed
            </Badge>
          )}
          {differs && <Badge tone="info">differs from Raw</Badge>}
        </span>
      </header>
      {view?.failed && <p className="mb-1 text-[11px] text-rose-700 dark:text-rose-300">{view.failed}</p>}
      {children ?? <JsonBlock text={body} changed={changed} copyLabel={`Copy ${title}`} className="max-h-72 min-h-0" />}
    </section>
  )
}
