// How an MCP server's connection reads in the tool list: the tone of its state, what it says it is
// (serverName@version), and the tooltip with the full reason, identity and command line or URL. Pure.
import type { McpServerState } from '../../shared/protocol.ts'
import type { BadgeTone } from '../../components/ui/Badge.tsx'

const TONES: Record<McpServerState['state'], BadgeTone> = {
  connecting: 'info',
  ready: 'ok',
  restarting: 'warn',
  failed: 'danger',
}

/** The badge tone of a server's state: ready is fine, connecting on its way, restarting a warning, failed an error. */
export function serverStateTone(state: McpServerState['state']): BadgeTone {
  return TONES[state]
}

/** `serverName@version`, once the server has told it (initialize); undefined before. */
export function serverIdentity(server: McpServerState): string | undefined {
  return server.serverName ? `${server.serverName}${server.version ? `@${server.version}` : ''}` : undefined
}

/** The reason shown in the status line itself: a failed server's, since nothing else will change it. */
export function visibleReason(server: McpServerState): string | undefined {
  return server.state === 'failed' ? server.reason : undefined
}

/** The state, with its reason when it failed or restarts. */
function stateWithReason(server: McpServerState): string {
  return server.reason && (server.state === 'failed' || server.state === 'restarting')
    ? `${server.state}: ${server.reason}`
    : server.state
}

/** The full story for a tooltip (the line itself may be truncated): state with its reason, identity, how it is reached. */
export function serverTooltip(server: McpServerState): string {
  const identity = serverIdentity(server)
  return [stateWithReason(server), ...(identity ? [identity] : []), `${server.transport}: ${server.target}`].join('\n')
}

/** One sentence for a screen reader, describing the server's fold button: `ready · name@1.0.0 · stdio`. */
export function serverSummary(server: McpServerState): string {
  const identity = serverIdentity(server)
  return [stateWithReason(server), ...(identity ? [identity] : []), server.transport].join(' · ')
}
