// The Model tab's form as typed (text kept as text until Try), the TryBody it becomes, and its memory: the form is
// kept in localStorage for the project (the origin is the project's server), its fields picked one by one so nothing
// else (never a key: the form has no key field) is stored. The conversation of each tool is kept for the browser tab.
import {
  MAX_MODEL_STEPS,
  MODEL_PROVIDERS,
  type ModelProvider,
  type ModelsInfo,
  type TryBody,
} from '../../shared/protocol.ts'
import { readSetting, writeSetting } from '../../hooks/useSetting.ts'

/** Which tools the model is offered: the open tool, a chosen set of catalog ids, or the whole catalog. */
export type OfferMode = 'tool' | 'set' | 'all'

export interface TryDraft {
  prompt: string
  provider: ModelProvider
  model: string
  baseURL: string
  offer: OfferMode
  /** The chosen set (offer `set`). */
  chosen: string[]
  maxSteps: string
}

export const DEFAULT_TRY_DRAFT: TryDraft = {
  prompt: '',
  provider: 'openai',
  model: '',
  baseURL: '',
  offer: 'tool',
  chosen: [],
  maxSteps: '5',
}

/** A field a problem belongs to, so the form marks it. */
export type TryField = 'prompt' | 'model' | 'baseURL' | 'chosen' | 'maxSteps'

export type TryCheck = { ok: true; body: TryBody } | { ok: false; field: TryField; problem: string }

function validURL(text: string): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The body of a draft for the open tool, or the first thing that keeps it from being sent. */
export function draftToTryBody(draft: TryDraft, toolId: string): TryCheck {
  const prompt = draft.prompt.trim()
  if (!prompt) return { ok: false, field: 'prompt', problem: 'Write a prompt for the model.' }
  const model = draft.model.trim()
  if (!model) return { ok: false, field: 'model', problem: 'Name the model (its id at the provider).' }
  const baseURL = draft.baseURL.trim()
  if (draft.provider === 'openai-compatible' && !baseURL)
    return {
      ok: false,
      field: 'baseURL',
      problem: 'An OpenAI-compatible model needs a base URL (e.g. http://127.0.0.1:11434/v1).',
    }
  if (baseURL && !validURL(baseURL))
    return { ok: false, field: 'baseURL', problem: 'The base URL must be an http:// or https:// URL.' }
  if (draft.offer === 'set' && draft.chosen.length === 0)
    return { ok: false, field: 'chosen', problem: 'Choose at least one tool to offer.' }
  const steps = Number(draft.maxSteps.trim())
  if (!/^\d+$/.test(draft.maxSteps.trim()) || steps < 1 || steps > MAX_MODEL_STEPS)
    return { ok: false, field: 'maxSteps', problem: `Max steps is a whole number from 1 to ${MAX_MODEL_STEPS}.` }
  const tools = draft.offer === 'all' ? ('all' as const) : draft.offer === 'set' ? draft.chosen : [toolId]
  return {
    ok: true,
    body: {
      model: { provider: draft.provider, model, ...(baseURL ? { baseURL } : {}) },
      prompt,
      tools,
      maxSteps: steps,
    },
  }
}

const STORE_KEY = 'model:try'

const isProvider = (v: unknown): v is ModelProvider =>
  typeof v === 'string' && (MODEL_PROVIDERS as readonly string[]).includes(v)
const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback)

/** The stored form read back field by field (anything unknown or malformed falls back to the default). */
export function parseStoredDraft(stored: string | null): TryDraft | undefined {
  if (!stored) return undefined
  let raw: unknown
  try {
    raw = JSON.parse(stored)
  } catch {
    return undefined
  }
  if (!raw || typeof raw !== 'object') return undefined
  const r = raw as Record<string, unknown>
  const d = DEFAULT_TRY_DRAFT
  return {
    prompt: text(r.prompt, d.prompt),
    provider: isProvider(r.provider) ? r.provider : d.provider,
    model: text(r.model, d.model),
    baseURL: text(r.baseURL, d.baseURL),
    offer: r.offer === 'set' || r.offer === 'all' ? r.offer : 'tool',
    chosen: Array.isArray(r.chosen) ? r.chosen.filter((c): c is string => typeof c === 'string') : [],
    maxSteps: text(r.maxSteps, d.maxSteps),
  }
}

/** Only the form's own fields, so nothing else ever reaches storage. */
export function storedDraftText(d: TryDraft): string {
  const { prompt, provider, model, baseURL, offer, chosen, maxSteps } = d
  return JSON.stringify({ prompt, provider, model, baseURL, offer, chosen, maxSteps })
}

/** The form to start from: the remembered one, else the model the server was started with. */
export function initialTryDraft(models: ModelsInfo | undefined, stored = readSetting(STORE_KEY)): TryDraft {
  const remembered = parseStoredDraft(stored)
  if (remembered) return remembered
  const m = models?.defaultModel
  return m
    ? { ...DEFAULT_TRY_DRAFT, provider: m.provider, model: m.model, baseURL: m.baseURL ?? '' }
    : DEFAULT_TRY_DRAFT
}

export const rememberTryDraft = (d: TryDraft): void => writeSetting(STORE_KEY, storedDraftText(d))

/** The open conversation of a tool: its id and the prompt it was started with. */
export interface OpenTry {
  tryId: string
  prompt: string
}

/** The open conversation of each tool, for this browser tab (a reload follows it again from its first event). */
export function rememberedTry(toolId: string): OpenTry | undefined {
  try {
    const raw = JSON.parse(sessionStorage.getItem(`toolscope:try:${toolId}`) ?? 'null') as Partial<OpenTry> | null
    return raw && typeof raw.tryId === 'string'
      ? { tryId: raw.tryId, prompt: typeof raw.prompt === 'string' ? raw.prompt : '' }
      : undefined
  } catch {
    return undefined
  }
}

export function rememberTry(toolId: string, open: OpenTry | undefined): void {
  try {
    if (open)
      sessionStorage.setItem(`toolscope:try:${toolId}`, JSON.stringify({ tryId: open.tryId, prompt: open.prompt }))
    else sessionStorage.removeItem(`toolscope:try:${toolId}`)
  } catch {
    // storage disabled: the conversation is simply not kept across reloads
  }
}
