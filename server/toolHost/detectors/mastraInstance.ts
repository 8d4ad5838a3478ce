// Mastra containers: an exported Agent stands for its tools (grouped under the agent's name), an exported Mastra
// instance for the tools registered on it and its agents' tools. Agents are only asked for their tools, never called.

import type { AccessStep } from '../../../src/shared/protocol.ts'
import type { FoundAt, NestedDetect, SourceResult, ToolSource } from '../detect.ts'

type MastraAgent = {
  id?: string
  name?: string
  listTools(options?: unknown): Promise<Record<string, unknown>> | Record<string, unknown>
}
type MastraInstance = { listTools(): Record<string, unknown> | undefined; listAgents(): Record<string, MastraAgent> }

/** Class name and methods of @mastra/core's Agent (the user's copy: no instanceof). */
export function isMastraAgent(value: unknown): value is MastraAgent {
  if (value === null || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return (
    typeof v.listTools === 'function' &&
    typeof v.id === 'string' &&
    /Agent$/.test(v.constructor?.name ?? '') &&
    typeof v.generate === 'function'
  )
}

/** Class name and methods of @mastra/core's Mastra. */
export function isMastraInstance(value: unknown): value is MastraInstance {
  if (value === null || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return v.constructor?.name === 'Mastra' && typeof v.listTools === 'function' && typeof v.listAgents === 'function'
}

/** The access path of `at` followed by one more step. */
function then(at: FoundAt, step: AccessStep): FoundAt['access'] {
  return { exportName: at.access.exportName, steps: [...at.access.steps, step] }
}

function merge(into: SourceResult, from: SourceResult): void {
  into.tools.push(...from.tools)
  into.errors.push(...from.errors)
}

async function agentTools(agent: MastraAgent, at: FoundAt, nested: NestedDetect): Promise<SourceResult> {
  const out: SourceResult = { tools: [], errors: [] }
  const group = agent.name || agent.id || at.key
  const tools = (await agent.listTools()) ?? {}
  for (const [key, tool] of Object.entries(tools)) {
    const access = then(at, { via: 'agent-tools', key })
    merge(
      out,
      await nested(tool, {
        file: at.file,
        exportName: `${at.exportName}.tools.${key}`,
        key,
        access,
        group,
        ...(at.mastra ? { mastra: at.mastra } : {}),
      }),
    )
  }
  return out
}

/** An exported Agent: its tools, grouped under its name. */
export const mastraAgentSource: ToolSource = {
  name: 'Mastra agent',
  matches: isMastraAgent,
  load: (value, at, nested) => agentTools(value as MastraAgent, at, nested),
}

/** An exported Mastra instance: each agent's tools (grouped by agent), then the tools registered on the instance. */
export const mastraInstanceSource: ToolSource = {
  name: 'Mastra instance',
  matches: isMastraInstance,
  async load(value, at, nested) {
    const mastra = value as MastraInstance
    const out: SourceResult = { tools: [], errors: [] }
    for (const [key, agent] of Object.entries(mastra.listAgents() ?? {})) {
      try {
        merge(
          out,
          await agentTools(
            agent,
            {
              file: at.file,
              exportName: `${at.exportName}.agents.${key}`,
              key,
              access: then(at, { via: 'instance-agent', key }),
              mastra,
            },
            nested,
          ),
        )
      } catch (err) {
        out.errors.push(
          `${at.exportName}.agents.${key}: could not list the agent's tools: ${err instanceof Error ? err.message : String(err)}`,
        )
      }
    }
    for (const [key, tool] of Object.entries(mastra.listTools() ?? {})) {
      merge(
        out,
        await nested(tool, {
          file: at.file,
          exportName: `${at.exportName}.tools.${key}`,
          key,
          access: then(at, { via: 'instance-tools', key }),
          mastra,
        }),
      )
    }
    return out
  },
}
