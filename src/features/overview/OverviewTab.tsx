// Overview of a tool: description, every JSON Schema, MCP annotations and _meta, provider options, examples,
// what each model provider gets of it and finds (the Providers panel, loaded lazily), and how the tool is sent to MCP,
// OpenAI and Anthropic (previews computed by the server's serializers).
import { lazy, Suspense } from 'react'
import type { ToolDetail } from '../../shared/protocol.ts'
import { JsonBlock } from '../../components/ui/JsonBlock.tsx'
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx'

// Its own chunk: the provider checks' UI stays out of the initial JavaScript.
const ProvidersPanel = lazy(() => import('./ProvidersPanel.tsx'))

function Block({ title, value }: { title: string; value: unknown }) {
  if (value === undefined) return null
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 dark:text-zinc-400">{title}</h3>
      <JsonBlock value={value} copyLabel={`Copy ${title}`} className="max-h-80" />
    </section>
  )
}

export function OverviewTab({ tool }: { tool: ToolDetail }) {
  const s = tool.schemas
  return (
    <div className="space-y-6 p-4">
      <section aria-label="Description">
        <p className="whitespace-pre-wrap text-sm text-zinc-800 dark:text-zinc-200">{tool.description}</p>
        <p className="mt-2 font-mono text-xs text-zinc-500">
          {tool.file}
          {tool.exportName ? ` · export ${tool.exportName}` : ''} · {tool.kind}
          {tool.libraryVersion ? ` ${tool.libraryVersion}` : ''}
        </p>
      </section>
      <div>
        <h2 className="mb-2 text-sm font-semibold">Schemas</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <Block title="Input schema" value={s.input} />
          <Block title="Output schema" value={s.output} />
          <Block title="Suspend schema" value={s.suspend} />
          <Block title="Resume schema" value={s.resume} />
          <Block title="Request context schema" value={s.requestContext} />
          {!s.input && !s.output && !s.suspend && !s.resume && !s.requestContext && (
            <p className="text-sm text-zinc-500">This tool declares no schema.</p>
          )}
        </div>
      </div>
      <div>
        <h2 className="mb-2 text-sm font-semibold">Metadata</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <Block title="MCP annotations" value={tool.mcp?.annotations} />
          <Block title="MCP _meta" value={tool.mcp?._meta} />
          <Block title="Provider options" value={tool.providerOptions} />
          <Block title="Input examples" value={tool.inputExamples} />
          <Block title="Background" value={tool.background} />
          <Block title="Flags" value={tool.flags} />
        </div>
      </div>
      <section aria-label="Providers">
        <h2 className="mb-2 text-sm font-semibold">What each provider gets</h2>
        <ErrorBoundary what="the provider checks" resetKey={tool.id}>
          <Suspense fallback={<p className="text-xs text-zinc-500">Loading…</p>}>
            <ProvidersPanel toolId={tool.id} />
          </Suspense>
        </ErrorBoundary>
      </section>
      <div>
        <h2 className="mb-2 text-sm font-semibold">As sent to providers</h2>
        <div className="grid gap-4 xl:grid-cols-3">
          <div>
            {tool.mcpInput && (
              <p className="mb-1 text-xs text-amber-700">
                {tool.mcpInput === 'wrapped'
                  ? 'MCP needs an object input schema: this tool’s input is listed as { input: … } and unwrapped when called.'
                  : 'MCP needs an object input schema: "type": "object" was added to this tool’s input schema.'}
              </p>
            )}
            <Block title="MCP" value={tool.previews.mcp} />
          </div>
          <Block title="OpenAI" value={tool.previews.openai} />
          <Block title="Anthropic" value={tool.previews.anthropic} />
        </div>
      </div>
    </div>
  )
}
