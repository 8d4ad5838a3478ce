// Tools made by @mastra/core's createTool (1.x), run through Mastra's own `execute`: its validation, error objects and
// suspend handling, through the runtime's fromMastraTool (shared with exported tests).

import { fromMastraTool, type Tool } from '../../../src/runtime/index.ts'
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

/**
 * The runtime tool for one Mastra tool (the runtime's fromMastraTool, shared with exported tests), or the reason it cannot
 * be loaded. `mastra` is the instance it was found in, handed to the tool as `context.mastra` (as Mastra does).
 */
export async function adaptMastraTool(
  original: MastraTool,
  file: string,
  mastra?: unknown,
): Promise<{ tool: Tool; version?: string } | { error: string }> {
  const lib = resolveLibrary('@mastra/core', file)
  if (lib && majorOf(lib.version) < 1) {
    return {
      error: `Mastra ${lib.version} tools are not supported: Toolscope follows the createTool() contract of @mastra/core 1.x`,
    }
  }
  return { tool: fromMastraTool(original, { mastra }), ...(lib ? { version: lib.version } : {}) }
}

/** Detected entry for a Mastra tool found at `at`. */
export async function loadMastraTool(value: MastraTool, at: FoundAt): Promise<SourceResult> {
  const adapted = await adaptMastraTool(value, at.file, at.mastra)
  if ('error' in adapted) return { tools: [], errors: [`${at.exportName}: ${adapted.error}`] }
  const tool: Omit<DetectedTool, 'file'> = {
    tool: adapted.tool,
    kind: 'mastra',
    exportName: at.exportName,
    access: at.access,
    original: value,
  }
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
