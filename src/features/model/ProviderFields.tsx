// Provider, model id and base URL of one model, with whether the server has the provider's key ("key set", or the
// variable to set). The key itself is never asked for nor shown: the server reads it from its environment. Used by the
// Model tab's form and by each model row of the Evals tab.
import { useId, type ReactNode } from 'react'
import type { ModelProvider, ModelsInfo } from '../../shared/protocol.ts'
import { MODEL_PROVIDERS } from '../../shared/protocol.ts'

export const FIELD =
  'h-8 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-600 dark:bg-zinc-900 aria-invalid:border-rose-500'

const FALLBACK_LABELS: Record<ModelProvider, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  'openai-compatible': 'OpenAI-compatible',
}

/** An example model id per provider, as the field's placeholder. */
const MODEL_EXAMPLES: Record<ModelProvider, string> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  google: 'gemini-2.5-flash',
  'openai-compatible': 'llama3.2',
}

type ProviderInfo = ModelsInfo['providers'][number]

/** "key set", or what to set: an OpenAI-compatible server often needs no key at all. */
export function keyStatus(info: ProviderInfo | undefined): { set: boolean; text: string } {
  if (!info) return { set: false, text: 'key status unknown' }
  if (info.hasKey) return { set: true, text: 'key set' }
  const variable = info.keyVariables[0] ?? 'its key variable'
  if (info.id === 'openai-compatible') return { set: false, text: `no key (optional: ${variable})` }
  return { set: false, text: `no key: set ${variable}` }
}

/** "OpenAI-compatible" of "OpenAI-compatible (Ollama, LM Studio, …)", for narrow places. */
const shortLabel = (label: string) => label.replace(/\s*\(.*\)$/, '')

export const providerLabel = (id: ModelProvider, models: ModelsInfo | undefined) =>
  models?.providers.find((p) => p.id === id)?.label ?? FALLBACK_LABELS[id]

interface Props {
  models: ModelsInfo | undefined
  provider: ModelProvider
  model: string
  baseURL: string
  onChange: (next: { provider: ModelProvider; model: string; baseURL: string }) => void
  /** Prefix of the accessible names (a row of the Evals tab: "Model 2"). */
  namePrefix?: string
  invalid?: 'model' | 'baseURL'
  describedBy?: string
  /** A row of the Evals tab: names for screen readers only, short provider names. */
  compact?: boolean
  /** A field laid out right after the model id (the Model tab's max steps). */
  besideModel?: ReactNode
}

export function ProviderFields({
  models,
  provider,
  model,
  baseURL,
  onChange,
  namePrefix = '',
  invalid,
  describedBy,
  compact = false,
  besideModel,
}: Props) {
  const id = useId()
  const info = models?.providers.find((p) => p.id === provider)
  const key = keyStatus(info)
  const needsURL = provider === 'openai-compatible'
  const name = (text: string) => (namePrefix ? `${namePrefix} ${text.toLowerCase()}` : text)
  // In a compact row (Evals) the names are for screen readers only; the row's header says what each column is.
  // In the Model tab's two-column form the provider and the base URL take a whole row (long names, long URLs).
  const wide = compact ? '' : 'sm:col-span-2'
  const caption = (text: string) => <span className={compact ? 'sr-only' : undefined}>{name(text)}</span>
  return (
    <>
      <div className={`flex min-w-0 flex-col gap-1 ${wide}`}>
        <label className="flex flex-col gap-1 text-xs font-medium">
          {caption('Provider')}
          <select
            value={provider}
            onChange={(e) => onChange({ provider: e.target.value as ModelProvider, model, baseURL })}
            className={FIELD}
            aria-describedby={`${id}-key`}
          >
            {MODEL_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {compact ? shortLabel(providerLabel(p, models)) : providerLabel(p, models)}
              </option>
            ))}
          </select>
        </label>
        <span
          id={`${id}-key`}
          data-key-status={key.set ? 'set' : 'missing'}
          className={`text-xs ${key.set ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300'}`}
        >
          {key.text}
        </span>
      </div>
      <label className="flex min-w-0 flex-col gap-1 text-xs font-medium">
        {caption('Model')}
        <input
          value={model}
          placeholder={MODEL_EXAMPLES[provider]}
          onChange={(e) => onChange({ provider, model: e.target.value, baseURL })}
          className={`${FIELD} font-mono`}
          aria-invalid={invalid === 'model'}
          aria-describedby={invalid === 'model' ? describedBy : undefined}
          spellCheck={false}
        />
      </label>
      {besideModel}
      <label className={`flex min-w-0 flex-col gap-1 text-xs font-medium ${wide}`}>
        <span className={compact ? 'sr-only' : undefined}>
          {name('Base URL')}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">
            {needsURL ? ' (required)' : ' (optional)'}
          </span>
        </span>
        <input
          type="url"
          value={baseURL}
          placeholder={info?.defaultBaseURL ?? (needsURL ? 'http://127.0.0.1:11434/v1' : 'provider default')}
          onChange={(e) => onChange({ provider, model, baseURL: e.target.value })}
          className={`${FIELD} font-mono`}
          required={needsURL}
          aria-invalid={invalid === 'baseURL'}
          aria-describedby={invalid === 'baseURL' ? describedBy : undefined}
          spellCheck={false}
        />
      </label>
    </>
  )
}
