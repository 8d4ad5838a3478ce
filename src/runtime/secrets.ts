// The one home of secrets: which keys, header names and query names hold a secret, and how a value is redacted
// (by key, in headers, in URLs, in a stored request context) or scrubbed (by value). The network layer, the history
// and the file pass (src/shared/redact.ts) all build on these rules, so what counts as a secret is decided once.

/** Mastra's list of key fragments that mark a value as secret (matched case-insensitively, anywhere in the key). */
const SECRET_KEY_FRAGMENTS = ['password', 'secret', 'token', 'apikey', 'api_key', 'auth', 'credential']
export const REDACTED = '[REDACTED]'

/**
 * Secrets shorter than this are not looked for inside longer text: replacing "abc" or "dev" inside every string would
 * shred unrelated text. They are still redacted under their keys (and replaced when they are a whole string).
 */
export const MIN_SECRET_LENGTH = 4

/** True when a request-context key looks like it holds a secret. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase()
  return SECRET_KEY_FRAGMENTS.some((fragment) => lower.includes(fragment))
}

/** HTTP headers that carry credentials whatever their value looks like (beside any name `isSecretKey` recognises). */
const SECRET_HEADER_NAMES = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-csrf-token',
])

/** True when an HTTP header's value is a credential: the built-in names, any secret-looking key, any session header. */
export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase()
  return SECRET_HEADER_NAMES.has(lower) || isSecretKey(lower) || lower.includes('session')
}

/** True when a URL query parameter's value is a credential: any secret-looking key, and the usual `key` and `sig`. */
export function isSecretQueryName(name: string): boolean {
  const lower = name.toLowerCase()
  return isSecretKey(lower) || lower === 'key' || lower === 'sig'
}

/** The key rule of stored data: `isSecretKey` anywhere, and for the entries of a `headers` record the header rule. */
export function isSecretEntry(parentKey: string | undefined, key: string): boolean {
  return isSecretKey(key) || (parentKey === 'headers' && isSecretHeaderName(key))
}

/**
 * Headers as a plain record, each whose name is secret replaced by `[REDACTED]`: the header rule, or one of `extra`
 * (lower-case names a project adds, its `network.redact`).
 */
export function redactHeaders(headers: Headers, extra?: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, name) => {
    out[name] = isSecretHeaderName(name) || extra?.has(name.toLowerCase()) ? REDACTED : value
  })
  return out
}

/** What `redactUrl` replaces beside the password and the values of secret query names. */
export interface UrlRedaction {
  /** The user name too (an event of the network layer redacts all credentials of a URL). */
  username?: boolean
  /** More query names whose values are secret, in lower case. */
  query?: ReadonlySet<string>
}

/**
 * The URL with its password and the values of secret query names (`isSecretQueryName`) replaced by `[REDACTED]`.
 * Text that is not a URL, and a URL with nothing to replace, come back as written (URL would normalise them, and
 * cassette matching compares URLs as text); so does a query value already `[REDACTED]`.
 */
export function redactUrl(text: string, options: UrlRedaction = {}): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return text
  }
  let changed = false
  if (options.username && url.username) {
    url.username = REDACTED
    changed = true
  }
  if (url.password) {
    url.password = REDACTED
    changed = true
  }
  for (const key of new Set(url.searchParams.keys())) {
    const secret = isSecretQueryName(key) || options.query?.has(key.toLowerCase())
    if (!secret || url.searchParams.getAll(key).every((v) => v === REDACTED)) continue
    url.searchParams.set(key, REDACTED)
    changed = true
  }
  return changed ? url.href : text
}

/** Copy with every secret-looking key (at any depth) replaced by `[REDACTED]`: what messages may show. */
export function redactSecretKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(redactSecretKeys)
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : redactSecretKeys(v)
  return out
}

/** Copy of a run request with its request context's secret-looking keys redacted: what the history stores and lists. */
export function redactRequestContext<T extends { requestContext?: Record<string, unknown> }>(request: T): T {
  if (!request.requestContext) return request
  return { ...request, requestContext: redactSecretKeys(request.requestContext) as Record<string, unknown> }
}

