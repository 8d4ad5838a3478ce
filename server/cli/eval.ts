// `toolscope eval [path ...]`: runs the eval files (toolscope/evals/**/*.json) against one or more models, each trial a
// conversation whose tool calls are real runs of the tools at the given paths (server/evals/evalRunner.ts). One line per
// case × model (× description variant) with its pass rate, pass^k and tokens; for a failed case what the model did
// instead; with --variants how each variant's pass rate differs from the case's; a closing `N passed, N failed`. Exit 1
// when a case falls below its threshold, 2 for a usage error. Keys come from the environment or --env-file, which is
// read into the key holder only (never into process.env, where tool workers would see it).

import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { MODEL_PROVIDERS, modelLabel, type EvalCaseResult, type ModelTarget } from '../../src/shared/protocol.ts'
import { describeCall } from '../../src/testbench/evals/judge.ts'
import { DEFAULT_EVALS_DIR, loadEvals, type LoadedEvals } from '../../src/testbench/evals/loadEvals.ts'
import { evalDirOf, mcpSourcesOf, scenarioDirOf, toolPathsOf } from '../context.ts'
import { CommittedToolsError, committedOverrides } from '../evals/committedTools.ts'
import type { ToolOverride } from '../models/toolOffer.ts'
import { displayPath } from '../displayPath.ts'
import { runEvals, trialCount } from '../evals/evalRunner.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { MCP_USAGE, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { KEY_VARIABLES, type ModelKeys } from '../models/keys.ts'
import { emptyModelFlags, keysOf, modelTargetsOf, takeModelFlag } from '../models/modelFlags.ts'
import { readProjectConfig } from '../projectConfig.ts'
import { createHeadlessRunner } from '../runs/replayHost.ts'
import { intFlag, junitOutput, readArgs, withParsedArgs } from './args.ts'
import { writeJUnit, type JUnitCase } from './junit.ts'
import { loadReport } from './loadReport.ts'

const USAGE = `Usage: toolscope eval [path ...] --model <model> [options]

Runs the eval cases of toolscope/evals/**/*.json against each model: every trial is a conversation in which the
model's tool calls run the tools exported by the given files or folders (the bundled examples when none). Prints a
line per case and model with its pass rate and pass^k, and exits 1 when a case falls below its threshold.

Options:
  --model <model>        the model: an id (with --provider) or provider:id (repeatable: each model runs every case)
  --provider <p>         the provider of models given as a bare id: ${MODEL_PROVIDERS.join(', ')}
  --base-url <url>       the provider's base URL (required for openai-compatible, e.g. http://127.0.0.1:11434/v1)
  --evals <dir|file>     where the eval files are (default ${DEFAULT_EVALS_DIR}, the examples' own with no paths)
  --k <n>                trials per case, overriding each case's k
  --variants             also run each case's description variants and show how their pass rates differ
  --against <git ref>    also run every case with the tools described as at that commit (HEAD: the last commit) and
                         show how the working copy's pass rate differs; variant rows are compared, never counted
  --env-file <file>      read provider keys from this .env file too (the environment wins)
  --reporter junit       also write JUnit XML (to --output, default eval.xml)
  --output <file>        where the JUnit XML goes
  --data-dir <dir>       keep the trials' runs in this folder's history (default: not kept)
  --timeout <ms>         per-run timeout (default 60000)
${MCP_USAGE}
  -h, --help             show this help

Keys are read from ${MODEL_PROVIDERS.map((p) => KEY_VARIABLES[p].join(' or ')).join(', ')} (openai-compatible needs none).`

/** Parsed command line of `eval`. */
export interface EvalArgs {
  paths: string[]
  /** Where the eval files are; default toolscope/evals (the examples' own with no paths). */
  evals?: string
  models: ModelTarget[]
  k?: number
  variants: boolean
  /** A git ref whose tool descriptions and schemas run as one more variant row per case. */
  against?: string
  envFile?: string
  junit?: string
  dataDir?: string
  timeoutMs?: number
  mcp: McpServerSpec[]
  help: boolean
}

