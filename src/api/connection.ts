// Tiny store of "is the server reachable" per stream, read by the offline banner through useSyncExternalStore.
// Kept outside React Query because it is connection state, not server data.

type Channel = 'run' | 'catalog'
const state = new Map<Channel, boolean>()
const listeners = new Set<() => void>()
let snapshot = true

/**
 * Why the server refused the page (a 401): `missing-token` when the page has no token at all (opened without
 * `?token=`), `wrong-token` when it sent one the server refused (a stale tab after a restart, a mistyped URL).
 */
export type TokenProblem = 'missing-token' | 'wrong-token'
let tokenProblem: TokenProblem | undefined

/** Records whether a stream channel is currently connected. */
export function setConnection(channel: Channel, up: boolean): void {
  // A stream that connects proves the token is good.
  const cleared = up && tokenProblem !== undefined
  if (cleared) tokenProblem = undefined
  if (state.get(channel) === up && !cleared) return
  state.set(channel, up)
  snapshot = [...state.values()].every(Boolean)
  for (const l of listeners) l()
}

/**
 * Records a 401. The server answers the same for a missing and a wrong token, so the client tells them apart by
 * whether it sent one. Streams stop retrying after this: a reconnect loop cannot fix a token.
 */
export function reportUnauthorized(sentToken: boolean): void {
  const problem: TokenProblem = sentToken ? 'wrong-token' : 'missing-token'
  if (tokenProblem === problem) return
  tokenProblem = problem
  for (const l of listeners) l()
}

/** The token problem of the page, if the server refused it (read with useSyncExternalStore). */
export function getTokenProblem(): TokenProblem | undefined {
  return tokenProblem
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
