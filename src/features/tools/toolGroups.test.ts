// Unit tests of the tool list grouping and its remembered fold state.
import { describe, expect, it } from 'vitest'
import type { ToolSummary } from '../../shared/protocol.ts'
import { groupRows, parseCollapsed, toggleCollapsed } from './toolGroups.ts'

const flags = { requiresApproval: false, canSuspend: false, background: false, strict: false, hasTransform: false, hasModelOutput: false, hooks: [] } as ToolSummary['flags']
const tool = (id: string, file: string, group?: string): ToolSummary => ({ id, description: '', kind: 'toolscope', file, flags, ...(group ? { group } : {}) })
const shape = (rows: ReturnType<typeof groupRows>) => rows.map((r) => (r.kind === 'header' ? `# ${r.label} (${r.count})${r.collapsed ? ' folded' : ''}` : r.tool.id))

describe('groupRows', () => {
  const tools = [tool('a', 'weather.ts'), tool('b', 'mail.ts'), tool('c', 'weather.ts'), tool('d', 'src/mastra/index.ts', 'weatherAgent')]

  it('groups by agent / Mastra instance, else by file, in order of first appearance', () => {
    expect(shape(groupRows(tools, new Set(), false))).toEqual(['# weather.ts (2)', 'a', 'c', '# mail.ts (1)', 'b', '# weatherAgent (1)', 'd'])
  })

  it('hides the tools of a collapsed group, but never while searching', () => {
    const collapsed = new Set(['file:weather.ts'])
    expect(shape(groupRows(tools, collapsed, false))).toEqual(['# weather.ts (2) folded', '# mail.ts (1)', 'b', '# weatherAgent (1)', 'd'])
    expect(shape(groupRows(tools, collapsed, true))).toContain('a')
  })

  it('adds no header when there is only one group', () => {
    expect(shape(groupRows([tool('a', 'x.ts'), tool('b', 'x.ts')], new Set(), false))).toEqual(['a', 'b'])
    expect(groupRows([], new Set(), true)).toEqual([])
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
