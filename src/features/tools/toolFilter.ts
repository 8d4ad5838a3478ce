// Pure helpers of the tool list: search filtering and the badges derived from a tool's flags.
import type { ToolSummary } from '../../shared/protocol.ts'
import type { BadgeTone } from '../../components/ui/Badge.tsx'

/** The lower-cased searchable text of each tool, built once per catalog (not on every keystroke). */
const haystacks = new WeakMap<readonly ToolSummary[], string[]>()

/** Tools whose id, title, group or description contain every word of the query (case-insensitive), in catalog order. */
export function filterTools(tools: readonly ToolSummary[], query: string): ToolSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return tools.slice()
  let hay = haystacks.get(tools)
  if (!hay)
    haystacks.set(
      tools,
      (hay = tools.map((t) => `${t.id}\n${t.title ?? ''}\n${t.group ?? ''}\n${t.description}`.toLowerCase())),
    )
  const texts = hay
  return tools.filter((_t, i) => words.every((w) => texts[i].includes(w)))
}

/** One badge of a tool entry. */
export interface ToolBadge {
  label: string
  tone: BadgeTone
  /** What the badge means, as a tooltip (the MCP annotations are hints the tool declares, not checked facts). */
  title?: string
}

/** Badges for the flags a person cares about when picking a tool. */
export function toolBadges(flags: ToolSummary['flags'], refusedBy: readonly string[] = []): ToolBadge[] {
  const out: ToolBadge[] = []
  if (refusedBy.length)
    out.push({
      label: refusedBy.length === 1 ? `refused by ${refusedBy[0]}` : `refused by ${refusedBy.length} providers`,
      tone: 'danger',
    })
  if (flags.readOnly)
    out.push({ label: 'read-only', tone: 'ok', title: 'readOnlyHint: does not modify its environment' })
  if (flags.destructive)
    out.push({ label: 'destructive', tone: 'danger', title: 'destructiveHint: may perform destructive updates' })
  if (flags.idempotent)
    out.push({
      label: 'idempotent',
      tone: 'neutral',
      title: 'idempotentHint: calling it again with the same arguments has no further effect',
    })
  if (flags.openWorld)
    out.push({
      label: 'open-world',
      tone: 'info',
      title: 'openWorldHint: may interact with an open world of external entities',
    })
  if (flags.requiresApproval)
    out.push({ label: flags.requiresApproval === 'dynamic' ? 'may need approval' : 'needs approval', tone: 'warn' })
  if (flags.canSuspend) out.push({ label: 'can suspend', tone: 'info' })
  if (flags.background) out.push({ label: 'background', tone: 'neutral' })
  return out
}
