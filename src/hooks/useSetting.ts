// Preferences and drafts persisted in localStorage, shared by every component that reads the same key
// (and by other tabs through the storage event).
import { useCallback, useSyncExternalStore } from 'react'

const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())
if (typeof window !== 'undefined') window.addEventListener('storage', notify)

function subscribe(l: () => void) {
  listeners.add(l)
  return () => listeners.delete(l)
}

/** Reads a stored string directly (for code outside React). */
export function readSetting(key: string): string | null {
  try {
    return localStorage.getItem(`toolscope:${key}`)
  } catch {
    return null
  }
}

/** Writes a stored string and notifies subscribers; `null` removes it. */
export function writeSetting(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(`toolscope:${key}`)
    else localStorage.setItem(`toolscope:${key}`, value)
  } catch {
    // storage full or disabled: the value just is not persisted
  }
  notify()
}

/** A persisted string setting with a default. */
export function useSetting(key: string, fallback: string): [string, (value: string | null) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readSetting(key) ?? fallback,
    () => fallback,
  )
  const set = useCallback((v: string | null) => writeSetting(key, v), [key])
  return [value, set]
}