/** Parses `eval` arguments; throws an Error with a message for the user on bad input. */
export function parseEvalArgs(args: string[]): EvalArgs {
  const out: EvalArgs = { paths: [], models: [], variants: false, mcp: [], help: false }
  const modelFlags = emptyModelFlags()
  let reporter: string | undefined
  let output: string | undefined
  readArgs(
    args,
    (flag, take) => {
      if (takeModelFlag(modelFlags, flag, () => take())) return
      switch (flag) {
        case '--evals':
          out.evals = take()
          break
        case '--k':
          out.k = intFlag(take(), flag, 1)
          break
        case '--variants':
          out.variants = true
          break
        case '--against':
          out.against = take()
          break
        case '--reporter':
          reporter = take()
          break
        case '--output':
          output = take()
          break
        case '--data-dir':
          out.dataDir = take()
          break
        case '--timeout':
          out.timeoutMs = intFlag(take(), flag, 1)
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag(out.mcp, flag, take())
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
  if (out.help) return out
  if (!modelFlags.models.length)
    throw new Error('give the model to evaluate with --model (an id with --provider, or provider:id)')
  out.models = modelTargetsOf(modelFlags)
  out.envFile = modelFlags.envFile
  const junit = junitOutput(reporter, output, 'eval.xml')
  if (junit) out.junit = junit
  return out
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`

/** Tokens of a row (and its cost where the provider reports one). */
function usageText(result: EvalCaseResult): string {
  const { inputTokens, outputTokens, totalTokens, cost } = result.usage
  const tokens =
    totalTokens ??
    (inputTokens !== undefined || outputTokens !== undefined ? (inputTokens ?? 0) + (outputTokens ?? 0) : undefined)
  return [
    tokens === undefined ? 'tokens not reported' : `${tokens} tokens`,
    ...(cost !== undefined ? [`$${cost.toFixed(4)}`] : []),
  ].join(', ')
}

/** How a row is named: the case, with its variant. */
const rowName = (r: EvalCaseResult) => (r.variant ? `${r.name} [${r.variant}]` : r.name)

/** Failed trials shown under a failed row; the rest are counted. */
const MAX_TRIALS_SHOWN = 5

/** The line of a row, and for a failed one each failed trial: the calls the model made instead and why it failed. */
export function resultLines(r: EvalCaseResult): string[] {
  const head = `  ${r.ok ? '✓' : '✗'} ${rowName(r)}  ${r.model}  ${r.passes}/${r.k} (${percent(r.passRate)})  pass^${r.k} ${r.passK.toFixed(2)}  ${usageText(r)}`
  if (r.ok) return [head]
  const lines = [head]
  if (r.threshold < 1) lines.push(`      below the threshold of ${percent(r.threshold)}`)
  const failed = r.trials.map((trial, i) => ({ trial, n: i + 1 })).filter(({ trial }) => !trial.passed)
  for (const { trial, n } of failed.slice(0, MAX_TRIALS_SHOWN)) {
    const calls = trial.calls.map((c) => `${describeCall(c)}${c.runId ? ` (run ${c.runId})` : ''}`)
    lines.push(`      trial ${n}: ${calls.length ? `called ${calls.join(', ')}` : 'called no tool'}`)
    for (const failure of trial.failures) lines.push(`        ✗ ${failure}`)
  }
  if (failed.length > MAX_TRIALS_SHOWN) lines.push(`      … and ${failed.length - MAX_TRIALS_SHOWN} more failed trials`)
  return lines
}

/** With variants: per case and model, how each variant's pass rate differs from the base row's. */
export function variantLines(results: readonly EvalCaseResult[]): string[] {
  const lines: string[] = []
  for (const base of results.filter((r) => r.variant === undefined)) {
    const variants = results.filter((r) => r.variant !== undefined && r.name === base.name && r.model === base.model)
    if (!variants.length) continue
    const diffs = variants.map((v) => {
      const points = Math.round((v.passRate - base.passRate) * 100)
      return `${v.variant} ${percent(v.passRate)} (${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points)} points)`
    })
    lines.push(`  Δ ${base.name}  ${base.model}: base ${percent(base.passRate)}; ${diffs.join('; ')}`)
  }
  return lines
}

/** The JUnit case of a row. */
function junitCase(r: EvalCaseResult, timeMs: number): JUnitCase {
  const name = `${rowName(r)} · ${r.model}`
  if (r.ok) return { suite: 'toolscope eval', name, file: r.file, timeMs }
  const message = `${r.passes}/${r.k} trials passed (${percent(r.passRate)}), below the threshold of ${percent(r.threshold)}`
  return {
    suite: 'toolscope eval',
    name,
    file: r.file,
    timeMs,
    failure: {
      message,
      details: resultLines(r)
        .slice(1)
        .map((l) => l.trim())
        .join('\n'),
    },
  }
}

/** Why the run cannot start before any tool loads (no eval file, no key), or undefined. */
function usageProblem(args: EvalArgs, loaded: LoadedEvals, keys: ModelKeys): string | undefined {
  if (!loaded.cases.length && !loaded.errors.length)
    return `no eval files in ${displayPath(loaded.dir)} (write toolscope/evals/<name>.json, or point --evals at them)`
  const keyless = args.models.find((m) => m.provider !== 'openai-compatible' && !keys.hasKey(m.provider))
  if (keyless)
    return `no key for ${keyless.provider} (${modelLabel(keyless)}): set ${KEY_VARIABLES[keyless.provider].join(' or ')} in the environment or in a file given with --env-file`
  return undefined
}

/** Runs the evals, writing lines through `print`; resolves to the exit code. */
export async function runEval(
  args: EvalArgs,
  print: (line: string) => void = (l) => console.log(l),
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let keys: ModelKeys
  try {
    keys = keysOf({ models: [], envFile: args.envFile }, env)
  } catch (err) {
    console.error(`toolscope eval: ${(err as Error).message}`)
    return 2
  }
  const mcp = mcpSourcesOf(args.mcp)
  const paths = toolPathsOf(args.paths, !!mcp)
  // Beside the scenarios, as the server reads them: toolscope/evals, or the bundled examples' own with no paths.
  const loaded = await loadEvals(
    args.evals ?? (args.paths.length || mcp ? DEFAULT_EVALS_DIR : evalDirOf(scenarioDirOf(paths))),
  )
  const problem = usageProblem(args, loaded, keys)
  if (problem) {
    console.error(`toolscope eval: ${problem}`)
    return 2
  }
  const config = await readProjectConfig()
  const dataDir = args.dataDir ? path.resolve(args.dataDir) : undefined
  const cassettes = createCassetteStore(path.join(path.dirname(scenarioDirOf(paths)), 'cassettes'), dataDir)
  const runner = await createHeadlessRunner({
    paths,
    mcp,
    timeoutMs: args.timeoutMs,
    cassettes,
    redact: config.redact,
    dataDir,
  })
  try {
    for (const e of runner.host.catalog.errors) console.error(`warning: ${e.file}: ${e.message}`)
    if (!runner.host.catalog.tools.length) for (const line of loadReport(runner.host.catalog, paths)) print(line)
    const { cases, errors } = loaded
    let against: { name: string; tools: Record<string, ToolOverride> } | undefined
    try {
      if (args.against !== undefined)
        against = { name: args.against, tools: await committedOverrides(paths, args.against) }
    } catch (err) {
      if (!(err instanceof CommittedToolsError)) throw err
      console.error(`toolscope eval: --against ${args.against}: ${err.message}`)
      return 2
    }
    const total = trialCount(cases, args.models, { ...args, against })
    print(
      `Evaluating ${cases.length} case${cases.length === 1 ? '' : 's'} against ${args.models.map(modelLabel).join(', ')}: ${total} trial${total === 1 ? '' : 's'}`,
    )
    const junit: JUnitCase[] = errors.map((e) => ({
      suite: 'toolscope eval',
      name: e.file,
      file: e.file,
      timeMs: 0,
      error: e.message,
    }))
    for (const e of errors) print(`  ✗ ${e.file}: ${e.message}`)
    let rowStarted = performance.now()
    const results = await runEvals(
      { host: runner.host, runs: runner.runs, keys },
      {
        cases,
        models: args.models,
        k: args.k,
        variants: args.variants,
        against,
        onProgress: (done, all) => progress(done, all),
        onResult: (result) => {
          progress()
          for (const line of resultLines(result)) print(line)
          junit.push(junitCase(result, performance.now() - rowStarted))
          rowStarted = performance.now()
        },
      },
    )
    progress()
    if (args.variants || against) for (const line of variantLines(results)) print(line)
    if (args.junit) {
      await writeJUnit(args.junit, junit)
      print(`JUnit report: ${displayPath(path.resolve(args.junit))}`)
    }
    // Variant rows are experiments to compare: only the cases as the tools describe themselves pass or fail the command.
    const counted = results.filter((r) => r.variant === undefined)
    const failed = counted.filter((r) => !r.ok).length + errors.length
    print(`${counted.length - counted.filter((r) => !r.ok).length} passed, ${failed} failed`)
    return failed > 0 ? 1 : 0
  } finally {
    await runner.close()
  }
}

/** Trials done so far, on a terminal's stderr only; without arguments it clears the line. */
function progress(done?: number, total?: number): void {
  if (!process.stderr.isTTY) return
  process.stderr.write(done === undefined ? '\r\x1b[K' : `\r\x1b[Ktrials ${done}/${total}`)
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope eval', USAGE, args, parseEvalArgs, (parsed) => runEval(parsed))
}
