// Tiny store of "is the server reachable" per stream, read by the offline banner through useSyncExternalStore.
// Kept outside React Query because it is connection state, not server data.

type Channel = 'run' | 'catalog'
const state = new Map<Channel, boolean>()
const listeners = new Set<() => void>()
let snapshot = true

/** Records whether a stream channel is currently connected. */
export function setConnection(channel: Channel, up: boolean): void {
  if (state.get(channel) === up) return
  state.set(channel, up)
  snapshot = [...state.values()].every(Boolean)
  for (const l of listeners) l()
}

/** useSyncExternalStore subscription. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True when every stream that ever connected is connected now. */
export function getConnection(): boolean {
  return snapshot
}
