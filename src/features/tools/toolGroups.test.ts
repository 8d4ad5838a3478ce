// Unit tests of the tool list grouping (MCP servers included) and its remembered fold state.
import { describe, expect, it } from 'vitest'
import type { McpServerState, ToolSummary } from '../../shared/protocol.ts'
import { groupRows, parseCollapsed, toggleCollapsed } from './toolGroups.ts'

const flags = {
  requiresApproval: false,
  canSuspend: false,
  background: false,
  strict: false,
  hasTransform: false,
  hasModelOutput: false,
  hooks: [],
} as ToolSummary['flags']
const tool = (id: string, file: string, group?: string): ToolSummary => ({
  id,
  description: '',
  kind: 'toolscope',
  file,
  flags,
  ...(group ? { group } : {}),
})
const shape = (rows: ReturnType<typeof groupRows>) =>
  rows.map((r) => (r.kind === 'header' ? `# ${r.label} (${r.count})${r.collapsed ? ' folded' : ''}` : r.tool.id))

describe('groupRows', () => {
  const tools = [
    tool('a', 'weather.ts'),
    tool('b', 'mail.ts'),
    tool('c', 'weather.ts'),
    tool('d', 'src/mastra/index.ts', 'weatherAgent'),
  ]

  it('groups by agent / Mastra instance, else by file, in order of first appearance', () => {
    expect(shape(groupRows(tools, new Set(), false))).toEqual([
      '# weather.ts (2)',
      'a',
      'c',
      '# mail.ts (1)',
      'b',
      '# weatherAgent (1)',
      'd',
    ])
  })

  it('hides the tools of a collapsed group, but never while searching', () => {
    const collapsed = new Set(['file:weather.ts'])
    expect(shape(groupRows(tools, collapsed, false))).toEqual([
      '# weather.ts (2) folded',
      '# mail.ts (1)',
      'b',
      '# weatherAgent (1)',
      'd',
    ])
    expect(shape(groupRows(tools, collapsed, true))).toContain('a')
  })

  it('adds no header when there is only one group', () => {
    expect(shape(groupRows([tool('a', 'x.ts'), tool('b', 'x.ts')], new Set(), false))).toEqual(['a', 'b'])
    expect(groupRows([], new Set(), true)).toEqual([])
  })
})

describe('groupRows with MCP servers', () => {
  const server = (name: string, state: McpServerState['state'], tools: number): McpServerState => ({
    name,
    transport: 'stdio',
    target: `node ${name}.js`,
    state,
    tools,
  })
  const mcpTool = (server: string, name: string): ToolSummary => ({
    ...tool(`${server}_${name}`, `mcp:${server}`, server),
    kind: 'mcp',
    mcpServer: { server, name },
  })

  it("heads each server's tools with the server, even as the only group", () => {
    const rows = groupRows([mcpTool('everything', 'echo')], new Set(), false, [server('everything', 'ready', 1)])
    expect(shape(rows)).toEqual(['# everything (1)', 'everything_echo'])
    expect(rows[0]).toMatchObject({ key: 'mcp:everything', server: { state: 'ready' } })
  })

  it('shows a server with no tools yet, but not under a search it cannot match', () => {
    const servers = [server('everything', 'ready', 1), server('broken', 'failed', 0)]
    const tools = [tool('a', 'x.ts'), mcpTool('everything', 'echo')]
    expect(shape(groupRows(tools, new Set(), false, servers))).toEqual([
      '# x.ts (1)',
      'a',
      '# everything (1)',
      'everything_echo',
      '# broken (0)',
    ])
    expect(shape(groupRows([mcpTool('everything', 'echo')], new Set(), true, servers))).toEqual([
      '# everything (1)',
      'everything_echo',
    ])
  })

  it("keeps a server's group apart from a Mastra group of the same name", () => {
    const rows = groupRows(
      [tool('a', 'm.ts', 'everything'), mcpTool('everything', 'echo')],
      new Set(['mcp:everything']),
      false,
      [server('everything', 'ready', 1)],
    )
    expect(shape(rows)).toEqual(['# everything (1)', 'a', '# everything (1) folded'])
  })
})

describe('collapsed state', () => {
  it('round-trips through its stored form and survives garbage', () => {
    expect([...parseCollapsed(toggleCollapsed(new Set(['x']), 'y'))]).toEqual(['x', 'y'])
    expect([...parseCollapsed(toggleCollapsed(new Set(['x']), 'x'))]).toEqual([])
    expect(parseCollapsed('not json').size).toBe(0)
    expect(parseCollapsed('{"a":1}').size).toBe(0)
  })
})
