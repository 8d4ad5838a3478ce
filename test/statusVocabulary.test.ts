// The "one status vocabulary", enforced: a run status is spelled as a string literal only in the vocabulary
// (src/runtime/status.ts) and its presentation (src/components/status/statusPresentation.ts), and only the
// presentation maps statuses to a look. Every other non-test source file of src/, server/ and bin/ names a status
// through `Status.x`, the exported lists (RUN_END_STATUSES, PARKED_STATUSES, …) or isFinalStatus/isWaitingStatus.
//
// The rule (test/statusLiterals.ts): a status-only name (`queued`, `running`, `awaiting-approval`, `success`, …) counts
// wherever it is quoted. A name that other vocabularies share (`suspended`, `paused`, `aborted`: event types; `error`:
// event type, log level, lint severity; `idle`) counts only where the code speaks of a status: compared with or
// assigned to something named status/state (`state.status === '…'`, `status: '…'`), a case of `switch (….status)`,
// an argument of the run core's wait/settle/finish/end, a type argument of a *Status/*State type, or listed with
// status names (`z.enum(['awaiting-approval', 'suspended'])`). A list with a word no status spells (`'ok' | 'error'`,
// `['warn', 'error']`) is another vocabulary. FOREIGN below names the few status-only words of other libraries.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scanSource, SHARED_NAMES, STATUS_NAMES } from './statusLiterals.ts'

const ROOT = join(import.meta.dirname, '..')
const VOCABULARY = 'src/runtime/status.ts'
const PRESENTATION = 'src/components/status/statusPresentation.ts'

/** Status names that are words of another library here, by file: `file literal` → why. */
const FOREIGN: Record<string, string> = {
  'src/features/network/NetworkPanel.tsx success': "React Query's mutation status",
  'src/api/queries.ts idle': "React Query's fetch status",
}

/** Non-test source files of src/, server/ and bin/ (tracked or new), as repo-relative paths. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'server', 'bin'],
    { cwd: ROOT, encoding: 'utf8' },
  )
  return [...new Set(listed.split('\n'))]
    .filter(
      (f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)test\//.test(f) && !f.endsWith('.d.ts'),
    )
    .filter((f) => existsSync(join(ROOT, f)))
    .sort()
}

const where = (file: string, found: { line: number; text: string; why: string }[]) =>
  found.map((f) => `${file}:${f.line} '${f.text}' (${f.why})`)

describe('the status vocabulary', () => {
  it('finds status literals where the code speaks of a status, and only there', () => {
    const code = [
      "if (run.status === 'queued') go()", // 1: status-only name, anywhere
      "const s = { status: 'error' }", // 2: shared name as a status
      "emit({ type: 'error', level: 'error' })", // 3: event type, log level
      "type Span = { status: 'ok' | 'error' }", // 4: a list with a word no status spells
      "switch (state.status) { case 'paused': break }", // 5: a case of a status switch
      "switch (event.type) { case 'paused': break }", // 6: an event type
      "this.wait('suspended')", // 7: the run core's wait
      "const Parked = z.enum(['awaiting-approval', 'suspended'])", // 8: listed with a status-only name
      "const reason = given ?? 'aborted'", // 9: a reason's text
      "type Ends = Extract<RunEndStatus, 'error'>", // 10: a type argument of a status type
      '// a comment may say running, and `expired`', // 11: prose
      "live.state = 'aborted'", // 12: assigned to a state
      "const [done, setDone] = useState<'idle' | 'copied'>('idle')", // 13: a widget's own states
    ].join('\n')
    expect(scanSource('probe.ts', code).literals.map((f) => `${f.line} ${f.text}`)).toEqual([
      '1 queued',
      '2 error',
      '5 paused',
      '7 suspended',
      '8 awaiting-approval',
      '8 suspended',
      '10 error',
      '12 aborted',
    ])
    expect(
      scanSource(
        'probe.ts',
        "const TONE = { success: 'ok', error: 'danger', [Status.declined]: 'warn' }\nconst result = { success: true, error }",
      ).maps,
    ).toHaveLength(1)
    expect([...SHARED_NAMES].every((n) => STATUS_NAMES.has(n))).toBe(true)
  })

  it('is spelled only in the vocabulary and its presentation, and mapped to a look only by the presentation', () => {
    const files = sourceFiles()
    expect(files).toContain(VOCABULARY)
    expect(files).toContain(PRESENTATION)
    const stray: string[] = []
    const maps: string[] = []
    const foreignSeen = new Set<string>()
    for (const file of files) {
      if (file === VOCABULARY || file === PRESENTATION) continue
      const found = scanSource(file, readFileSync(join(ROOT, file), 'utf8'))
      const literals = found.literals.filter((f) => {
        const key = `${file} ${f.text}`
        if (!(key in FOREIGN)) return true
        foreignSeen.add(key)
        return false
      })
      stray.push(...where(file, literals))
      maps.push(...where(file, found.maps))
    }
    expect(
      stray,
      'status literals outside the vocabulary and its presentation: use Status.x, the lists, or isFinalStatus/isWaitingStatus',
    ).toEqual([])
    expect(maps, 'status maps outside statusPresentation.ts: add to the presentation instead').toEqual([])
    // An exception that no longer applies goes, so the list cannot hide a new literal later.
    expect([...foreignSeen].sort()).toEqual(Object.keys(FOREIGN).sort())
  })
})
