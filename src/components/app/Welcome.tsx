// Shown before a tool is picked: what to do next, with the keyboard shortcuts. A recorded demo (read-only, also behind
// its embeds) says what a visitor can do there: play recorded runs, not edit input or run.
export function Welcome({ recorded = false }: { recorded?: boolean }) {
  if (recorded) {
    return (
      <div className="mx-auto max-w-xl p-10 text-sm text-zinc-600 dark:text-zinc-300">
        <h1 className="mb-2 text-xl font-semibold text-zinc-900 dark:text-zinc-50">Pick a tool</h1>
        <p>
          This is a recorded demo. Choose a tool on the left to play back its recorded runs step by step: approvals and
          suspensions as they happened, and what each audience got.
        </p>
        <ul className="mt-4 space-y-1">
          <li>
            <kbd className="rounded border px-1">/</kbd> search tools, <kbd className="rounded border px-1">↑</kbd>{' '}
            <kbd className="rounded border px-1">↓</kbd> move, <kbd className="rounded border px-1">Enter</kbd> open
          </li>
          <li>
            <kbd className="rounded border px-1">←</kbd> <kbd className="rounded border px-1">→</kbd> step through a
            recorded run, <kbd className="rounded border px-1">Space</kbd> play or pause
          </li>
        </ul>
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-xl p-10 text-sm text-zinc-600 dark:text-zinc-300">
      <h1 className="mb-2 text-xl font-semibold text-zinc-900 dark:text-zinc-50">Pick a tool</h1>
      <p>
        Choose a tool on the left to edit its input, run it, step through approvals and suspensions, and compare what
        each audience gets.
      </p>
      <ul className="mt-4 space-y-1">
        <li>
          <kbd className="rounded border px-1">/</kbd> search tools, <kbd className="rounded border px-1">↑</kbd>{' '}
          <kbd className="rounded border px-1">↓</kbd> move, <kbd className="rounded border px-1">Enter</kbd> open
        </li>
        <li>
          <kbd className="rounded border px-1">Ctrl</kbd>/<kbd className="rounded border px-1">⌘</kbd> +{' '}
          <kbd className="rounded border px-1">Enter</kbd> run
        </li>
      </ul>
    </div>
  )
}
