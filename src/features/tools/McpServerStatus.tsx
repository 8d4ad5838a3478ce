// The status line under an MCP server's group header: its state as a badge (with the reason in a tooltip, and in
// view when it failed), what the server says it is (serverName, then @version, which stays in view when the name is
// truncated) and its transport. Screen readers get the same as one sentence (the header button's description).
import type { McpServerState } from '../../shared/protocol.ts'
import { Badge } from '../../components/ui/Badge.tsx'
import { serverStateTone, serverSummary, serverTooltip, visibleReason } from './serverStatusText.ts'

/** The middle of the line: a failed server's reason, else its name and version (the name truncates first). */
function Detail({ server }: { server: McpServerState }) {
  const reason = visibleReason(server)
  if (reason) return <span className="min-w-0 truncate text-rose-700 dark:text-rose-300">{reason}</span>
  if (!server.serverName) return null
  return (
    <span className="flex min-w-0">
      <span className="min-w-0 truncate">{server.serverName}</span>
      {server.version && <span className="shrink-0">@{server.version}</span>}
    </span>
  )
}

export function McpServerStatus({ id, server }: { id: string; server: McpServerState }) {
  return (
    <>
      <span id={id} className="sr-only">
        {serverSummary(server)}
      </span>
      <div
        aria-hidden="true"
        title={serverTooltip(server)}
        className="flex min-w-0 items-center gap-1.5 pr-1.5 pl-5 text-[11px] text-zinc-500 dark:text-zinc-400"
      >
        <Badge tone={serverStateTone(server.state)}>{server.state}</Badge>
        <Detail server={server} />
        <span className="shrink-0">· {server.transport}</span>
      </div>
    </>
  )
}
