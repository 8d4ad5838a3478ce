// Region "Providers": one card per model provider (OpenAI, OpenAI strict, Anthropic, Gemini, MCP) with its verdict
// (accepted, warnings, refused), what it finds and how to fix it, what was changed to make the schema acceptable,
// and the definition exactly as sent with its token count and the whole catalog's; then the lint findings. Loaded lazily
// (its own chunk) and fetched per catalog version, so a hot reload shows the new verdicts.
import { useQuery } from '@tanstack/react-query'
import type { LintFinding, ProviderReport } from '../../shared/protocol.ts'
import { useApi } from '../../api/useApi.ts'
import { catalogQuery, providersQuery } from '../../api/queries.ts'
import { Badge, type BadgeTone } from '../../components/ui/Badge.tsx'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { ApiErrorMessage } from '../runs/ApiErrorMessage.tsx'
import { tokenText } from '../compare/TokenBadge.tsx'

type Count = ProviderReport['tokens']

/** How a count was made: the encoding, or what the estimate rests on. */
const countedWith = (t: Count) => (t.estimate ? `estimate, ${t.encoding}` : t.encoding)

const VERDICT: Record<ProviderReport['providers'][number]['verdict'], { tone: BadgeTone; label: string }> = {
  accepted: { tone: 'ok', label: 'accepted' },
  warnings: { tone: 'warn', label: 'accepted, with warnings' },
  refused: { tone: 'danger', label: 'refused' },
}

function Findings({ findings, label }: { findings: LintFinding[]; label: string }) {
  if (findings.length === 0) return null
  return (
    <ul aria-label={label} className="space-y-1 text-xs">
      {findings.map((f, i) => (
        <li
          key={i}
          className={f.severity === 'error' ? 'text-rose-800 dark:text-rose-200' : 'text-amber-900 dark:text-amber-100'}
        >
          <span className="font-mono font-semibold">{f.ruleId}</span> {f.message}
          {f.path && <span className="block font-mono text-[11px] text-zinc-500 break-all">{f.path}</span>}
        </li>
      ))}
    </ul>
  )
}

export default function ProvidersPanel({ toolId }: { toolId: string }) {
  const api = useApi()
  const version = useQuery(catalogQuery(api)).data?.version ?? 0
  const report = useQuery(providersQuery(api, toolId, version))
  if (report.isError) return <ApiErrorMessage error={report.error} />
  if (!report.data) return <p className="text-xs text-zinc-500">Checking what each provider gets…</p>
  const { providers, lint, catalogTools } = report.data
  return (
    <div className="space-y-4">
      <p className="text-xs text-zinc-500">
        Each request that offers a tool carries its definition. Token counts are per provider: this tool, then all{' '}
        {catalogTools} tools of the catalog.
      </p>
      <div className="grid items-start gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {providers.map((p) => (
          <article
            key={p.id}
            aria-label={`Provider ${p.label}`}
            className="min-w-0 space-y-2 rounded-md border border-zinc-200 p-3 dark:border-zinc-700"
          >
            <header className="flex flex-wrap items-center gap-2">
              <h3 className="text-sm font-semibold">{p.label}</h3>
              <Badge tone={VERDICT[p.verdict].tone}>{VERDICT[p.verdict].label}</Badge>
              {p.docs && (
                <a
                  href={p.docs}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="ml-auto text-[11px] text-sky-700 underline dark:text-sky-300"
                >
                  rules
                </a>
              )}
            </header>
            <p className="text-xs text-zinc-600 dark:text-zinc-400" title={`Counted with ${countedWith(p.tokens)}`}>
              <span className="font-medium text-zinc-800 dark:text-zinc-200">{tokenText(p.tokens)}</span> (
              {countedWith(p.tokens)}); catalog {tokenText(p.catalogTokens)}
            </p>
            <Findings findings={p.findings} label={`Findings for ${p.label}`} />
            {p.changes && p.changes.length > 0 && (
              <details className="text-xs">
                <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
                  Changed when sent ({p.changes.length})
                </summary>
                <ul className="mt-1 space-y-0.5">
                  {p.changes.map((c, i) => (
                    <li key={i}>
                      <span className="font-mono text-[11px] text-zinc-500">{c.path}</span> {c.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            <details className="text-xs">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Definition as sent</summary>
              <JsonBlock value={p.definition} copyLabel={`Copy the ${p.label} definition`} className="mt-1 max-h-72" />
            </details>
          </article>
        ))}
      </div>
      <div>
        <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 dark:text-zinc-400">Lint</h3>
        {lint.length === 0 ? (
          <p className="text-xs text-emerald-800 dark:text-emerald-200">No lint findings.</p>
        ) : (
          <Findings findings={lint} label="Lint findings" />
        )}
      </div>
    </div>
  )
}
