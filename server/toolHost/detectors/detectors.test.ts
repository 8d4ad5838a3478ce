// Detection without @mastra/core or ai installed (Toolscope's own tree has neither): Toolscope tools still load,
// tool-like values of other kinds become catalog errors with a reason, and dedupe merges copies and groups.

import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTool } from '../../../src/runtime/index.ts'
import { dedupeTools, detectModule, type DetectedTool } from '../detect.ts'
import { registerBuiltInSources } from './index.ts'

const FILE = fileURLToPath(import.meta.url)

beforeAll(() => registerBuiltInSources())

describe('detectModule without the libraries installed', () => {
  it('loads Toolscope tools and names why the other values are not loaded', async () => {
    const ns = {
      ours: createTool({ id: 'ours', description: 'a Toolscope tool', execute: async () => 1 }),
      tools: { viaAiSdk: { description: 'AI SDK shaped', inputSchema: z.object({}), execute: async () => 1 } },
      provider: { type: 'provider', id: 'anthropic.web_search', args: {} },
      config: { port: 3000, name: 'not a tool' },
    }
    const { tools, errors } = await detectModule(ns, FILE, 'mod.ts')
    expect(tools.map((t) => `${t.kind}:${t.tool.id}`)).toEqual(['toolscope:ours'])
    expect(errors).toEqual([
      {
        file: 'mod.ts',
        message: 'tools.viaAiSdk: looks like an AI SDK tool, but the `ai` package is not installed in its project',
      },
      { file: 'mod.ts', message: expect.stringMatching(/^provider: provider-defined tool "anthropic.web_search"/) },
    ])
  })
})

describe('dedupeTools', () => {
  const tool = (id: string) => createTool({ id, description: id })
  const entry = (t: unknown, extra: Partial<DetectedTool> = {}): DetectedTool => ({
    tool: t as DetectedTool['tool'],
    kind: 'toolscope',
    file: 'f.ts',
    exportName: 'x',
    access: { exportName: 'x', steps: [] },
    original: t,
    ...extra,
  })

  it('keeps one tool per value, taking the group found later, and one per identity for copies', () => {
    const a = tool('a')
    const shared = async () => 1
    const copy1 = { execute: shared }
    const copy2 = { execute: shared }
    const { tools, errors } = dedupeTools([
      entry(a),
      entry(a, { group: 'Agent A' }),
      entry(copy1, { tool: tool('b'), identity: shared }),
      entry(copy2, { tool: tool('b'), identity: shared, group: 'Agent B' }),
    ])
    expect(errors).toEqual([])
    expect(tools.map((t) => `${t.tool.id}@${t.group}`)).toEqual(['a@Agent A', 'b@Agent B'])
  })

  it('still reports two different tools with one id', () => {
    const { tools, errors } = dedupeTools([entry(tool('same')), entry(tool('same'))])
    expect(tools).toHaveLength(1)
    expect(errors[0].message).toMatch(/^Duplicate tool id "same"/)
  })
})
