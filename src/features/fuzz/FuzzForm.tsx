// The Fuzz tab's settings: how many calls, the seed (empty for a random one), the checks (each with what it asks),
// the network mode, the fake clock, code coverage, and Start. A native form: Enter in a field starts, and every control is
// reachable with the keyboard.
import { useId, type FormEvent } from 'react'
import { CHECK_DESCRIPTIONS, FUZZ_CHECKS, type FuzzCheckId } from '../../testbench/fuzz/checks.ts'
import { Button } from '../../components/ui/Button.tsx'
import { draftToBody, FUZZ_NETWORK_MODES, MAX_FUZZ_RUNS, type FuzzDraft, type FuzzNetwork } from './fuzzDraft.ts'

const FIELD = 'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900'

const NETWORK_LABELS: Record<FuzzNetwork, string> = { live: 'Live', replay: 'Replay', mock: 'Mock' }

interface Props {
  draft: FuzzDraft
  onDraft: (draft: FuzzDraft) => void
  onStart: () => void
  busy: boolean
}

export function FuzzForm({ draft, onDraft, onStart, busy }: Props) {
  const id = useId()
  const checked = draftToBody(draft)
  const problem = checked.ok ? undefined : checked
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (checked.ok && !busy) onStart()
  }
  const toggle = (check: FuzzCheckId, on: boolean) =>
    onDraft({ ...draft, checks: FUZZ_CHECKS.filter((c) => (c === check ? on : draft.checks.includes(c))) })
  return (
    <form aria-label="Fuzz settings" onSubmit={submit} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-xs font-medium">
          Runs
          <input
            type="number"
            min={1}
            max={MAX_FUZZ_RUNS}
            step={1}
            value={draft.runs}
            onChange={(e) => onDraft({ ...draft, runs: e.target.value })}
            className={`${FIELD} w-24`}
            aria-invalid={problem?.field === 'runs'}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          Seed
          <input
            type="text"
            inputMode="numeric"
            placeholder="random"
            value={draft.seed}
            onChange={(e) => onDraft({ ...draft, seed: e.target.value })}
            className={`${FIELD} w-36 font-mono`}
            aria-invalid={problem?.field === 'seed'}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium">
          Network
          <select
            value={draft.network}
            onChange={(e) => onDraft({ ...draft, network: e.target.value as FuzzNetwork })}
            className={FIELD}
          >
            {FUZZ_NETWORK_MODES.map((m) => (
              <option key={m} value={m}>
                {NETWORK_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex h-8 items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={draft.fakeClock}
            onChange={(e) => onDraft({ ...draft, fakeClock: e.target.checked })}
          />
          Fake clock
        </label>
        <label className="flex h-8 items-center gap-1.5 text-xs">
          <input
            type="checkbox"
            checked={draft.coverage}
            onChange={(e) => onDraft({ ...draft, coverage: e.target.checked })}
          />
          Collect code coverage
          <span className="text-zinc-500 dark:text-zinc-400">(reloads the tool’s workers)</span>
        </label>
        <Button type="submit" variant="primary" className="h-8" disabled={!checked.ok || busy}>
          {busy ? 'Fuzzing…' : 'Start'}
        </Button>
      </div>
      <fieldset className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
        <legend className="px-1 text-xs font-medium">Checks on every run</legend>
        <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {FUZZ_CHECKS.map((check) => (
            <li key={check}>
              <label className="flex items-start gap-1.5 text-xs">
                <input
                  type="checkbox"
                  className="mt-0.5"
                  checked={draft.checks.includes(check)}
                  onChange={(e) => toggle(check, e.target.checked)}
                />
                <span>
                  <span className="font-mono font-medium">{check}</span>{' '}
                  <span className="text-zinc-600 dark:text-zinc-400">{CHECK_DESCRIPTIONS[check]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {problem.problem}
        </p>
      )}
    </form>
  )
}
