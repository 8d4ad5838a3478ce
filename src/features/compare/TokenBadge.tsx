// What a view costs in tokens, as a badge: the OpenAI count (o200k_base) shown, every provider's count in its title
// and accessible name, each marked when it is an estimate.
import type { RunTokens, ViewTokens } from '../../shared/protocol.ts'
import { Badge } from '../../components/ui/Badge.tsx'

const number = new Intl.NumberFormat('en-US')

/** "1,234 tokens", or "≈ 1,234 tokens" for an estimate. */
export function tokenText(count: { count: number; estimate: boolean }): string {
  return `${count.estimate ? '≈ ' : ''}${number.format(count.count)} token${count.count === 1 ? '' : 's'}`
}

/** One line per provider: "OpenAI (function tools), o200k_base: 1,234 tokens". */
export function tokenLines(tokens: ViewTokens, counters: RunTokens['counters']): string[] {
  return counters
    .filter((c) => tokens[c.provider])
    .map(
      (c) =>
        `${c.label}, ${c.estimate ? `estimate from ${c.encoding}` : c.encoding}: ${tokenText(tokens[c.provider]!)}`,
    )
}

export function TokenBadge({
  tokens,
  counters,
  view,
}: {
  tokens?: ViewTokens
  counters: RunTokens['counters']
  view: string
}) {
  const shown = tokens?.[counters[0]?.provider ?? 'openai']
  if (!tokens || !shown) return null
  const lines = tokenLines(tokens, counters)
  return (
    <span aria-label={`${view} tokens: ${lines.join('; ')}`} role="note">
      <Badge title={lines.join('\n')}>{tokenText(shown)}</Badge>
    </span>
  )
}
