// Light/dark theme: follows the system by default, switchable, persisted; applies the `dark` class on <html>.
import { useEffect, useSyncExternalStore } from 'react'
import { useSetting } from './useSetting.ts'

/** Stored preference. */
export type ThemePreference = 'system' | 'light' | 'dark'

const media = typeof window !== 'undefined' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined
const subscribeMedia = (l: () => void) => {
  media?.addEventListener('change', l)
  return () => media?.removeEventListener('change', l)
}

/** Returns the preference, its setter and the theme actually applied. */
export function useTheme(): {
  preference: ThemePreference
  setPreference: (p: ThemePreference) => void
  resolved: 'light' | 'dark'
} {
  const [stored, setStored] = useSetting('theme', 'system')
  const preference = (['system', 'light', 'dark'].includes(stored) ? stored : 'system') as ThemePreference
  const systemDark = useSyncExternalStore(
    subscribeMedia,
    () => media?.matches ?? false,
    () => false,
  )
  const resolved = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference
  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark')
    document.documentElement.style.colorScheme = resolved
  }, [resolved])
  return { preference, setPreference: setStored, resolved }
}
