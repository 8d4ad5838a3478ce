// Says when the server cannot be reached (a stream is reconnecting or the browser is offline). The page stays
// usable; streams replay what was missed when they reconnect. A refused token is said instead: no reconnect fixes it.
import { useSyncExternalStore } from 'react'
import { getConnection, getTokenProblem, subscribeConnection } from '../../api/connection.ts'
import { tokenMessage } from './tokenMessage.ts'

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l)
  window.addEventListener('offline', l)
  return () => {
    window.removeEventListener('online', l)
    window.removeEventListener('offline', l)
  }
}

export function OfflineBanner() {
  const connected = useSyncExternalStore(subscribeConnection, getConnection, () => true)
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
  const tokenProblem = useSyncExternalStore(subscribeConnection, getTokenProblem, () => undefined)
  if (tokenProblem) {
    return (
      <div
        role="alert"
        aria-label="Session token"
        className="bg-red-100 px-4 py-1.5 text-center text-xs text-red-900 dark:bg-red-900/70 dark:text-red-100"
      >
        {tokenMessage(tokenProblem)}
      </div>
    )
  }
  if (connected && online) return null
  return (
    <div
      role="alert"
      className="bg-amber-100 px-4 py-1.5 text-center text-xs text-amber-900 dark:bg-amber-900/70 dark:text-amber-100"
    >
      {online
        ? 'Connection to the Toolscope server lost. Reconnecting…'
        : 'You are offline. Reconnecting when the network is back…'}
    </div>
  )
}
