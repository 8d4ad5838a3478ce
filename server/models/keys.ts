// Model provider keys: read from the server's environment and from a `.env` file the person names, held
// here and nowhere else. Only the provider factory reads a key; the browser learns whether one is set; every key is a
// secret that redaction masks in events, history, exports and demo builds. A `.env` file is parsed into this object,
// never copied into process.env, so tool workers never see its keys.

import { readFileSync } from 'node:fs'
import { MODEL_PROVIDERS, type ModelProvider } from '../../src/shared/protocol.ts'

/** The variables each provider's key is read from, first found wins (the providers' own defaults). */
export const KEY_VARIABLES: Readonly<Record<ModelProvider, readonly string[]>> = {
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  google: ['GOOGLE_GENERATIVE_AI_API_KEY'],
  'openai-compatible': ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_API_KEY'],
}

/** The keys the server holds. */
export interface ModelKeys {
  key(provider: ModelProvider): string | undefined
  hasKey(provider: ModelProvider): boolean
  /** Every key held, for redaction. */
  secrets(): string[]
}

type Env = Readonly<Record<string, string | undefined>>

/** Keys from `env` (process.env by default), a `.env` file's values overriding none of it: the environment wins. */
export function modelKeysFrom(env: Env = process.env, fileEnv: Env = {}): ModelKeys {
  const lookup = (name: string) => nonEmpty(env[name]) ?? nonEmpty(fileEnv[name])
  const key = (provider: ModelProvider) => KEY_VARIABLES[provider].map(lookup).find((v) => v !== undefined)
  return {
    key,
    hasKey: (provider) => key(provider) !== undefined,
    secrets: () => [
      ...new Set(
        MODEL_PROVIDERS.flatMap((p) => KEY_VARIABLES[p].map(lookup)).filter((v): v is string => v !== undefined),
      ),
    ],
  }
}

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim())

/** Thrown for a `.env` file that cannot be read; the message names the file. */
export class EnvFileError extends Error {}

/**
 * A `.env` file's variables: `NAME=value` lines, `export NAME=value`, `#` comments, values in single or double quotes
 * (double quotes unescape `\n`), an unquoted value's trailing ` # comment` dropped.
 */
export function readEnvFile(path: string): Record<string, string> {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new EnvFileError(
      `The env file ${path} could not be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    )
  }
  return parseEnvText(text)
}

/** The variables of `.env` text (see readEnvFile). */
export function parseEnvText(text: string): Record<string, string> {
  const vars: Record<string, string> = {}
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(raw)
    if (!match) continue
    vars[match[1]] = unquote(match[2].trim())
  }
  return vars
}

function unquote(value: string): string {
  const quote = value[0]
  if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
    const inner = value.slice(1, value.lastIndexOf(quote))
    return quote === '"' ? inner.replace(/\\n/g, '\n').replace(/\\"/g, '"') : inner
  }
  return value.replace(/\s+#.*$/, '')
}
