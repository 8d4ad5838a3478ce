// One Compare panel: a value (or a transformed view with its markers: passthrough, placeholder, failed,
// suppressed) pretty-printed, the paths that differ from Raw highlighted and the removed ones listed, copyable.
import type { ReactNode } from 'react'
import type { Views } from '../../shared/protocol.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { DiffSummary } from './DiffSummary.tsx'
import { useStructuralDiff } from './useStructuralDiff.ts'

interface Props {
  title: string
  note?: string
  /** The value shown as is (Raw). */
  value?: unknown
  view?: Views['display']
  /** The raw value a `view` is compared with. */
  raw?: unknown
  /** Badges after the title (e.g. the model output type). */
  badges?: ReactNode
  children?: ReactNode
}

export function ViewPanel({ title, note, value, view, raw, badges, children }: Props) {
  const compared = view !== undefined
  const diff = useStructuralDiff(view ? view.value : value, compared, raw)
  return (
    <section
      aria-labelledby={`panel-${title}`}
      className="row-span-3 grid min-w-0 grid-rows-subgrid gap-y-1 rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-950"
    >
      <header className="flex min-h-6 min-w-0 flex-wrap items-center gap-1.5">
        <h3 id={`panel-${title}`} className="text-xs font-semibold text-zinc-800 dark:text-zinc-100">
          {title}
        </h3>
        {note && <span className="text-[11px] text-zinc-500">{note}</span>}
        <span className="ml-auto flex flex-wrap justify-end gap-1">
          {badges}
          {view?.passthrough && <Badge>passthrough</Badge>}
          {view?.placeholder && <Badge tone="warn">placeholder</Badge>}
          {view?.suppressed && <Badge tone="warn">suppressed</Badge>}
          {view?.failed && (
            <Badge tone="danger" title={view.failed}>
              transform failed
            </Badge>
          )}
          {diff.diffs.length > 0 && (
            <Badge tone="info" title={diff.diffs.map((d) => `${d.kind} ${d.path || '(root)'}`).join('\n')}>
              differs from Raw
            </Badge>
          )}
        </span>
      </header>
      <div className="min-w-0">
        {view?.failed && <p className="mb-1 break-words text-[11px] text-rose-700 dark:text-rose-300">{view.failed}</p>}
        {compared && <DiffSummary diffs={diff.diffs} />}
      </div>
      <div className="min-w-0">
        {children ?? (
          <JsonBlock
            text={diff.text}
            changed={compared ? diff.changed : undefined}
            copyLabel={`Copy ${title}`}
            className="max-h-72 min-h-0"
          />
        )}
      </div>
    </section>
  )
}
