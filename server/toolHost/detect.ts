// Finds the tools a module exports: named or default exports, arrays and records of tools.
// Detection is pluggable: synchronous detectors (Toolscope tools) and asynchronous sources (Mastra tools, agents and
// instances, AI SDK tools: registered by detectors/index.ts); a value that looks like a tool of no known kind is an error.

import { basename, dirname } from 'node:path'
import { isPlainObject, type Tool } from '../../src/runtime/index.ts'
import type { CatalogError, ToolAccess } from '../../src/shared/protocol.ts'

/** Kinds listed in the catalog (protocol ToolKind). */
export type DetectedKind = 'toolscope' | 'mastra' | 'ai-sdk' | 'mcp'

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
  /** How the value was reached from the module's exports. */
  access: ToolAccess
  /** The exported value itself: the same object exported twice is one tool, not a duplicate. */
  original: unknown
  /** What makes two found values one tool when they are different objects (a Mastra agent's copy of an AI SDK tool); default `original`. */
  identity?: unknown
  /** Group label in the tool list (the Mastra agent that uses the tool). */
  group?: string
  /** Version of the library that made the tool (the user's @mastra/core or ai). */
  libraryVersion?: string
  /** The Mastra instance the tool was found in: given to the tool as `context.mastra`, as Mastra does. */
  mastra?: unknown
}

/** Where a value was found: the module file, the export path shown to people, and the last key (an AI SDK tool's id). */
export interface FoundAt {
  /** Absolute path of the module. */
  file: string
  exportName: string
  key: string
  /** How the value was reached from the module's exports. */
  access: ToolAccess
  group?: string
  /** The Mastra instance the value was found in (its tools and its agents' tools run with it as `context.mastra`). */
  mastra?: unknown
}

/** What a source made of a value: tools (file is filled in by the caller) and reasons for what it could not load. */
export interface SourceResult {
  tools: Array<Omit<DetectedTool, 'file'>>
  errors: string[]
}

/** Visits a value nested in a container (a Mastra instance's tools), with all detectors and sources. */
export type NestedDetect = (value: unknown, at: FoundAt) => Promise<SourceResult>

/**
 * Recognises values that stand for tools of another library and loads them. Asynchronous because loading may import the
 * user's copy of the library or ask a container (agent, Mastra instance) for its tools.
 */
export interface ToolSource {
  name: string
  /** Cheap synchronous recognition. */
  matches(value: unknown): boolean
  load(value: unknown, at: FoundAt, nested: NestedDetect): Promise<SourceResult>
}

/** Explains why a value that looks like a tool is of no kind Toolscope knows; undefined when it does not look like one. */
export type UnknownToolReason = (value: unknown) => string | undefined

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
const sources: ToolSource[] = []
const unknownReasons: UnknownToolReason[] = []

/** Adds an asynchronous source (tried after the synchronous detectors). */
export function registerSource(source: ToolSource): void {
  if (!sources.includes(source)) sources.push(source)
}

/** Adds a check naming why a tool-like value is not loaded. */
export function registerUnknownReason(reason: UnknownToolReason): void {
  if (!unknownReasons.includes(reason)) unknownReasons.push(reason)
}

function detectOne(value: unknown, exportName: string): { tool: Tool; kind: DetectedKind } | undefined {
  for (const d of detectors) {
    const tool = d.detect(value, exportName)
    if (tool) return { tool, kind: d.kind }
  }
  return undefined
}

/** True when `value` is a tool of any kind, or looks like one of a kind Toolscope does not know (not a container of exports). */
export function looksLikeTool(value: unknown): boolean {
  return (
    detectOne(value, '') !== undefined ||
    sources.some((s) => s.matches(value)) ||
    unknownReasons.some((reason) => reason(value) !== undefined)
  )
}

