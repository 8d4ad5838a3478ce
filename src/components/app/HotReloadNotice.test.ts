// The reload notice's wording: tool changes as before, MCP servers whose state changed, and an MCP server's
// unchanged re-listing or a failed server's retry recognised as quiet.
import { describe, expect, it } from 'vitest'
import type { CatalogEvent, McpServerState } from '../../shared/protocol.ts'
import { describeChange, describeServerChanges, isQuiet } from './HotReloadNotice.tsx'

const event = (over: Partial<CatalogEvent> = {}): CatalogEvent => ({
  type: 'catalog-changed',
  version: 2,
  added: [],
  removed: [],
  changed: [],
  errors: [],
  ...over,
})
const server = (name: string, state: McpServerState['state'], reason?: string): McpServerState => ({
  name,
  transport: 'stdio',
  target: 'node x.js',
  state,
  tools: 0,
  ...(reason ? { reason } : {}),
})

describe('reload notice', () => {
  it("names the servers whose state changed, with a failure's reason", () => {
    const before = [server('everything', 'connecting'), server('docs', 'ready')]
    const after = [
      server('everything', 'ready'),
      server('docs', 'failed', 'exited with code 1'),
      server('new', 'connecting'),
    ]
    const servers = describeServerChanges(before, after)
    expect(servers).toEqual(['everything ready', 'docs failed (exited with code 1)', 'new connecting'])
    expect(describeChange(event({ added: ['everything_echo'] }), servers)).toBe(
      'Tools reloaded: MCP servers everything ready, docs failed (exited with code 1), new connecting; added everything_echo',
    )
    expect(describeServerChanges(undefined, after)).toEqual([])
    // A failed server's retries are not news; losing a ready server is.
    expect(describeServerChanges([server('b', 'failed', 'x')], [server('b', 'restarting', 'x')])).toEqual([])
    expect(describeServerChanges([server('b', 'restarting')], [server('b', 'failed', 'x')])).toEqual([])
    expect(describeServerChanges([server('b', 'ready')], [server('b', 'restarting', 'x')])).toEqual(['b restarting'])
  })

  it('is quiet only when neither the tools nor a server changed', () => {
    const error = { file: 'mcp:broken', message: 'The MCP server "broken" exited (retrying in 2 s)' }
    expect(isQuiet(event(), [], 0)).toBe(true)
    const fileError = { file: 'a.ts', message: 'Unexpected token' }
    expect(isQuiet(event({ errors: [error] }), [], 0)).toBe(true)
    expect(isQuiet(event({ errors: [error, fileError] }), [], 1)).toBe(true)
    expect(isQuiet(event({ errors: [error, fileError] }), [], 0)).toBe(false)
    expect(isQuiet(event(), ['everything ready'], 0)).toBe(false)
    expect(isQuiet(event({ changed: ['a'] }), [], 0)).toBe(false)
    expect(describeChange(event())).toBe('Tools reloaded: no change')
    expect(
      describeChange(event({ errors: [error, { file: 'a.ts', message: 'x' }, { file: 'b.ts', message: 'y' }] })),
    ).toBe('Tools reloaded: 2 files failed to load, 1 MCP server problem')
  })
})
