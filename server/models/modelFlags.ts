// The command-line flags that choose models and where their keys come from (issue 28), shared by `toolscope serve`
// (the Try form's default model) and `toolscope eval` (the models to run against): `--provider`, `--model` (repeatable;
// `provider:model` or an id of --provider), `--base-url` and `--env-file`.

import { ModelProvider, ModelTarget } from '../../src/shared/protocol.ts'
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
    case '--provider': flags.provider = take(); return true
    case '--model': flags.models.push(take()); return true
    case '--base-url': flags.baseURL = take(); return true
    case '--env-file': flags.envFile = take(); return true
    default: return false
  }
}

/** The models the flags name; throws a usage message for an unknown provider, a missing one or a bad base URL. */
export function modelTargetsOf(flags: ModelFlags): ModelTarget[] {
  return flags.models.map((text) => {
    const colon = text.indexOf(':')
    const prefix = colon > 0 ? text.slice(0, colon) : undefined
    const named = prefix !== undefined && ModelProvider.safeParse(prefix).success
    const provider = named ? prefix : flags.provider
    const model = named ? text.slice(colon + 1) : text
    if (provider === undefined) throw new Error(`--model ${text} needs a provider: give --provider or write provider:model (providers: ${ModelProvider.options.join(', ')}).`)
    const parsed = ModelTarget.safeParse({ provider, model, ...(flags.baseURL ? { baseURL: flags.baseURL } : {}) })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const what = issue.path[0] === 'provider' ? `--provider must be one of ${ModelProvider.options.join(', ')}, got "${provider}"` : issue.path[0] === 'baseURL' ? (flags.baseURL ? `--base-url must be a URL, got "${flags.baseURL}"` : `${provider} needs --base-url (for Ollama: http://127.0.0.1:11434/v1)`) : `--model: ${issue.message}`
      throw new Error(what)
    }
    return parsed.data
  })
}

/** The keys: the environment, then the --env-file (read into this object, never into process.env). */
export function keysOf(flags: ModelFlags, env: NodeJS.ProcessEnv = process.env): ModelKeys {
  return modelKeysFrom(env, flags.envFile ? readEnvFile(flags.envFile) : {})
}
