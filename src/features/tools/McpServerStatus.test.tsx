// An MCP server's group header in the tool list: its state, serverName@version and transport describe the fold
// button; a failed server shows its reason, a restarting one keeps it in the tooltip with the command line.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import type { McpServerState } from '../../shared/protocol.ts'
import { ToolGroupHeader } from './ToolGroupHeader.tsx'
import { serverIdentity } from './serverStatusText.ts'

const everything: McpServerState = {
  name: 'everything',
  transport: 'stdio',
  target: 'node everything.js stdio',
  state: 'ready',
  serverName: 'mcp-servers/everything',
  version: '2.0.0',
  tools: 17,
}

function header(server: McpServerState) {
  render(
    <ul>
      <ToolGroupHeader
        id="g1"
        label={server.name}
        count={server.tools}
        collapsed={false}
        active={false}
        top={0}
        height={46}
        server={server}
        onToggle={() => {}}
      />
    </ul>,
  )
  return screen.getByRole('button', { name: /everything/ })
}

afterEach(cleanup)

describe('MCP server header', () => {
  it('describes the fold button with the state, serverName@version and transport', () => {
    const button = header(everything)
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'ready · mcp-servers/everything@2.0.0 · stdio',
    )
    const line = screen.getByText('ready').closest('[title]')!
    expect(line.getAttribute('title')).toBe('ready\nmcp-servers/everything@2.0.0\nstdio: node everything.js stdio')
    expect(line.textContent).toContain('mcp-servers/everything@2.0.0· stdio')
    expect(button.getAttribute('aria-expanded')).toBe('true')
  })

  it("shows why a server failed, and keeps a restart's reason in the tooltip", () => {
    const failed = header({
      ...everything,
      state: 'failed',
      reason: 'exited with code 1',
      serverName: undefined,
      version: undefined,
      tools: 0,
    })
    expect(screen.getByText('failed')).toBeTruthy()
    expect(screen.getByText('exited with code 1')).toBeTruthy()
    expect(document.getElementById(failed.getAttribute('aria-describedby')!)!.textContent).toBe(
      'failed: exited with code 1 · stdio',
    )
    cleanup()
    header({ ...everything, state: 'restarting', reason: 'sent malformed JSON-RPC' })
    const line = screen.getByText('restarting').closest('[title]')!
    expect(line.textContent).not.toContain('malformed')
    expect(line.getAttribute('title')).toContain('restarting: sent malformed JSON-RPC')
  })

  it('names the server only once it introduced itself', () => {
    expect(
      serverIdentity({ ...everything, state: 'connecting', serverName: undefined, version: undefined }),
    ).toBeUndefined()
    expect(serverIdentity({ ...everything, version: undefined })).toBe('mcp-servers/everything')
    header({ ...everything, state: 'connecting', serverName: undefined, version: undefined, tools: 0 })
    expect(screen.getByText('connecting').closest('[aria-hidden]')!.textContent).toBe('connecting· stdio')
  })
})
