// How a generated test reaches its tool: the module export, then the same steps the tool host took (record or array
// entry, a Mastra agent's listTools(), a Mastra instance's listAgents() / listTools()), then the same adapter
// (fromMastraTool, fromAiSdkTool) for tools of other libraries, so the test runs the tool as the playground did.

import type { ToolAccess, ToolSummary } from '../shared/protocol.ts'
import { commentText, stringLiteral } from './codeLiteral.ts'

/** Where the generated test finds the tool. */
export interface ToolImport {
  /** Module specifier as the test should import it, e.g. `./src/tools/weather.ts`. */
  from: string
  /** The export (`default` for a default export) and the steps from it to the tool; a plain export name means no steps. */
  access: ToolAccess | string
  /** What made the tool (default `toolscope`): Mastra and AI SDK tools are adapted as the tool host adapts them. */
  kind?: ToolSummary['kind']
  /** The tool's id: an AI SDK tool's id is its export name or record key. Defaults to the last key of the access path. */
  id?: string
}

/** Names the generated file declares itself; an export with one of these names is imported under an alias. */
const TAKEN = new Set([
  'expect',
  'test',
  'runTool',
  'fromMastraTool',
  'fromAiSdkTool',
  'createRequire',
  'ai',
  'tool',
  'run',
  'result',
  'decisions',
  'seen',
  'event',
  'next',
  'decision',
  'mastraInstance',
  'toolModule',
])
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(
    ' ',
  ),
)

/** The lines a generated Vitest test needs to reach `tool`: imports, and statements (inside the async test) defining `tool`. */
export interface ReachCode {
  /** Names to import from the toolscope package besides runTool. */
  toolscopeNames: string[]
  /** Further import lines (the tool module, and `ai` for AI SDK tools). */
  imports: string[]
  /** Statements run inside the test that define `tool` (none when the export itself is the tool). */
  statements: string[]
  /** The expression given to runTool: the export's binding, or `tool`. */
  tool: string
  /** Extra runTool option (`mastra`) when the tool was found in a Mastra instance, as `key: expression`. */
  runOptions: string[]
}

/** Normalised access path of `tool`. */
export function accessOf(tool: ToolImport): ToolAccess {
  return typeof tool.access === 'string' ? { exportName: tool.access, steps: [] } : tool.access
}

/** Code that reaches the tool the way the tool host did. */
export function reachTool(tool: ToolImport): ReachCode {
  const access = accessOf(tool)
  const kind = tool.kind ?? 'toolscope'
  const imports: string[] = []
  let expr: string
  if (access.exportName === 'default') {
    expr = 'toolModule'
    imports.push(`import toolModule from ${stringLiteral(tool.from)}`)
  } else if (IDENTIFIER.test(access.exportName) && !RESERVED.has(access.exportName)) {
    expr = TAKEN.has(access.exportName) ? `${access.exportName}Export` : access.exportName
    imports.push(
      `import { ${expr === access.exportName ? expr : `${access.exportName} as ${expr}`} } from ${stringLiteral(tool.from)}`,
    )
  } else {
    imports.push(`import * as toolModule from ${stringLiteral(tool.from)}`)
    expr = `toolModule[${stringLiteral(access.exportName)}]`
  }
  const statements: string[] = []
  let instance: string | undefined
  for (const step of access.steps) {
    const key = typeof step.key === 'number' ? String(step.key) : stringLiteral(step.key)
    if (step.via === 'key') expr = `${expr}[${key}]`
    else if (step.via === 'agent-tools') expr = `(await ${expr}.listTools())[${key}]`
    else {
      if (!instance) {
        statements.push(`const mastraInstance = ${expr}`)
        instance = 'mastraInstance'
      }
      // Mastra types listTools() as possibly undefined; the tool host found the tool there.
      expr = step.via === 'instance-agent' ? `${instance}.listAgents()[${key}]` : `${instance}.listTools()![${key}]`
    }
  }
  const toolscopeNames: string[] = []
  const path = [
    access.exportName,
    ...access.steps.map((s) =>
      s.via === 'key'
        ? String(s.key)
        : s.via === 'agent-tools'
          ? `tools.${s.key}`
          : s.via === 'instance-agent'
            ? `agents.${s.key}`
            : `tools.${s.key}`,
    ),
  ].join('.')
  statements.unshift(`// Reached as Toolscope found it: ${commentText(path)}`)
  if (kind === 'mastra') {
    toolscopeNames.push('fromMastraTool')
    statements.push(`const tool = fromMastraTool(${expr}${instance ? `, { mastra: ${instance} }` : ''})`)
  } else if (kind === 'ai-sdk') {
    toolscopeNames.push('fromAiSdkTool')
    imports.push(`import { createRequire } from 'node:module'`, `import * as ai from 'ai'`)
    const id = tool.id ?? String(access.steps.at(-1)?.key ?? access.exportName)
    statements.push(
      `// An AI SDK tool is adapted with your own copy of \`ai\` (its version decides how toModelOutput is called).`,
    )
    statements.push(
      `const tool = fromAiSdkTool(${expr}, { id: ${stringLiteral(id)}, ai, version: createRequire(import.meta.url)('ai/package.json').version })`,
    )
  } else if (access.steps.length > 0 && access.steps.some((s) => s.via !== 'key')) {
    // Listed by a Mastra agent or instance: typed as Mastra's tool union, but it is this Toolscope tool.
    toolscopeNames.push('type Tool')
    statements.push(`const tool = ${expr} as unknown as Tool`)
  } else if (access.steps.length > 0) {
    statements.push(`const tool = ${expr}`)
  } else {
    return { toolscopeNames, imports, statements: [], tool: expr, runOptions: [] }
  }
  return { toolscopeNames, imports, statements, tool: 'tool', runOptions: instance ? [`mastra: ${instance}`] : [] }
}
