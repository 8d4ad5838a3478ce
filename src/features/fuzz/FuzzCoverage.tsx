// The coverage of a fuzz job: which parts of the tool's input schema the generated inputs exercised (the
// missed ones first: they are what to look at), and when code coverage was collected, a read-only view of the tool's
// source with each line's count. Run lines are tinted green with their count, lines never run red with a ✗ (a text
// marker too, so colour is not the only sign), lines without a count (comments, types) are plain. One <pre> per line:
// no editor is needed to read, and the view scrolls with the keyboard (it takes focus).
import type { FileCoverageShape, FuzzCoverageShape } from '../../shared/protocol.ts'

type SchemaItem = FuzzCoverageShape['schema']['items'][number]

const percent = (covered: number, total: number) => (total ? Math.round((100 * covered) / total) : 100)

/** What an item asks for, short: `"purge"` (an enum value), `present`, `min = 0.1`, `max length 40`, `anyOf[1] string`. */
function itemWhat(item: SchemaItem): string {
  if (item.kind === 'enum' || item.kind === 'branch' || item.kind.startsWith('optional')) return item.label
  return `${item.kind.startsWith('min') ? 'min' : 'max'} ${item.label}`
}

/** An item as read: where in the input, then what (`mode: "purge"`). */
const itemText = (item: SchemaItem) => `${item.path || '(input)'}: ${itemWhat(item)}`

function SchemaCoverage({ schema }: { schema: FuzzCoverageShape['schema'] }) {
  const missed = schema.items.filter((i) => i.hit === 0)
  const hit = schema.items.filter((i) => i.hit > 0)
  return (
    <div className="space-y-2">
      <h4 className="text-xs font-semibold">
        Schema coverage:{' '}
        <span aria-label="Schema coverage">
          {schema.covered}/{schema.total} ({percent(schema.covered, schema.total)}%)
        </span>
      </h4>
      {schema.total === 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          The input schema has no enum values, union branches, optional fields or bounds to exercise.
        </p>
      )}
      {missed.length > 0 && (
        <ul aria-label="Not exercised" className="flex flex-wrap gap-1">
          {missed.map((item) => (
            <li
              key={itemText(item)}
              className="rounded border border-rose-300 bg-rose-50 px-1.5 py-0.5 font-mono text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-100"
            >
              ✗ {itemText(item)}
            </li>
          ))}
        </ul>
      )}
      {hit.length > 0 && (
        <ul aria-label="Exercised" className="flex flex-wrap gap-1">
          {hit.map((item) => (
            <li
              key={itemText(item)}
              className="rounded border border-emerald-300 bg-emerald-50 px-1.5 py-0.5 font-mono text-xs text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
            >
              {itemText(item)} <span className="text-emerald-700 dark:text-emerald-300">×{item.hit}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

const RUN_TINT = 'bg-emerald-100/70 dark:bg-emerald-900/40'
const MISSED_TINT = 'bg-rose-100/80 dark:bg-rose-900/40'

function Legend() {
  return (
    <p aria-label="Legend" className="flex flex-wrap items-center gap-3 text-xs text-zinc-600 dark:text-zinc-400">
      <span className="flex items-center gap-1">
        <span aria-hidden className={`inline-block h-3 w-3 rounded-sm border border-emerald-400 ${RUN_TINT}`} /> ran
        (count×)
      </span>
      <span className="flex items-center gap-1">
        <span aria-hidden className={`inline-block h-3 w-3 rounded-sm border border-rose-400 ${MISSED_TINT}`} /> ✗ never
        ran
      </span>
      <span>no mark: not executable (comments, types)</span>
    </p>
  )
}

/** One line of source: its number, its count or ✗, its text. */
function SourceLine({ n, text, count }: { n: number; text: string; count: number | undefined }) {
  const tint = count === undefined ? '' : count > 0 ? RUN_TINT : MISSED_TINT
  const mark = count === undefined ? '' : count > 0 ? `${count}×` : '✗'
  const state =
    count === undefined ? 'not executable' : count > 0 ? `ran ${count} time${count === 1 ? '' : 's'}` : 'never ran'
  return (
    <div
      data-line={n}
      data-coverage={count === undefined ? 'none' : count > 0 ? 'covered' : 'uncovered'}
      className={`grid grid-cols-[3.5rem_3.5rem_1fr] ${tint}`}
    >
      <span className="select-none pr-2 text-right text-zinc-500">{n}</span>
      <span
        title={state}
        className={`select-none pr-2 text-right ${count === 0 ? 'font-semibold text-rose-800 dark:text-rose-200' : 'text-emerald-800 dark:text-emerald-200'}`}
      >
        {mark}
        <span className="sr-only"> {state}</span>
      </span>
      <pre className="m-0 whitespace-pre font-mono">{text || ' '}</pre>
    </div>
  )
}

function FileSource({ file }: { file: FileCoverageShape }) {
  const counts = Object.entries(file.lines)
  const ran = counts.filter(([, c]) => c > 0).length
  return (
    <div className="space-y-1">
      <h4 className="flex flex-wrap items-baseline gap-2 text-xs font-semibold">
        <span className="font-mono">{file.file}</span>
        <span aria-label={`Lines run in ${file.file}`} className="font-normal text-zinc-600 dark:text-zinc-400">
          {ran}/{counts.length} lines run ({percent(ran, counts.length)}%)
        </span>
      </h4>
      <div
        role="region"
        aria-label={`Source of ${file.file}`}
        tabIndex={0}
        className="max-h-96 overflow-auto rounded-md border border-zinc-200 text-xs leading-5 focus-visible:outline-2 focus-visible:outline-sky-600 dark:border-zinc-700"
      >
        <div className="min-w-max">
          {file.source.map((text, i) => (
            <SourceLine key={i} n={i + 1} text={text} count={file.lines[String(i + 1)]} />
          ))}
        </div>
      </div>
    </div>
  )
}

function CodeCoverage({ files }: { files: FuzzCoverageShape['files'] }) {
  if (!files)
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Check “Collect code coverage” before starting to see which lines of the tool’s source ran.
      </p>
    )
  if (!files.length)
    return (
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        No source to show: the tool has no file of its own here (an MCP tool), or its file is over 200 KB.
      </p>
    )
  return (
    <div className="space-y-2">
      <Legend />
      {files.map((file) => (
        <FileSource key={file.file} file={file} />
      ))}
    </div>
  )
}

/** The Coverage section of the Fuzz tab: empty until a job reports. */
export function FuzzCoverage({ coverage }: { coverage: FuzzCoverageShape | undefined }) {
  return (
    <section aria-label="Coverage" className="space-y-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <h3 className="text-sm font-semibold">Coverage</h3>
      {coverage ? (
        <>
          <SchemaCoverage schema={coverage.schema} />
          <CodeCoverage files={coverage.files} />
        </>
      ) : (
        <p className="text-xs text-zinc-500">Coverage appears here when collected.</p>
      )}
    </section>
  )
}
