// MCP elicitation in URL mode: the server asks the person to open a page (a sign-in, a payment) instead of filling
// fields. The prompt shows the message, the page's host and the full URL as a link opened in a new tab without
// handing it this page (noopener noreferrer), then Accept ("I opened it, continue"), Decline or Cancel, no content.
import type { RunState } from '../../shared/runState.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useRunCommand } from './useRunCommand.ts'
import { ApiErrorMessage } from './ApiErrorMessage.tsx'

/** The URL when it is a web page (http or https): anything else (javascript:, data:, file:) is never made a link. */
export function webUrlOf(url: string | undefined): URL | undefined {
  if (!url) return undefined
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined
  } catch {
    return undefined
  }
}

function UrlLink({ url }: { url: string | undefined }) {
  const web = webUrlOf(url)
  if (!web) {
    // Shown so the person sees what was asked, but not clickable: the server's URL is not a web page.
    return (
      <p className="text-xs text-rose-700 dark:text-rose-300">
        The server asked to open {url ? <code className="break-all">{url}</code> : 'no URL'}, which is not a web
        address; it is not linked.
      </p>
    )
  }
  return (
    <p className="space-y-0.5 text-sm">
      <span className="block text-xs text-zinc-600 dark:text-zinc-300">
        Opens a page on <strong className="font-semibold">{web.host}</strong> in a new tab:
      </span>
      <a
        href={web.href}
        target="_blank"
        rel="noopener noreferrer"
        className="block font-mono text-xs break-all text-sky-700 underline dark:text-sky-300"
      >
        {url}
      </a>
    </p>
  )
}

export function UrlElicitation({
  runId,
  elicitation,
}: {
  runId: string
  elicitation: NonNullable<RunState['elicitation']>
}) {
  const command = useRunCommand(runId)
  const respond = (action: 'accept' | 'decline' | 'cancel') => command.mutate({ type: 'respond', action })
  return (
    <form
      aria-label="Elicitation"
      onSubmit={(e) => {
        e.preventDefault()
        respond('accept')
      }}
      className="space-y-2 rounded-lg border border-violet-300 bg-violet-50 p-3 dark:border-violet-700 dark:bg-violet-950/40"
    >
      <h2 className="text-sm font-semibold text-violet-900 dark:text-violet-100">
        The tool asks: {elicitation.request.message}
      </h2>
      <UrlLink url={elicitation.request.url} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={command.isPending}>
          I opened it, continue
        </Button>
        <Button onClick={() => respond('decline')}>Decline</Button>
        <Button variant="ghost" onClick={() => respond('cancel')}>
          Cancel
        </Button>
      </div>
      <ApiErrorMessage error={command.error} />
    </form>
  )
}
