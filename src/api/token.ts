// Session token handling: the server prints a URL with ?token=…; the SPA takes it on first load, keeps it in
// sessionStorage (so reloads keep working) and removes it from the address bar (so it is not shared by copy-paste).

const KEY = 'toolscope:token'

/** Reads the token from the URL (then strips it) or from sessionStorage. Safe to call more than once. */
export function takeToken(): string | undefined {
  const url = new URL(window.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl) {
    sessionStorage.setItem(KEY, fromUrl)
    url.searchParams.delete('token')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
    return fromUrl
  }
  return sessionStorage.getItem(KEY) ?? undefined
}
