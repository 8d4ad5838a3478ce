// How the Model and Evals tabs put model things into words: tokens and cost, a conversation's end, a provider error
// named by what the person can do about it (wait for a rate limit, check the base URL, set the key), and a tool
// call's arguments (pretty JSON when they parse, the exact text the model sent when they do not).
import type { ModelUsage, TryPhase } from '../../shared/protocol.ts'

const count = (n: number) => n.toLocaleString('en-US')

/** A cost in US dollars: cents for larger sums, four decimals for the small ones a single step costs. */
export function formatCost(usd: number): string {
  return usd >= 0.01 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`
}

/** "12 in · 30 out · 42 tokens · $0.0012", only the parts the provider reported. */
export function formatUsage(usage: ModelUsage | undefined): string {
  if (!usage) return 'tokens not reported'
  const parts: string[] = []
  if (usage.inputTokens !== undefined) parts.push(`${count(usage.inputTokens)} in`)
  if (usage.outputTokens !== undefined) parts.push(`${count(usage.outputTokens)} out`)
  const total =
    usage.totalTokens ??
    (usage.inputTokens !== undefined && usage.outputTokens !== undefined
      ? usage.inputTokens + usage.outputTokens
      : undefined)
  if (total !== undefined) parts.push(`${count(total)} tokens`)
  if (usage.cost !== undefined) parts.push(formatCost(usage.cost))
  return parts.length ? parts.join(' · ') : 'tokens not reported'
}

/** A short token count for table cells: "1,234 tok" or "—". */
export function formatTokens(usage: ModelUsage | undefined): string {
  const total =
    usage?.totalTokens ??
    (usage?.inputTokens !== undefined && usage?.outputTokens !== undefined
      ? usage.inputTokens + usage.outputTokens
      : undefined)
  return total === undefined ? '—' : `${count(total)} tok`
}

/** What a provider error is, so the person knows what to do; `kind` lets tests and styles branch on it. */
export interface ModelErrorText {
  kind: 'rate-limit' | 'refusal' | 'base-url' | 'key' | 'other'
  title: string
  hint?: string
}

const RULES: Array<{ test: RegExp; text: ModelErrorText }> = [
  {
    test: /\b429\b|rate.?limit|too many requests|quota/i,
    text: {
      kind: 'rate-limit',
      title: 'Rate limited by the provider',
      hint: 'Wait a moment and try again, or use another model.',
    },
  },
  {
    test: /no key for|api.?key|\b401\b|\b403\b|unauthori[sz]ed|forbidden|authentication/i,
    text: {
      kind: 'key',
      title: 'The provider did not accept the key',
      hint: 'Keys are read by the server from its environment: set the variable and restart Toolscope.',
    },
  },
  {
    test: /could not be reached|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|getaddrinfo|fetch failed|cannot connect|connection refused|base ?url|\b404\b|not found|invalid url/i,
    text: {
      kind: 'base-url',
      title: 'Could not reach the model',
      hint: 'Check the base URL (an OpenAI-compatible server usually ends in /v1) and that the server is running.',
    },
  },
  { test: /refus/i, text: { kind: 'refusal', title: 'The model refused' } },
]

/** Names a conversation's error by its cause; the server's message is always shown beside it. */
export function describeModelError(message: string): ModelErrorText {
  for (const rule of RULES) if (rule.test.test(message)) return rule.text
  return { kind: 'other', title: 'The conversation failed' }
}

/** How a conversation ended, in words. */
export function phaseText(phase: TryPhase, steps: number): string {
  switch (phase) {
    case 'talking':
      return 'The model is answering…'
    case 'done':
      return `Answered in ${steps} step${steps === 1 ? '' : 's'}`
    case 'step-limit':
      return `Stopped at the step limit (${steps} step${steps === 1 ? '' : 's'}) before the model answered`
    case 'failed':
      return 'Failed'
    case 'cancelled':
      return 'Cancelled'
  }
}

/** The arguments as the model sent them: indented when they are JSON, verbatim (malformed JSON included) otherwise. */
export function argumentsText(text: string): { text: string; json: boolean } {
  if (!text.trim()) return { text: '', json: false }
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true }
  } catch {
    return { text, json: false }
  }
}

/** A pass rate as a whole percentage. */
export const percent = (rate: number): string => `${Math.round(rate * 100)}%`

/**
 * What went back to the model, unwrapped from the provider packages' tool-result shape ({ type: 'json', value } and the
 * like): the text or value itself, and whether the model was told it is an error (or that the call was declined).
 */
export function modelViewShown(view: unknown): { text?: string; value?: unknown; note?: string } {
  if (!view || typeof view !== 'object' || !('type' in view))
    return typeof view === 'string' ? { text: view } : { value: view }
  const v = view as { type: unknown; value?: unknown; reason?: unknown }
  switch (v.type) {
    case 'text':
      return { text: String(v.value ?? '') }
    case 'json':
      return { value: v.value }
    case 'error-text':
      return { text: String(v.value ?? ''), note: 'as an error' }
    case 'error-json':
      return { value: v.value, note: 'as an error' }
    case 'execution-denied':
      return { text: typeof v.reason === 'string' ? v.reason : 'The call was declined.', note: 'as declined' }
    case 'content':
      return { value: v.value, note: 'as content parts' }
    default:
      return { value: view }
  }
}
