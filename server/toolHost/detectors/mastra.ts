// Tools made by @mastra/core's createTool (1.x), run through Mastra's own `execute`: its validation, error objects and
// suspend handling. The adapter only hands Mastra its own RequestContext class and evaluates approval as Mastra's agent does.

import { SELF_VALIDATING, type ApprovalCall, type Tool, type ToolExecutionContext } from '../../../src/runtime/index.ts'
import type { DetectedTool, FoundAt, SourceResult, ToolSource } from '../detect.ts'
import { majorOf, resolveLibrary } from './library.ts'

const MASTRA_TOOL_MARKER = Symbol.for('mastra.core.tool.Tool')

/** A Mastra Tool instance (the user's copy of the class, so recognised by marker or shape, never by instanceof). */
type MastraTool = Record<PropertyKey, any>

/** Mastra marks its tools with a Symbol.for marker; older copies are recognised by class name and shape. */
export function isMastraTool(value: unknown): value is MastraTool {
  if (value === null || typeof value !== 'object') return false
  const v = value as MastraTool
  if (v[MASTRA_TOOL_MARKER] === true) return true
  return v.constructor?.name === 'Tool' && typeof v.id === 'string' && 'inputSchema' in v && 'requireApproval' in v
}

const PASS_THROUGH = ['inputSchema', 'outputSchema', 'suspendSchema', 'resumeSchema', 'requestContextSchema', 'strict', 'providerOptions', 'inputExamples', 'mcp', 'background', 'transform'] as const
const HOOKS = ['onInputStart', 'onInputDelta', 'onInputAvailable', 'onOutput'] as const

/**
 * The runtime tool for one Mastra tool, or the reason it cannot be loaded. `mastra` is the instance it was found in,
 * handed to the tool as `context.mastra` (Mastra's agents and server do the same).
 */
export async function adaptMastraTool(original: MastraTool, file: string, mastra?: unknown): Promise<{ tool: Tool; version?: string } | { error: string }> {
  const lib = resolveLibrary('@mastra/core', file)
  if (lib && majorOf(lib.version) < 1) {
    return { error: `Mastra ${lib.version} tools are not supported: Toolscope follows the createTool() contract of @mastra/core 1.x` }
  }
  const adapted: Record<PropertyKey, unknown> = { id: original.id, description: typeof original.description === 'string' ? original.description : '', [SELF_VALIDATING]: true }
  for (const key of PASS_THROUGH) if (original[key] !== undefined && original[key] !== null) adapted[key] = original[key]
  for (const hook of HOOKS) if (typeof original[hook] === 'function') adapted[hook] = (args: unknown) => original[hook](args)
  if (typeof original.toModelOutput === 'function') adapted.toModelOutput = (output: unknown) => original.toModelOutput(output)
  // Mastra's agent: a per-tool predicate gets (args, { args, requestContext, workspace }); one that throws means "ask".
  const predicate = typeof original.needsApprovalFn === 'function' ? original.needsApprovalFn : typeof original.requireApproval === 'function' ? original.requireApproval : undefined
  adapted.requireApproval = predicate
    ? async (input: unknown, call?: ApprovalCall) => {
        try {
          return !!(await predicate.call(original, input, { args: input, requestContext: call?.requestContext ?? {}, workspace: undefined }))
        } catch {
          return true
        }
      }
    : original.requireApproval === true
  if (typeof original.execute === 'function') {
    // Toolscope's RequestContext has Mastra's whole API, so the tool gets the run's own context (its writes persist).
    const instance = mastra ?? original.mastra
    adapted.execute = (input: unknown, ctx: ToolExecutionContext) => original.execute(input, { ...ctx, mastra: instance })
  }
  return { tool: adapted as unknown as Tool, ...(lib ? { version: lib.version } : {}) }
}

/** Detected entry for a Mastra tool found at `at`. */
export async function loadMastraTool(value: MastraTool, at: FoundAt): Promise<SourceResult> {
  const adapted = await adaptMastraTool(value, at.file, at.mastra)
  if ('error' in adapted) return { tools: [], errors: [`${at.exportName}: ${adapted.error}`] }
  const tool: Omit<DetectedTool, 'file'> = { tool: adapted.tool, kind: 'mastra', exportName: at.exportName, original: value }
  if (adapted.version) tool.libraryVersion = adapted.version
  if (at.group) tool.group = at.group
  return { tools: [tool], errors: [] }
}

/** Source for Mastra tools exported by modules or found in records, agents and Mastra instances. */
export const mastraToolSource: ToolSource = {
  name: 'Mastra tool',
  matches: isMastraTool,
  load: (value, at) => loadMastraTool(value as MastraTool, at),
}
