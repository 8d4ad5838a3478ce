// Theme picker: System (default), Light, Dark. A labelled select is the simplest fully accessible control.
import { useTheme, type ThemePreference } from '../../hooks/useTheme.ts'

export function ThemeSwitch() {
  const { preference, setPreference } = useTheme()
  return (
    <label className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-300">
      Theme
      <select
        aria-label="Theme"
        value={preference}
        onChange={(e) => setPreference(e.target.value as ThemePreference)}
        className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 text-xs dark:border-zinc-600 dark:bg-zinc-900"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  )
}
