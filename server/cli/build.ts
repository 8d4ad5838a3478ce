// `toolscope build [path ...] --out <dir>`: a static demo site of recorded runs. Loads the tools in the tool host,
// replays the saved scenarios (offline, from their cassettes) and/or takes runs from the history, and writes the SPA in
// its read-only recorded mode with the catalog, provider reports and runs (server/cli/demoSite.ts). Prints what went in.

import path from 'node:path'
import { lintCatalog, loadTokenCounters, providerReport } from '../../src/lint/index.ts'
import type { Catalog, ProviderReport } from '../../src/shared/protocol.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { mcpSourcesOf, scenarioDirOf, toolPathsOf } from '../context.ts'
import { MCP_USAGE, specSecrets, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { assertAppBuilt, assertSiteFolder, writeDemoSite, type DemoSource } from './demoSite.ts'
import { displayPath } from '../displayPath.ts'
import { DEFAULT_APP_DIR } from '../index.ts'
import { readProjectConfig } from '../projectConfig.ts'
import { createHeadlessRunner, replayOnHost } from '../runs/replayHost.ts'
import { createScenarioStore } from '../history/scenarioStore.ts'
import { RunStore } from '../history/runStore.ts'
import { readArgs, withParsedArgs } from './args.ts'

const USAGE = `Usage: toolscope build [path ...] --out <dir> [options]

Writes a static site (plain files for any static host) that plays back recorded runs of the tools exported by the
given files or folders (the bundled examples when none): the catalog with schemas, annotations and provider
definitions, and the runs, each with every event and its timing. No tool code and no request-context secrets go in.

Options:
  --out <dir>          where the site is written: a new or empty folder, or an earlier site (emptied first)
  --scenarios          replay the saved scenarios and include their runs (the default when --runs is not given)
  --scenario-dir <dir> where the scenarios are (default toolscope/scenarios, or the examples' own)
  --runs <id,...>      include these runs from the history (.toolscope/history.db, or --data-dir)
  --data-dir <dir>     the history's folder (default .toolscope)
${MCP_USAGE}
  -h, --help           show this help`

/** Parsed command line of `build`. */
export interface BuildArgs {
  paths: string[]
  mcp?: McpServerSpec[]
  out: string
  scenarios: boolean
  scenarioDir?: string
  runs: string[]
  dataDir?: string
  help: boolean
}

/** Parses `build` arguments; throws an Error with a message for the user on bad input. */
export function parseBuildArgs(args: string[]): BuildArgs {
  const out: BuildArgs = { paths: [], mcp: [], out: '', scenarios: false, runs: [], help: false }
  readArgs(
    args,
    (flag, take) => {
      switch (flag) {
        case '--out':
          out.out = take()
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag((out.mcp ??= []), flag, take())
          break
        case '--scenarios':
          out.scenarios = true
          break
        case '--scenario-dir':
          out.scenarioDir = take()
          break
        case '--runs':
          out.runs.push(
            ...take()
              .split(',')
              .map((r) => r.trim())
              .filter(Boolean),
          )
          break
        case '--data-dir':
          out.dataDir = take()
          break
        case '-h':
        case '--help':
          out.help = true
          break
        default:
          throw new Error(`Unknown option ${flag}`)
      }
    },
    (p) => out.paths.push(p),
  )
  if (!out.help && !out.out) throw new Error('--out <dir> is required: the folder the site is written to')
  if (out.runs.length === 0) out.scenarios = true
  return out
}

/** Builds the site, writing lines through `print`; resolves to the exit code. `appDir` is the built SPA. */
export async function runBuild(
  args: BuildArgs,
  print: (line: string) => void = (l) => console.log(l),
  appDir = DEFAULT_APP_DIR,
): Promise<number> {
  assertAppBuilt(appDir)
  assertSiteFolder(path.resolve(args.out))
  const mcp = mcpSourcesOf(args.mcp)
  const paths = toolPathsOf(args.paths, !!mcp)
  const scenarioStore = createScenarioStore(args.scenarioDir ?? scenarioDirOf(paths))
  const cassettes = createCassetteStore(path.join(path.dirname(scenarioStore.root), 'cassettes'))
  const project = await readProjectConfig()
  const runner = await createHeadlessRunner({ paths, mcp, cassettes, redact: project.redact })
  const sources: DemoSource[] = []
  let failed = 0
  try {
    for (const e of runner.host.catalog.errors) print(`warning: ${e.file}: ${e.message}`)
    if (args.scenarios) {
      const { scenarios, errors } = await scenarioStore.list()
      for (const e of errors) print(`warning: ${displayPath(e.file)}: ${e.message}`)
      for (const { scenario } of scenarios) {
        const report = await replayOnHost(runner.host, runner.runs, scenario)
        const record = report.runId ? runner.runs.get(report.runId) : undefined
        if (!record) {
          failed++
          print(`  ✗ ${scenario.toolId}/${scenario.name}: not run (${report.scriptError ?? 'no run'})`)
          continue
        }
        // The run goes in either way (it is what happened), with the scenario's real verdict and, when it failed, why.
        const why = report.passed ? undefined : report.diff.trim() || `ended ${report.outcome.status}`
        if (!report.passed) failed++
        sources.push({ record, source: `scenario "${scenario.name}"`, verdict: { passed: report.passed, why } })
      }
    }
    if (args.runs.length) {
      // Read-only: a server may be writing this history right now; a reader takes no lock and marks nothing.
      const history = new RunStore({ dataDir: path.resolve(args.dataDir ?? '.toolscope'), readOnly: true })
      try {
        for (const runId of args.runs) {
          const record = history.record(runId)
          if (!record) {
            failed++
            print(`  ✗ run ${runId}: not in the history`)
            continue
          }
          sources.push({ record, source: 'history' })
        }
      } finally {
        history.close()
      }
    }
    const { tools, version, errors, servers } = runner.host.catalog
    // MCP servers are shown as configured (`${VAR}`s unexpanded, no header values); what they stand for is redacted.
    const catalog: Catalog = {
      version,
      tools: runner.host.summaries(),
      errors,
      ...(servers ? { servers } : {}),
      timeoutMs: runner.runs.options.timeoutMs,
    }
    const secrets = (servers ?? []).flatMap((s) => {
      const spec = runner.host.mcpServerSpec(s.name)
      return spec ? specSecrets(spec) : []
    })
    const lint = lintCatalog(tools, project.lint ?? {}, { tokenCounters: await loadTokenCounters() })
    const providers = new Map<string, ProviderReport>()
    for (const tool of tools) {
      const report = providerReport(tool, lint)
      if (report) providers.set(tool.id, report)
    }
    const report = writeDemoSite({
      out: path.resolve(args.out),
      appDir,
      catalog,
      tools,
      providers,
      runs: sources,
      secrets,
    })
    for (const run of report.runs) {
      const mark = run.passed === false ? '✗' : '✓'
      print(
        `  ${mark} ${run.toolId}: ${run.source}, ${run.status}, ${run.events} events${run.why ? ` — did not match its scenario:\n${indent(run.why)}` : ''}`,
      )
    }
    print(
      `Wrote ${displayPath(report.out)}: ${report.tools.length} tools, ${report.runs.length} runs, ${Math.round(report.bytes / 1024)} KB of data.`,
    )
    print(`Left out: ${report.leftOut.join('; ')}. ${report.secretsScrubbed} secret value(s) redacted.`)
    print(
      `Serve the folder with any static file server; the report is demo/report.json (${displayPath(path.join(report.out, 'demo', 'report.json'))}).`,
    )
    if (failed > 0)
      print(`${failed} failed (marked ✗ above); the site was written with the runs that exist, as they happened.`)
    return failed > 0 ? 1 : 0
  } finally {
    await runner.close()
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `      ${l.trimStart()}`)
    .join('\n')
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope build', USAGE, args, parseBuildArgs, (parsed) => runBuild(parsed))
}
