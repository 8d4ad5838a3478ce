// What each model provider gets: the catalog's lint (for the tool list's "refused by" badges), one tool's provider
// report with its token counts (`GET /api/tools/:id/providers`), and what a run's views cost in tokens
// (`GET /api/runs/:id/tokens`). The real tokenizers load on the first count asked for, never at startup.

import type { Hono } from 'hono'
import { applyRunEvents, initialRunState } from '../../src/shared/runState.ts'
import type { ProviderReport, RunTokens } from '../../src/shared/protocol.ts'
import {
  estimateTokenCounters,
  lintCatalogSafely,
  loadTokenCounters,
  providerReport,
  runTokens,
  type CatalogLint,
  type LintConfig,
  type TokenCounters,
} from '../../src/lint/index.ts'
import { apiError } from './apiError.ts'
import type { RunRegistry } from '../runs/runs.ts'
import { shownId } from './security.ts'
import type { ToolHost } from '../toolHost/host.ts'

/** What the provider routes need. */
export interface ProviderRouteDeps {
  host: ToolHost
  runs: RunRegistry
  lintConfig?: LintConfig
  log?: (line: string) => void
}

/** Finished runs whose token counts are kept. */
const MAX_CACHED_RUN_COUNTS = 100

/** The catalog lint with estimated token counts (cheap, for badges). */
export type QuickCatalogLint = () => CatalogLint

/** The real counters, or estimates (and a log line) when a tokenizer cannot load. */
async function countersOrEstimates(log: ProviderRouteDeps['log']): Promise<TokenCounters> {
  try {
    return await loadTokenCounters()
  } catch (err) {
    log?.(`The tokenizers could not load, token counts are estimates: ${(err as Error).message}`)
    return estimateTokenCounters()
  }
}

/** Mounts the provider routes; returns the quick catalog lint for `GET /api/tools`. */
export function mountProviderRoutes(app: Hono, deps: ProviderRouteDeps): QuickCatalogLint {
  const { host, runs } = deps
  const config = deps.lintConfig ?? {}
  // Each lint is made once per catalog version (a hot reload makes a new one): quick with estimates, counted with the
  // real tokenizers.
  let quick: { version: number; lint: CatalogLint } | undefined
  let counted: { version: number; lint: Promise<CatalogLint> } | undefined
  const failed = (version: number) => (err: Error) =>
    deps.log?.(`The provider checks failed on catalog version ${version}: ${err.message}`)

  const quickLint = (): CatalogLint => {
    const { version, tools } = host.catalog
    if (quick?.version !== version) quick = { version, lint: lintCatalogSafely(tools, config, failed(version)) }
    return quick.lint
  }
  const countedLint = (): Promise<CatalogLint> => {
    const { version, tools } = host.catalog
    if (counted?.version !== version)
      counted = {
        version,
        lint: countersOrEstimates(deps.log).then((tokenCounters) =>
          lintCatalogSafely(tools, config, failed(version), { tokenCounters }),
        ),
      }
    return counted.lint
  }

  app.get('/api/tools/:id/providers', async (c) => {
    await host.ready
    const tool = host.catalog.tools.find((t) => t.id === c.req.param('id'))
    const report = tool && providerReport(tool, await countedLint())
    return report
      ? c.json(report satisfies ProviderReport)
      : apiError(c, 'unknown-tool', `Unknown tool "${shownId(c.req.param('id'))}".`)
  })

  // Counts of finished runs, newest last: a finished run's views never change, and the page asks again per phase.
  const finishedCounts = new Map<string, RunTokens>()
  app.get('/api/runs/:id/tokens', async (c) => {
    const runId = c.req.param('id')
    const cached = finishedCounts.get(runId)
    if (cached) return c.json(cached)
    const detail = runs.detail(runId)
    if (!detail) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
    const live = runs.isLive(runId)
    const state = applyRunEvents(initialRunState, [...runs.store.events(runId)])
    const counters = await countersOrEstimates(deps.log)
    const counted = runTokens({ runId, toolId: detail.toolId, views: state.views }, counters, config)
    if (!live) {
      finishedCounts.set(runId, counted)
      if (finishedCounts.size > MAX_CACHED_RUN_COUNTS) finishedCounts.delete(finishedCounts.keys().next().value!)
    }
    return c.json(counted satisfies RunTokens)
  })

  return quickLint
}