/** One value: a tool of a known kind, a source's tools, an error for an unknown tool-like value, or undefined (not a tool). */
export async function detectValue(value: unknown, at: FoundAt): Promise<SourceResult | undefined> {
  const hit = detectOne(value, at.exportName)
  if (hit)
    return {
      tools: [
        {
          ...hit,
          exportName: at.exportName,
          access: at.access,
          original: value,
          ...(at.group ? { group: at.group } : {}),
          ...(at.mastra ? { mastra: at.mastra } : {}),
        },
      ],
      errors: [],
    }
  const source = sources.find((s) => s.matches(value))
  if (source) {
    try {
      return await source.load(value, at, nestedDetect)
    } catch (err) {
      return {
        tools: [],
        errors: [
          `${at.exportName}: could not load this ${source.name}: ${err instanceof Error ? err.message : String(err)}`,
        ],
      }
    }
  }
  for (const reason of unknownReasons) {
    const why = reason(value)
    if (why) return { tools: [], errors: [`${at.exportName}: ${why}`] }
  }
  return undefined
}

const nestedDetect: NestedDetect = async (value, at) => (await detectValue(value, at)) ?? { tools: [], errors: [] }

/** A module's name for ids: its file name without extension (`getQuote.ts` → `getQuote`); an `index` file takes its folder's name. */
export function moduleName(file: string): string {
  const name = basename(file).replace(/\.[^.]*$/, '')
  return name === 'index' ? basename(dirname(file)) || name : name
}

/**
 * Lists every tool of a module namespace with all detectors and sources: exports, and the items of exported arrays and
 * records. `file` is the absolute path (packages resolve from it); `displayFile` is what the catalog shows.
 */
export async function detectModule(
  moduleNamespace: Record<string, unknown>,
  file: string,
  displayFile: string,
): Promise<{ tools: DetectedTool[]; errors: CatalogError[] }> {
  const tools: DetectedTool[] = []
  const errors: CatalogError[] = []
  const collect = (result: SourceResult) => {
    for (const t of result.tools) tools.push({ ...t, file: displayFile })
    for (const message of result.errors) errors.push({ file: displayFile, message })
  }
  for (const [name, value] of Object.entries(moduleNamespace)) {
    // An AI SDK tool's id is its export name: a default export (`export default tool()`, `module.exports = tool()`) takes the module's name.
    const key = name === 'default' ? moduleName(file) : name
    const result = await detectValue(value, { file, exportName: name, key, access: { exportName: name, steps: [] } })
    const entry = (step: string | number) => ({ exportName: name, steps: [{ via: 'key' as const, key: step }] })
    if (result) collect(result)
    else if (Array.isArray(value))
      for (const [i, item] of value.entries())
        collect(
          (await detectValue(item, { file, exportName: `${name}[${i}]`, key: `${key}_${i}`, access: entry(i) })) ?? {
            tools: [],
            errors: [],
          },
        )
    else if (isPlainObject(value))
      for (const [key, item] of Object.entries(value))
        collect(
          (await detectValue(item, { file, exportName: `${name}.${key}`, key, access: entry(key) })) ?? {
            tools: [],
            errors: [],
          },
        )
  }
  return { tools, errors }
}

/**
 * Keeps one tool per value and per id. The same value found twice (exported, and used by an agent) is one tool that takes
 * the first group found; a second tool with the same id becomes an error naming both files.
 */
export function dedupeTools(tools: DetectedTool[]): {
  tools: DetectedTool[]
  errors: Array<{ file: string; message: string }>
} {
  const byOriginal = new Map<unknown, DetectedTool>()
  const unique: DetectedTool[] = []
  for (const t of tools) {
    const identity = t.identity ?? t.original
    const first = byOriginal.get(identity)
    if (!first) {
      const copy = { ...t }
      byOriginal.set(identity, copy)
      unique.push(copy)
    } else if (!first.group && t.group) first.group = t.group
  }
  return dedupeById(unique)
}

/** Keeps the first tool of each id; a second tool with the same id becomes an error naming both files. */
export function dedupeById(tools: DetectedTool[]): {
  tools: DetectedTool[]
  errors: Array<{ file: string; message: string }>
} {
  const byId = new Map<string, DetectedTool>()
  const errors: Array<{ file: string; message: string }> = []
  for (const t of tools) {
    const first = byId.get(t.tool.id)
    if (!first) byId.set(t.tool.id, t)
    else if ((first.identity ?? first.original) !== (t.identity ?? t.original)) {
      errors.push({
        file: t.file,
        message: `Duplicate tool id "${t.tool.id}": exported as ${first.exportName} by ${first.file} and as ${t.exportName} by ${t.file}. Tool ids must be unique; the second one was not loaded.`,
      })
    }
  }
  return { tools: [...byId.values()], errors }
}
