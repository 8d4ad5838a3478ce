// The Evals tab's form as typed: the models to run against (provider:model rows, each with its base URL), the k that
// overrides each case's, and whether to run the description variants too; the body it becomes, which evals offer the
// open tool, and the form's memory (localStorage, the project's origin; its fields picked one by one, never a key).
import {
  MODEL_PROVIDERS,
  type EvalList,
  type EvalRunBody,
  type ModelProvider,
  type ModelsInfo,
} from '../../shared/protocol.ts'
import { readSetting, writeSetting } from '../../hooks/useSetting.ts'
import { parseStoredDraft } from '../model/tryDraft.ts'

export interface EvalModelRow {
  provider: ModelProvider
  model: string
  baseURL: string
}

export interface EvalDraft {
  models: EvalModelRow[]
  /** Empty: each case's own k. */
  k: string
  variants: boolean
  /** Also run each case with the tools as the last commit described them (`against: "HEAD"`). */
  againstLastCommit: boolean
}

export const MAX_EVAL_MODELS = 8
export const MAX_EVAL_K = 50

export type EvalCheck =
  | { ok: true; body: EvalRunBody }
  | { ok: false; problem: string; row?: number; field?: 'model' | 'baseURL' | 'k' }

/** The body that runs `names` against the draft's models, or the first problem (with the row it is in). */
export function draftToEvalBody(draft: EvalDraft, names: string[]): EvalCheck {
  if (!draft.models.length) return { ok: false, problem: 'Add a model to run the evals against.' }
  const models: EvalRunBody['models'] = []
  for (const [i, row] of draft.models.entries()) {
    const model = row.model.trim()
    const baseURL = row.baseURL.trim()
    if (!model)
      return { ok: false, row: i, field: 'model', problem: `Model ${i + 1}: name the model (its id at the provider).` }
    if (row.provider === 'openai-compatible' && !baseURL)
      return {
        ok: false,
        row: i,
        field: 'baseURL',
        problem: `Model ${i + 1}: an OpenAI-compatible model needs a base URL.`,
      }
    if (baseURL && !/^https?:\/\/\S+$/.test(baseURL))
      return {
        ok: false,
        row: i,
        field: 'baseURL',
        problem: `Model ${i + 1}: the base URL must be an http:// or https:// URL.`,
      }
    models.push({ provider: row.provider, model, ...(baseURL ? { baseURL } : {}) })
  }
  const kText = draft.k.trim()
  const k = Number(kText)
  if (kText && (!/^\d+$/.test(kText) || k < 1 || k > MAX_EVAL_K))
    return {
      ok: false,
      field: 'k',
      problem: `k is a whole number from 1 to ${MAX_EVAL_K}, or empty for each case’s own.`,
    }
  if (!names.length) return { ok: false, problem: 'No eval offers this tool.' }
  return {
    ok: true,
    body: {
      names,
      models,
      ...(kText ? { k } : {}),
      ...(draft.variants ? { variants: true } : {}),
      ...(draft.againstLastCommit ? { against: 'HEAD' } : {}),
    },
  }
}

/** The evals that offer `toolId` (a case offering the whole catalog offers it too). */
export function evalsOffering(list: EvalList, toolId: string): EvalList['evals'] {
  return list.evals.filter((e) => e.tools.includes(toolId) || e.tools.includes('all') || e.tools.length === 0)
}

const STORE_KEY = 'evals:form'

const isProvider = (v: unknown): v is ModelProvider =>
  typeof v === 'string' && (MODEL_PROVIDERS as readonly string[]).includes(v)

function parseRow(raw: unknown): EvalModelRow | undefined {
  if (!raw || typeof raw !== 'object') return undefined
  const r = raw as Record<string, unknown>
  if (!isProvider(r.provider)) return undefined
  return {
    provider: r.provider,
    model: typeof r.model === 'string' ? r.model : '',
    baseURL: typeof r.baseURL === 'string' ? r.baseURL : '',
  }
}

/** The stored form read back field by field. */
export function parseStoredEvalDraft(stored: string | null): EvalDraft | undefined {
  if (!stored) return undefined
  try {
    const r = JSON.parse(stored) as Record<string, unknown>
    const models = Array.isArray(r.models)
      ? r.models
          .map(parseRow)
          .filter((m): m is EvalModelRow => !!m)
          .slice(0, MAX_EVAL_MODELS)
      : []
    return {
      models,
      k: typeof r.k === 'string' ? r.k : '',
      variants: r.variants === true,
      againstLastCommit: r.againstLastCommit === true,
    }
  } catch {
    return undefined
  }
}

/** The form to start from: the remembered one, else the Model tab's model, else the server's default model. */
export function initialEvalDraft(
  models: ModelsInfo | undefined,
  stored = readSetting(STORE_KEY),
  tryStored = readSetting('model:try'),
): EvalDraft {
  const remembered = parseStoredEvalDraft(stored)
  if (remembered) return remembered
  const tried = parseStoredDraft(tryStored)
  if (tried?.model)
    return {
      models: [{ provider: tried.provider, model: tried.model, baseURL: tried.baseURL }],
      k: '',
      variants: false,
      againstLastCommit: false,
    }
  const m = models?.defaultModel
  return {
    models: [
      m
        ? { provider: m.provider, model: m.model, baseURL: m.baseURL ?? '' }
        : { provider: 'openai', model: '', baseURL: '' },
    ],
    k: '',
    variants: false,
    againstLastCommit: false,
  }
}

export function rememberEvalDraft(d: EvalDraft): void {
  writeSetting(
    STORE_KEY,
    JSON.stringify({
      models: d.models.map(({ provider, model, baseURL }) => ({ provider, model, baseURL })),
      k: d.k,
      variants: d.variants,
      againstLastCommit: d.againstLastCommit,
    }),
  )
}

/** The last eval job of each tool in this page, so a run opened from the table and Back find the results. */
const lastJobs = new Map<string, string>()
export const rememberedEvalJob = (toolId: string) => lastJobs.get(toolId)
export const rememberEvalJob = (toolId: string, jobId: string | undefined) =>
  jobId ? lastJobs.set(toolId, jobId) : lastJobs.delete(toolId)
