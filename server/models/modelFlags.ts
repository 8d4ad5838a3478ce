// The command-line flags that choose models and where their keys come from, shared by `toolscope serve`
// (the Try form's default model) and `toolscope eval` (the models to run against): `--provider`, `--model` (repeatable;
// `provider:model` or an id of --provider), `--base-url` and `--env-file`.

import { MODEL_PROVIDERS, ModelTarget, type ModelProvider } from '../../src/shared/protocol.ts'
import { modelKeysFrom, readEnvFile, type ModelKeys } from './keys.ts'

export const MODEL_USAGE = `  --provider <p>    openai, anthropic, google or openai-compatible (Ollama, LM Studio, vLLM, OpenRouter, …)
  --model <id>      a model id of --provider, or provider:model; repeatable
  --base-url <url>  the provider's base URL (required for openai-compatible, e.g. http://127.0.0.1:11434/v1)
  --env-file <f>    read keys from this .env file too (OPENAI_API_KEY, ANTHROPIC_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY,
                    OPENAI_COMPATIBLE_API_KEY); keys stay in the server, never in a file Toolscope writes`

/** The model flags as given. */
export interface ModelFlags {
  provider?: string
  models: string[]
  baseURL?: string
  envFile?: string
}

export const emptyModelFlags = (): ModelFlags => ({ models: [] })

/** Takes one model flag into `flags`; false when `flag` is not one. */
export function takeModelFlag(flags: ModelFlags, flag: string, take: () => string): boolean {
  switch (flag) {
    case '--provider':
      flags.provider = take()
      return true
    case '--model':
      flags.models.push(take())
      return true
    case '--base-url':
      flags.baseURL = take()
      return true
    case '--env-file':
      flags.envFile = take()
      return true
    default:
      return false
  }
}

const isProvider = (text: string): text is ModelProvider => (MODEL_PROVIDERS as readonly string[]).includes(text)

/**
 * The model of a `--model` value: `provider:id` when what comes before the first colon is a provider, else an id of
 * `--provider` (an id may hold colons itself: `--provider openai-compatible --model llama3.1:8b`).
 */
export function modelTarget(text: string, provider: string | undefined, baseURL: string | undefined): ModelTarget {
  const colon = text.indexOf(':')
  const prefix = colon > 0 ? text.slice(0, colon) : undefined
  const [chosen, model] =
    prefix !== undefined && isProvider(prefix) ? [prefix, text.slice(colon + 1)] : [provider, text]
  if (chosen === undefined)
    throw new Error(
      `--model "${text}" names no provider: give --provider (${MODEL_PROVIDERS.join(', ')}) or write provider:model`,
    )
  if (!isProvider(chosen)) throw new Error(`unknown provider "${chosen}": use one of ${MODEL_PROVIDERS.join(', ')}`)
  if (!model) throw new Error(`--model "${text}" names no model id`)
  if (chosen === 'openai-compatible' && baseURL === undefined)
    throw new Error(`${chosen}:${model} needs --base-url (for Ollama: http://127.0.0.1:11434/v1)`)
  const parsed = ModelTarget.safeParse({ provider: chosen, model, ...(baseURL !== undefined ? { baseURL } : {}) })
  if (!parsed.success)
    throw new Error(
      `--model "${text}": ${parsed.error.issues.map((i) => `${i.path.join('.') || 'model'}: ${i.message}`).join('; ')}`,
    )
  return parsed.data
}

/** The models the flags name; throws a usage message for an unknown provider, a missing one or a missing base URL. */
export function modelTargetsOf(flags: ModelFlags): ModelTarget[] {
  if (flags.provider !== undefined && !isProvider(flags.provider))
    throw new Error(`unknown provider "${flags.provider}": use one of ${MODEL_PROVIDERS.join(', ')}`)
  return flags.models.map((m) => modelTarget(m, flags.provider, flags.baseURL))
}

/** The keys: the environment, then the --env-file (read into this object, never into process.env). */
export function keysOf(flags: ModelFlags, env: NodeJS.ProcessEnv = process.env): ModelKeys {
  return modelKeysFrom(env, flags.envFile ? readEnvFile(flags.envFile) : {})
}
