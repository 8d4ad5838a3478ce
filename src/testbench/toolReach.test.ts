// The code an exported test uses to reach its tool, for each way the tool host finds one (the generated files are
// compiled and run by server/test/exports.test.ts and e2e/mastra-project/test/exports.test.ts).

import { describe, expect, it } from 'vitest'
import { reachTool } from './toolReach.ts'

const from = './src/tools.ts'

describe('reachTool', () => {
  it('imports a default export, a named export, and a clashing or non-identifier name under another binding', () => {
    expect(reachTool({ from, access: 'default' })).toMatchObject({
      imports: ["import toolModule from './src/tools.ts'"],
      statements: [],
      tool: 'toolModule',
    })
    expect(reachTool({ from, access: 'weather' })).toMatchObject({
      imports: ["import { weather } from './src/tools.ts'"],
      statements: [],
      tool: 'weather',
    })
    expect(reachTool({ from, access: 'expect' })).toMatchObject({
      imports: ["import { expect as expectExport } from './src/tools.ts'"],
      tool: 'expectExport',
    })
    expect(reachTool({ from, access: 'my-tool' })).toMatchObject({
      imports: ["import * as toolModule from './src/tools.ts'"],
      tool: "toolModule['my-tool']",
    })
  })

  it('reads entries of records and arrays by key', () => {
    const reach = reachTool({ from, access: { exportName: 'tools', steps: [{ via: 'key', key: "send 'mail'" }] } })
    expect(reach.statements.at(-1)).toBe("const tool = tools['send \\'mail\\'']")
    expect(reachTool({ from, access: { exportName: 'list', steps: [{ via: 'key', key: 2 }] } }).statements.at(-1)).toBe(
      'const tool = list[2]',
    )
  })

  it("adapts a Mastra agent's tool with fromMastraTool, and an instance's tools with the instance as context.mastra", () => {
    const agent = reachTool({
      from,
      kind: 'mastra',
      access: { exportName: 'travelAgent', steps: [{ via: 'agent-tools', key: 'weatherTool' }] },
    })
    expect(agent.toolscopeNames).toEqual(['fromMastraTool'])
    expect(agent.statements.at(-1)).toBe("const tool = fromMastraTool((await travelAgent.listTools())['weatherTool'])")
    expect(agent.runOptions).toEqual([])
    const instance = reachTool({
      from,
      kind: 'mastra',
      access: {
        exportName: 'mastra',
        steps: [
          { via: 'instance-agent', key: 'travelAgent' },
          { via: 'agent-tools', key: 'weatherTool' },
        ],
      },
    })
    expect(instance.statements.slice(1)).toEqual([
      'const mastraInstance = mastra',
      "const tool = fromMastraTool((await mastraInstance.listAgents()['travelAgent'].listTools())['weatherTool'], { mastra: mastraInstance })",
    ])
    expect(instance.runOptions).toEqual(['mastra: mastraInstance'])
    const own = reachTool({
      from,
      kind: 'toolscope',
      access: { exportName: 'mastra', steps: [{ via: 'instance-tools', key: 'directory' }] },
    })
    expect(own.statements.at(-1)).toBe("const tool = mastraInstance.listTools()!['directory'] as unknown as Tool")
    expect(own.toolscopeNames).toEqual(['type Tool'])
  })

  it("adapts an AI SDK tool with fromAiSdkTool and the project's own ai, its id being the key", () => {
    const reach = reachTool({
      from,
      kind: 'ai-sdk',
      access: { exportName: 'aiSdkTools', steps: [{ via: 'key', key: 'sendEmail' }] },
    })
    expect(reach.imports).toContain("import * as ai from 'ai'")
    expect(reach.statements.at(-1)).toBe(
      "const tool = fromAiSdkTool(aiSdkTools['sendEmail'], { id: 'sendEmail', ai, version: createRequire(import.meta.url)('ai/package.json').version })",
    )
    expect(reachTool({ from, kind: 'ai-sdk', access: 'rollDice' }).statements.at(-1)).toContain("{ id: 'rollDice', ai,")
  })
})
