// One view of one phase in two runs: both values side by side, the lines of differing paths highlighted on each side,
// and the paths the second run added, removed or changed listed above them.
import type { PathDiff } from '../compare/structuralDiff.ts'
import { useStructuralDiff } from '../compare/useStructuralDiff.ts'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx'
import type { PhaseDiff, ViewDiff } from './runDiff.ts'

const TONE: Record<PathDiff['kind'], BadgeTone> = { added: 'ok', removed: 'danger', changed: 'warn' }
const TITLE = { raw: 'Raw', display: 'Display', transcript: 'Transcript', model: 'Model' } as const

const NOTE = 'rounded bg-zinc-50 p-2 text-xs text-zinc-500 dark:bg-zinc-900'

function Side({
  reached,
  value,
  text,
  changed,
  copyLabel,
}: {
  reached: boolean
  value: unknown
  text: string
  changed: boolean[]
  copyLabel: string
}) {
  if (!reached) return <p className={NOTE}>This run did not reach this phase.</p>
  // A view that is absent (the model gets nothing in the input phase) says so instead of printing "undefined".
  if (value === undefined) return <p className={NOTE}>Nothing in this phase.</p>
  return <JsonBlock text={text} changed={changed} copyLabel={copyLabel} className="max-h-60 min-h-0" />
}

export function ViewDiffRow({
  diff,
  phase,
  reached,
}: {
  diff: ViewDiff
  phase: string
  reached: PhaseDiff['reached']
}) {
  const title = TITLE[diff.view]
  const left = useStructuralDiff(diff.left, true, diff.right)
  const right = useStructuralDiff(diff.right, true, diff.left)
  const label = `${title} (${phase})`
  return (
    <section
      aria-label={label}
      className="space-y-1 rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-700 dark:bg-zinc-950"
    >
      <header className="flex flex-wrap items-center gap-1.5">
        <h4 className="text-xs font-semibold text-zinc-800 dark:text-zinc-100">{title}</h4>
        {diff.diffs.length === 0 ? (
          <Badge tone="ok">same</Badge>
        ) : (
          <Badge tone="info">
            {diff.diffs.length} {diff.diffs.length === 1 ? 'path differs' : 'paths differ'}
          </Badge>
        )}
      </header>
      {diff.diffs.length > 0 && (
        <ul aria-label={`Changed paths of ${label}`} className="flex flex-wrap gap-1 text-[11px]">
          {diff.diffs.map((d) => (
            <li key={`${d.kind}:${d.path}`} className="inline-flex items-center gap-1">
              <code className="rounded bg-zinc-100 px-1 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
                {d.path || '(root)'}
              </code>
              <Badge tone={TONE[d.kind]}>{d.kind}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="grid grid-cols-1 gap-2 @3xl:grid-cols-2">
        <Side
          reached={reached.left}
          value={diff.left}
          text={left.text}
          changed={left.changed}
          copyLabel={`Copy ${title} of the first run`}
        />
        <Side
          reached={reached.right}
          value={diff.right}
          text={right.text}
          changed={right.changed}
          copyLabel={`Copy ${title} of the second run`}
        />
      </div>
    </section>
  )
}
