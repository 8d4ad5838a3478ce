// What each audience gets for a payload: `display` and `transcript` from the tool's `transform` (with Mastra's
// placeholder semantics) and `model` from `toModelOutput` (or its defaults). The raw value is never touched.

import { errorMessage } from './errors.ts'
import type { TransformedView, ViewPhase, Views } from './events.ts'
import type {
  ModelOutput,
  ModelOutputCall,
  Tool,
  ToolPayloadTransformContext,
  TransformContextPhase,
  TransformPhase,
  TransformTarget,
} from './types.ts'

/** Mastra's phase names as transform functions see them (and as placeholders name them). */
const CONTEXT_PHASE: Record<TransformPhase, TransformContextPhase> = {
  inputDelta: 'input-delta',
  input: 'input-available',
  output: 'output-available',
  error: 'error',
  approval: 'approval',
  suspend: 'suspend',
  resume: 'resume',
}

/** Payload fields a transform context carries besides target/phase/toolName/toolCallId. */
export type TransformPayload = Partial<
  Pick<ToolPayloadTransformContext, 'input' | 'inputTextDelta' | 'output' | 'error' | 'suspendPayload' | 'resumeData'>
>

/** Reports a transform that threw (the run goes on). */
export type TransformFailureSink = (target: TransformTarget, phase: TransformPhase, message: string) => void

function placeholder(phase: TransformContextPhase): { message: string } {
  return { message: `Tool ${phase} payload unavailable` }
}

async function transformOne(
  tool: Tool,
  target: TransformTarget,
  phase: TransformPhase,
  raw: unknown,
  base: Omit<ToolPayloadTransformContext, 'target' | 'phase'>,
  onFailure?: TransformFailureSink,
): Promise<TransformedView> {
  const targetConfig = tool.transform?.[target]
  if (!targetConfig) return { value: raw, passthrough: true }
  const contextPhase = CONTEXT_PHASE[phase]
  const fn = targetConfig[phase]
  if (typeof fn !== 'function')
    return phase === 'inputDelta'
      ? { value: undefined, suppressed: true }
      : { value: placeholder(contextPhase), placeholder: true }
  try {
    const value = await fn({ ...base, target, phase: contextPhase })
    if (value !== undefined) return { value }
    return phase === 'inputDelta'
      ? { value: undefined, suppressed: true }
      : { value: placeholder(contextPhase), placeholder: true }
  } catch (error) {
    const failed = errorMessage(error)
    onFailure?.(target, phase, failed)
    return phase === 'inputDelta'
      ? { value: undefined, suppressed: true, failed }
      : { value: placeholder(contextPhase), placeholder: true, failed }
  }
}

/** Display and transcript views of one payload (model left to the caller). */
export async function transformViews(
  tool: Tool,
  phase: TransformPhase,
  raw: unknown,
  ids: { toolName: string; toolCallId: string },
  payload: TransformPayload,
  onFailure?: TransformFailureSink,
): Promise<Views> {
  if (!tool.transform)
    return { raw, display: { value: raw, passthrough: true }, transcript: { value: raw, passthrough: true } }
  const base = { ...ids, ...payload }
  const display = await transformOne(tool, 'display', phase, raw, base, onFailure)
  const transcript = await transformOne(tool, 'transcript', phase, raw, base, onFailure)
  return { raw, display, transcript }
}

const MODEL_TYPES = new Set(['text', 'json', 'error-text', 'error-json', 'execution-denied', 'content'])

/** Normalises what toModelOutput returned: AI SDK `media` parts become image-data/file-data; anything else is wrapped as json. */
export function normalizeModelOutput(value: unknown): ModelOutput {
  if (value === null || typeof value !== 'object' || !MODEL_TYPES.has((value as { type?: string }).type ?? ''))
    return { type: 'json', value: value ?? null }
  const out = value as ModelOutput
  if (out.type === 'content' && Array.isArray(out.value)) {
    return {
      type: 'content',
      value: out.value.map((part) => {
        const p = part as Record<string, unknown>
        if (p?.type !== 'media') return part
        const mediaType = String(p.mediaType ?? '')
        return mediaType.startsWith('image/')
          ? { type: 'image-data', data: String(p.data), mediaType }
          : { type: 'file-data', data: String(p.data), mediaType }
      }),
    }
  }
  return out
}

/** Default model output: text for strings, json otherwise. */
export function defaultModelOutput(output: unknown): ModelOutput {
  return typeof output === 'string' ? { type: 'text', value: output } : { type: 'json', value: output ?? null }
}

/**
 * `toModelOutput(output, call)` when given; a throw yields error-text and is reported through `onError`, never failing the run.
 * `call` (tool call id and input) is passed as a second argument for adapters of other libraries.
 */
export async function modelOutputFor(
  tool: Tool,
  output: unknown,
  onError?: (message: string) => void,
  call?: ModelOutputCall,
): Promise<ModelOutput> {
  if (typeof tool.toModelOutput !== 'function') return defaultModelOutput(output)
  try {
    return normalizeModelOutput(await (call ? tool.toModelOutput(output, call) : tool.toModelOutput(output)))
  } catch (error) {
    const message = errorMessage(error)
    onError?.(message)
    return { type: 'error-text', value: `toModelOutput failed: ${message}` }
  }
}

/** Views for an error payload: model gets the message as error-text. */
export async function errorViews(
  tool: Tool,
  raw: unknown,
  error: unknown,
  message: string,
  ids: { toolName: string; toolCallId: string },
  input: unknown,
  onFailure?: TransformFailureSink,
): Promise<Views> {
  const views = await transformViews(tool, 'error', raw, ids, { error, input }, onFailure)
  return { ...views, model: { type: 'error-text', value: message } }
}

/** The view phase names used on events (a subset of transform phases). */
export type { ViewPhase }

/** Views of a run that ended with no payload (aborted). */
export const EMPTY_VIEWS: Views = {
  raw: undefined,
  display: { value: undefined, passthrough: true },
  transcript: { value: undefined, passthrough: true },
}