function collectStrings(value: unknown, into: Set<string>, seen: WeakSet<object>): void {
  if (typeof value === 'string') {
    if (value.length > 0) into.add(value)
  } else if (typeof value === 'number' || typeof value === 'bigint') {
    into.add(String(value))
  } else if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value)
    for (const v of value instanceof Map ? value.values() : Object.values(value)) collectStrings(v, into, seen)
  }
}

/** Every string (or number) stored under a secret-looking key of the context, at any depth. */
export function collectSecretValues(values: Record<string, unknown>): string[] {
  const found = new Set<string>()
  const seen = new WeakSet<object>()
  const walk = (obj: unknown): void => {
    if (obj === null || typeof obj !== 'object' || seen.has(obj)) return
    seen.add(obj)
    for (const [key, v] of Object.entries(obj)) {
      if (isSecretKey(key)) collectStrings(v, found, new WeakSet())
      else walk(v)
    }
  }
  walk(values)
  // Longest first so that a secret containing another one is replaced whole.
  return [...found].sort((a, b) => b.length - a.length)
}

/** Replaces secret values inside one string (a secret shorter than MIN_SECRET_LENGTH only as the whole string). */
export function scrubString(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) {
      if (out === secret) return REDACTED
    } else if (out.includes(secret)) {
      out = out.split(secret).join(REDACTED)
    }
  }
  return out
}

/**
 * Deep copy-on-write scrub: strings containing a secret are replaced; plain objects, arrays and Errors are walked;
 * untouched branches are returned as is. Object keys are scrubbed too (a secret may be used as a key).
 */
export function scrubSecrets<T>(value: T, secrets: readonly string[], seen: Map<object, unknown> = new Map()): T {
  if (secrets.length === 0) return value
  if (typeof value === 'string') return scrubString(value, secrets) as T
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return seen.get(value) as T
  if (Array.isArray(value)) {
    seen.set(value, value)
    let copy: unknown[] | undefined
    value.forEach((item, i) => {
      const next = scrubSecrets(item, secrets, seen)
      if (next !== item) (copy ??= value.slice())[i] = next
    })
    if (copy) seen.set(value, copy)
    return (copy ?? value) as T
  }
  if (value instanceof Error) {
    const message = scrubString(value.message, secrets)
    return (message === value.message ? value : { name: value.name, message }) as T
  }
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return value
  seen.set(value, value)
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const nextKey = scrubString(key, secrets)
    const next = scrubSecrets(item, secrets, seen)
    if (next !== item || nextKey !== key) {
      copy ??= { ...(value as Record<string, unknown>) }
      if (nextKey !== key) delete copy[key]
      copy[nextKey] = next
    }
  }
  if (copy) seen.set(value, copy)
  return (copy ?? value) as T
}

/**
 * Same-length mask of every secret occurrence (`*` per character). Used on streamed input text: chunks are cut at fixed
 * offsets, so a secret split over two deltas would escape a per-event scrub.
 */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret))
      out = out.split(secret).join('*'.repeat(secret.length))
  }
  return out
}

/** A secret written out in a command line: its argument's index, the value, the `--flag=` before it, and the flag's name. */
export interface SecretArg {
  index: number
  value: string
  prefix: string
  flag: string
}

/**
 * The secrets written out literally in a command line's arguments: the value after a secret-looking flag
 * (`--api-key sk-…`, `--token=…`; a flag's words read as a key, `--api-key` as api_key). A `${VAR}` reference is not a
 * value and is left alone.
 */
export function secretArgs(args: readonly string[]): SecretArg[] {
  const out: SecretArg[] = []
  args.forEach((arg, index) => {
    if (!arg.startsWith('-')) return
    const eq = arg.indexOf('=')
    const flag = (eq > 0 ? arg.slice(0, eq) : arg).replace(/^-+/, '')
    if (!isSecretKey(flag.replace(/-/g, '_'))) return
    const found =
      eq > 0
        ? { index, value: arg.slice(eq + 1), prefix: arg.slice(0, eq + 1), flag }
        : { index: index + 1, value: args[index + 1] ?? '', prefix: '', flag }
    if (found.value && !found.value.startsWith('-') && !found.value.includes('${')) out.push(found)
  })
  return out
}
