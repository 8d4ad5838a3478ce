// Environment references in scenarios: a secret is stored as `{ "$env": "API_KEY" }` and resolved when the scenario
// is replayed, so no secret value is ever written to a scenario file or an exported test.

import { isSecretKey } from '../runtime/index.ts'

/** A value to read from the environment at replay time. */
export interface EnvRef {
  $env: string
}

/** Thrown when a scenario needs an environment variable that is not set. */
export class MissingEnvError extends Error {
  constructor(readonly names: string[]) {
    super(
      `The scenario needs the environment variable${names.length > 1 ? 's' : ''} ${names.join(', ')}, which ${names.length > 1 ? 'are' : 'is'} not set.`,
    )
  }
}

/** True for `{ "$env": "NAME" }` (exactly that one key). */
export function isEnvRef(value: unknown): value is EnvRef {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const keys = Object.keys(value)
  return keys.length === 1 && keys[0] === '$env' && typeof (value as EnvRef).$env === 'string'
}

/** The variable name a secret key maps to: `apiKey` → `API_KEY`, `x-auth-token` → `X_AUTH_TOKEN`. */
export function envNameFor(key: string): string {
  return (
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase() || 'SECRET'
  )
}

/** Replaces every value under a secret-looking key (the runtime's rule), at any depth, with an EnvRef. */
export function secretsToEnvRefs<T>(value: T): T {
  if (!value || typeof value !== 'object' || isEnvRef(value)) return value
  if (Array.isArray(value)) return value.map((v) => secretsToEnvRefs(v)) as T
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value))
    out[k] = isSecretKey(k) ? (isEnvRef(v) ? v : { $env: envNameFor(k) }) : secretsToEnvRefs(v)
  return out as T
}

/** Resolves EnvRefs from `env`; throws MissingEnvError naming every missing variable (or keeps a marker when lenient). */
export function resolveEnvRefs<T>(value: T, env: Record<string, string | undefined>, lenient = false): T {
  const missing: string[] = []
  const walk = (v: unknown): unknown => {
    if (isEnvRef(v)) {
      const found = env[v.$env]
      if (found === undefined) missing.push(v.$env)
      return found ?? `[environment variable ${v.$env} is not set]`
    }
    if (!v || typeof v !== 'object') return v
    if (Array.isArray(v)) return v.map(walk)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]))
  }
  const out = walk(value) as T
  if (missing.length && !lenient) throw new MissingEnvError([...new Set(missing)])
  return out
}

/** The process environment where there is one (Node), else nothing. */
export function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}
