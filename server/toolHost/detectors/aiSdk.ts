// AI SDK `tool()` objects (package `ai`, 5 or later), adapted to the runtime with the user's own copy of `ai` by the
// runtime's fromAiSdkTool (shared with exported tests). The id is the export name or key.

import { fromAiSdkTool, isPlainObject, type AiSdkModule, type Tool } from '../../../src/runtime/index.ts'
import type { DetectedTool, FoundAt, SourceResult, ToolSource } from '../detect.ts'
import { importUserLibrary, majorOf, resolveLibrary } from './library.ts'

/** An AI SDK tool as `tool()` returns it (the config object itself). */
type AiTool = Record<string, any>

/**
 * `tool()` and `dynamicTool()` return plain objects with an `inputSchema`; provider tools are not runnable here. A Mastra
 * agent lists a copy with a generated `id`; Mastra workflow steps (which carry a `component`) are not tools.
 */
export function isAiSdkTool(value: unknown): value is AiTool {
  if (!isPlainObject(value) || !('inputSchema' in value) || value.inputSchema == null || value.component !== undefined)
    return false
  if (value.type !== undefined && value.type !== 'function' && value.type !== 'dynamic') return false
  return (
    (value.execute === undefined || typeof value.execute === 'function') &&
    (value.description === undefined || typeof value.description === 'string')
  )
}

/** The runtime tool for one AI SDK tool, or the reason it cannot be loaded. */
export async function adaptAiSdkTool(
  original: AiTool,
  id: string,
  file: string,
): Promise<{ tool: Tool; version: string } | { error: string }> {
  const lib = resolveLibrary('ai', file)
  if (!lib) return { error: 'looks like an AI SDK tool, but the `ai` package is not installed in its project' }
  if (majorOf(lib.version) < 5)
    return { error: `AI SDK ${lib.version} tools are not supported: Toolscope loads tools of the AI SDK 5 and later` }
  const ai = await importUserLibrary<AiSdkModule>('ai', file)
  return { tool: fromAiSdkTool(original, { id, ai, version: lib.version }), version: lib.version }
}

/** Source for AI SDK tools found in modules, records and agents. */
export const aiSdkToolSource: ToolSource = {
  name: 'AI SDK tool',
  matches: isAiSdkTool,
  async load(value, at: FoundAt): Promise<SourceResult> {
    const adapted = await adaptAiSdkTool(value as AiTool, at.key, at.file)
    if ('error' in adapted) return { tools: [], errors: [`${at.exportName}: ${adapted.error}`] }
    // A Mastra agent's copy keeps the original's execute: that function is the tool's identity across copies.
    const identity = (value as AiTool).execute ?? value
    const tool: Omit<DetectedTool, 'file'> = {
      tool: adapted.tool,
      kind: 'ai-sdk',
      exportName: at.exportName,
      access: at.access,
      original: value,
      identity,
      libraryVersion: adapted.version,
    }
    if (at.group) tool.group = at.group
    return { tools: [tool], errors: [] }
  },
}
