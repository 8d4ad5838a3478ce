// Finds the tools a module exports: named or default exports, arrays and records of tools.
// Detection is pluggable: each tool kind (Toolscope, and later Mastra or AI SDK tools) registers a detector.

import type { Tool } from '../../src/runtime/types.ts'

/** Kinds listed in the catalog (protocol ToolKind). */
export type DetectedKind = 'toolscope' | 'mastra' | 'ai-sdk'

/** Recognises one kind of tool and adapts it to a Toolscope tool the runtime can run. */
export interface ToolDetector {
  kind: DetectedKind
  /** Returns the runnable tool when `value` is a tool of this kind, else undefined. */
  detect(value: unknown, exportName: string): Tool | undefined
}

/** One tool found in a module. */
export interface DetectedTool {
  tool: Tool
  kind: DetectedKind
  file: string
  exportName: string
  /** The exported value itself: the same object exported twice is one tool, not a duplicate. */
  original: unknown
}

const BRAND = Symbol.for('toolscope.tool')

/** Toolscope tools carry a `Symbol.for` brand, so tools from another copy of the runtime are still recognised. */
export const toolscopeDetector: ToolDetector = {
  kind: 'toolscope',
  detect(value) {
    if (typeof value !== 'object' || value === null) return undefined
    const v = value as Record<PropertyKey, unknown>
    return v[BRAND] === true && typeof v.id === 'string' ? (value as Tool) : undefined
  },
}

const detectors: ToolDetector[] = [toolscopeDetector]

/** Adds a detector (tried after the existing ones). */
export function registerDetector(detector: ToolDetector): void {
  detectors.push(detector)
}

function detectOne(value: unknown, exportName: string): { tool: Tool; kind: DetectedKind } | undefined {
  for (const d of detectors) {
    const tool = d.detect(value, exportName)
    if (tool) return { tool, kind: d.kind }
  }
  return undefined
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** Lists every tool exported by a module namespace, in export order, each object once. */
export function detectTools(moduleNamespace: Record<string, unknown>, file: string): DetectedTool[] {
  const found: DetectedTool[] = []
  const seen = new Set<unknown>()
  const add = (value: unknown, exportName: string) => {
    if (seen.has(value)) return
    const hit = detectOne(value, exportName)
    if (!hit) return
    seen.add(value)
    found.push({ ...hit, file, exportName, original: value })
  }
  for (const [name, value] of Object.entries(moduleNamespace)) {
    if (detectOne(value, name)) add(value, name)
    else if (Array.isArray(value)) value.forEach((item, i) => add(item, `${name}[${i}]`))
    else if (isPlainRecord(value)) for (const [key, item] of Object.entries(value)) add(item, `${name}.${key}`)
  }
  return found
}

/** Keeps the first tool of each id; a second tool with the same id becomes an error naming both files. */
export function dedupeById(tools: DetectedTool[]): { tools: DetectedTool[]; errors: Array<{ file: string; message: string }> } {
  const byId = new Map<string, DetectedTool>()
  const errors: Array<{ file: string; message: string }> = []
  for (const t of tools) {
    const first = byId.get(t.tool.id)
    if (!first) byId.set(t.tool.id, t)
    else if (first.original !== t.original) {
      errors.push({
        file: t.file,
        message: `Duplicate tool id "${t.tool.id}": exported as ${first.exportName} by ${first.file} and as ${t.exportName} by ${t.file}. Tool ids must be unique; the second one was not loaded.`,
      })
    }
  }
  return { tools: [...byId.values()], errors }
}
