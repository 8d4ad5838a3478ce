// `toolscope lint [path ...]`: loads the tools in the tool host (no server, no browser), checks each against the
// provider views (OpenAI, OpenAI strict, Anthropic, Gemini, MCP) and the lint rules (src/lint), the saved scenarios'
// model views against the token budget, prints one line per tool and its findings, and a closing `N passed, N failed`;
// exit 1 when any tool has an error. JUnit XML on request.

import path from 'node:path'
import { performance } from 'node:perf_hooks'
import {
  lintCatalog,
  loadTokenCounters,
  PROVIDER_IDS,
  uniqueFindings,
  type Finding,
  type ModelViewSample,
  type ProviderId,
  type ToolLintResult,
} from '../../src/lint/index.ts'
import { mcpSourcesOf, scenarioDirOf, toolPathsOf } from '../context.ts'
import { MCP_USAGE, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { createScenarioStore } from '../history/scenarioStore.ts'
import { projectLintConfig } from '../projectConfig.ts'
import { displayPath } from '../displayPath.ts'
import { ToolHost } from '../toolHost/host.ts'
import { intFlag, junitOutput, readArgs, withParsedArgs } from './args.ts'
import { writeJUnit, type JUnitCase } from './junit.ts'

const USAGE = `Usage: toolscope lint [path ...] [options]

Checks every tool exported by the given files or folders (the bundled examples when none) against what each model
provider accepts and against Toolscope's lint rules. Exits 1 when any tool has an error.

Options:
  --provider <list>              providers to check, comma-separated: ${PROVIDER_IDS.join(', ')} (default: all)
  --max-definition-tokens <n>    warn when a tool's definition takes more tokens (default 1000, OpenAI's o200k_base)
  --max-model-view-tokens <n>    warn when a scenario's model view takes more tokens (default 2000)
  --scenarios <dir>              scenarios whose model views are checked (default toolscope/scenarios, or the
                                 examples' own for the bundled examples; skipped when the folder does not exist)
  --reporter junit               also write JUnit XML (to --output, default lint.xml)
  --output <file>                where the JUnit XML goes
${MCP_USAGE}
  -h, --help                     show this help

Rules are set per project in package.json, "toolscope": { "lint": { "rules": { "<rule id>": "off" | "warning" |
"error" }, "tools": { "<tool id>": { "rules": { … } } }, "maxDefinitionTokens": n, "maxModelViewTokens": n,
"minDescriptionLength": n } }.`

/** Parsed command line of `lint`. */
export interface LintArgs {
  paths: string[]
  mcp?: McpServerSpec[]
  providers?: ProviderId[]
  maxDefinitionTokens?: number
  maxModelViewTokens?: number
  scenariosDir?: string
  junit?: string
  help: boolean
}

/** Parses `lint` arguments; throws an Error with a message for the user on bad input. */
export function parseLintArgs(args: string[]): LintArgs {
  const out: LintArgs = { paths: [], mcp: [], help: false }
  let reporter: string | undefined
  let output: string | undefined
  readArgs(
    args,
    (flag, take) => {
      switch (flag) {
        case '--provider': {
          const list = take()
            .split(',')
            .map((p) => p.trim())
            .filter(Boolean)
          const unknown = list.filter((p) => !(PROVIDER_IDS as readonly string[]).includes(p))
          if (unknown.length || list.length === 0)
            throw new Error(`--provider takes ${PROVIDER_IDS.join(', ')}; got "${unknown.join(', ') || 'nothing'}"`)
          out.providers = list as ProviderId[]
          break
        }
        case '--max-definition-tokens':
          out.maxDefinitionTokens = intFlag(take(), flag, 1)
          break
        case '--max-model-view-tokens':
          out.maxModelViewTokens = intFlag(take(), flag, 1)
          break
        case '--scenarios':
          out.scenariosDir = take()
          break
        case '--reporter':
          reporter = take()
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag((out.mcp ??= []), flag, take())
          break
        case '--output':
          output = take()
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
  const junit = junitOutput(reporter, output, 'lint.xml')
  if (junit) out.junit = junit
  return out
}

const where = (f: Finding) => (f.path ? ` (${f.path})` : '')

/** The lines of one tool: its verdict, then each finding (errors first) with its rule id. */
export function toolLines(result: ToolLintResult): string[] {
  const mark = result.errors > 0 ? '✗' : '✓'
  const counts = [
    result.errors && `${result.errors} error${result.errors === 1 ? '' : 's'}`,
    result.warnings && `${result.warnings} warning${result.warnings === 1 ? '' : 's'}`,
  ].filter(Boolean)
  const tokens = `${result.tokens.count} tokens ${result.tokens.estimate ? '(estimate)' : `(${result.tokens.encoding})`}`
  const lines = [`  ${mark} ${result.toolId}: ${counts.length ? counts.join(', ') : 'no findings'}; ${tokens}`]
  // A finding of the checks both OpenAI views share is listed under each: it is printed once.
  const all = uniqueFindings([...Object.values(result.providers).flatMap((findings) => findings ?? []), ...result.lint])
  const errorsFirst = (a: Finding, b: Finding) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1)
  for (const f of all.sort(errorsFirst))
    lines.push(`      ${f.severity === 'error' ? 'error  ' : 'warning'} ${f.ruleId}: ${f.message}${where(f)}`)
  return lines
}

/** The expected model views of the saved scenarios in `dir` (none when it does not exist; unreadable files are skipped, `toolscope test` reports them). */
async function scenarioModelViews(dir: string): Promise<ModelViewSample[]> {
  const { scenarios } = await createScenarioStore(dir).list()
  return scenarios.flatMap(({ scenario }) =>
    scenario.expect.model
      ? [{ toolId: scenario.toolId, source: `scenario "${scenario.name}"`, model: scenario.expect.model }]
      : [],
  )
}

/** Lints the catalog, writing lines through `print`; resolves to the exit code. */
export async function runLint(args: LintArgs, print: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const config = await projectLintConfig()
  if (args.maxDefinitionTokens !== undefined) config.maxDefinitionTokens = args.maxDefinitionTokens
  if (args.maxModelViewTokens !== undefined) config.maxModelViewTokens = args.maxModelViewTokens
  const mcp = mcpSourcesOf(args.mcp)
  const paths = toolPathsOf(args.paths, !!mcp)
  const modelViews = await scenarioModelViews(args.scenariosDir ?? scenarioDirOf(paths))
  const host = new ToolHost({
    paths,
    watch: false,
    sink: { onEvent: () => {}, onRunLost: () => {} },
    log: () => {},
    spareWorkers: 0,
    toolOutputToStderr: true,
    mcp,
  })
  try {
    await host.ready
    const { tools, errors } = host.catalog
    for (const e of errors) console.error(`warning: ${e.file}: ${e.message}`)
    const tokenCounters = await loadTokenCounters()
    const started = performance.now()
    const lint = lintCatalog(tools, config, { providers: args.providers, tokenCounters, modelViews })
    const ms = performance.now() - started
    for (const result of lint.tools) for (const line of toolLines(result)) print(line)
    if (args.junit) {
      const cases: JUnitCase[] = lint.tools.map((r) => {
        const file = displayPath(tools.find((t) => t.id === r.toolId)?.file ?? '')
        const details = toolLines(r).slice(1).join('\n')
        return {
          suite: 'toolscope lint',
          name: r.toolId,
          file,
          timeMs: ms / Math.max(1, lint.tools.length),
          ...(r.errors > 0 ? { failure: { message: `${r.errors} error(s)`, details } } : {}),
        }
      })
      await writeJUnit(args.junit, cases)
      print(`JUnit report: ${displayPath(path.resolve(args.junit))}`)
    }
    const failed = lint.tools.filter((r) => r.errors > 0).length
    print(`${lint.tools.length - failed} passed, ${failed} failed`)
    return failed > 0 || tools.length === 0 ? 1 : 0
  } finally {
    await host.close()
  }
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope lint', USAGE, args, parseLintArgs, (parsed) => runLint(parsed))
}
