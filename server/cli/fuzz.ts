// `toolscope fuzz [path ...]`: generated inputs for every tool (or those named with --tool), each a real run on the
// tool host, checked and shrunk to a minimal failing call (server/runs/fuzzRunner.ts). Tools are fuzzed side by side
// (as many as the host has slots), each tool's calls one after another; one line per tool, for a failure its minimal
// call, seed, shrinks, run id and the command that reproduces it; a closing `N passed, N failed`, exit 1 on a failure.
// `--save` writes the minimal failing run as a scenario that expects the correct behaviour: it fails until the fix.
// Under each tool, its schema coverage; `--coverage` lists what no input exercised and writes the tool files' lcov.

import { randomInt } from 'node:crypto'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { Status } from '../../src/runtime/index.ts'
import { FUZZ_CHECKS, type FuzzCheckId } from '../../src/testbench/fuzz/checks.ts'
import type { FuzzReport } from '../../src/testbench/fuzz/fuzz.ts'
import { outcomeFromEvents, scenarioFromRun } from '../../src/testbench/replay.ts'
import type { Expectation } from '../../src/testbench/scenario.ts'
import { mcpSourcesOf, scenarioDirOf, toolPathsOf } from '../context.ts'
import { displayPath } from '../displayPath.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { createScenarioStore } from '../history/scenarioStore.ts'
import { readProjectConfig, type FuzzSettings } from '../projectConfig.ts'
import { fuzzJob, projectChecks, type FuzzedRun, type FuzzJobOptions, type FuzzJobResult } from '../runs/fuzzRunner.ts'
import { createHeadlessRunner, type HeadlessRunner } from '../runs/replayHost.ts'
import { withParsedArgs } from './args.ts'
import { writeJUnit, type JUnitCase } from './junit.ts'
import { scenarioInputs, schemaCoverageLines, writeLcovFile } from './fuzzCoverage.ts'
import { loadReport } from './loadReport.ts'
import { USAGE, parseFuzzArgs, reproduceCommand, type FuzzArgs } from './fuzzArgs.ts'

/** The checks of one tool: the project's (package.json), plus --check, minus --skip-check, in the report's order. */
function checksFor(toolId: string, args: FuzzArgs, settings: FuzzSettings | undefined): FuzzCheckId[] {
  const on = new Set([...projectChecks(toolId, settings), ...args.checks])
  for (const c of args.skipChecks) on.delete(c)
  return FUZZ_CHECKS.filter((c) => on.has(c))
}

/** How one tool's fuzz ended: its result, or why it could not run. */
type ToolOutcome = { toolId: string; timeMs: number } & (
  | { result: FuzzJobResult; error?: undefined }
  | { error: string; result?: undefined }
)

/** Runs `work` over `items` with at most `limit` at once; results in the items' order, each handed to `done` as it ends. */
async function eachBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  done: (index: number, result: R) => void,
): Promise<R[]> {
  const results: R[] = []
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await work(items[i]!)
      done(i, results[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  return results
}

/** The progress line on stderr (a terminal only): each running tool's runs so far. */
class ProgressLine {
  private readonly counts = new Map<string, string>()
  private shown = false
  private last = 0
  constructor(private readonly total: number) {}

  update(toolId: string, done: number, asked: number): void {
    this.counts.set(toolId, `${toolId} ${Math.min(done, asked)}/${asked}${done > asked ? ' (shrinking)' : ''}`)
    if (performance.now() - this.last > 100) this.draw()
  }

  finish(toolId: string): void {
    this.counts.delete(toolId)
  }

  /** Clears the line before a result line is printed. */
  clear(): void {
    if (this.shown) process.stderr.write('\r\x1b[K')
    this.shown = false
  }

  private draw(): void {
    if (!process.stderr.isTTY) return
    this.last = performance.now()
    const text = `fuzzing ${this.total} tool${this.total === 1 ? '' : 's'}: ${[...this.counts.values()].join(', ')}`
    process.stderr.write(`\r\x1b[K${text.slice(0, (process.stderr.columns || 80) - 1)}`)
    this.shown = true
  }
}

/** The lines of one tool's outcome: its verdict, and for a failure how to see and reproduce it. */
export function outcomeLines(outcome: ToolOutcome, args: FuzzArgs): string[] {
  if (outcome.error !== undefined) return [`  ✗ ${outcome.toolId}: ${outcome.error}`]
  const { report, invalid } = outcome.result
  const ms = `(${Math.round(outcome.timeMs)} ms)`
  if (!report.failure) return [`  ✓ ${report.toolId}: ${report.runs} runs, ${invalid} invalid refused ${ms}`]
  const { call, failures, runId, shrinks } = report.failure
  const [first, ...more] = failures
  return [
    `  ✗ ${report.toolId}: ${first!.check}: ${first!.message}`,
    ...errorDetail(outcome.result.failedRun, first!.message),
    ...more.map((f) => `      also ${f.check}: ${f.message}`),
    `      minimal input: ${JSON.stringify(call.input)}${call.valid ? '' : ` (invalid on purpose: ${call.broken})`}`,
    ...(call.requestContext && Object.keys(call.requestContext).length
      ? [`      request context: ${JSON.stringify(call.requestContext)}`]
      : []),
    `      seed ${report.seed}, found after ${report.runs} run${report.runs === 1 ? '' : 's'}, ${shrinks} shrink${shrinks === 1 ? '' : 's'} ${ms}`,
    ...(runId ? [`      run: ${runId}`] : []),
    `      reproduce: ${reproduceCommand(args, report.toolId, report.seed)}`,
  ]
}

/** The lines of the run's error that a check's one-line message leaves out (the validation issues), at most five. */
function errorDetail(run: FuzzedRun | undefined, message: string): string[] {
  const error = run?.events.find((e) => e.type === 'error')
  if (error?.type !== 'error' || !error.message.startsWith(message)) return []
  const rest = error.message.slice(message.length).split('\n').slice(1)
  const end = rest.findIndex((l) => l.trim() === '')
  return rest.slice(0, Math.min(end < 0 ? rest.length : end, 5)).map((l) => `        ${l}`)
}

/** What the saved scenario expects: the correct behaviour (a valid input succeeds, an invalid one is refused). */
function correctExpectation(report: FuzzReport): Expectation {
  return { status: report.failure!.call.valid ? Status.success : Status.error, match: 'partial' }
}

/** Saves a failure's minimal run as a scenario; resolves to the lines that say where (and what it cannot catch). */
async function saveFailure(report: FuzzReport, run: FuzzedRun, scenariosDir: string): Promise<string[]> {
  const failure = report.failure!
  const name = `fuzz-${failure.failures[0]!.check}-${report.seed}`
  const scenario = scenarioFromRun(name, run.request, run.events)
  const expect = correctExpectation(report)
  // The request context is generated (its "secrets" are planted fakes): kept as it was, not as $env references.
  const saved = await createScenarioStore(scenariosDir).save({
    ...scenario,
    ...(failure.call.requestContext ? { requestContext: failure.call.requestContext } : {}),
    description: `Found by toolscope fuzz (seed ${report.seed}): ${failure.failures.map((f) => `${f.check}: ${f.message.replace(/:$/, '')}`).join('; ')}`,
    expect,
  })
  const lines = [`      saved as scenario: ${displayPath(saved.file)}`]
  const status = outcomeFromEvents(run.events).status
  if (status === expect.status)
    lines.push(
      `      note: the run ended ${status} as the scenario expects, so it passes in spite of this ${failure.failures[0]!.check} failure: tighten its expectation by hand`,
    )
  return lines
}

/** Fuzzes one tool, timing it; a job that cannot run (a refused start, a missing cassette) is reported, not thrown. */
async function fuzzOne(
  runner: HeadlessRunner,
  toolId: string,
  options: FuzzJobOptions,
  progress: ProgressLine,
): Promise<ToolOutcome> {
  const started = performance.now()
  try {
    const result = await fuzzJob(runner.host, runner.runs, options, (done, asked) =>
      progress.update(toolId, done, asked),
    )
    return { toolId, result, timeMs: performance.now() - started }
  } catch (err) {
    return { toolId, error: (err as Error).message, timeMs: performance.now() - started }
  } finally {
    progress.finish(toolId)
  }
}

/** The JUnit case of one tool's outcome. */
function junitCase(outcome: ToolOutcome, lines: string[], file: string): JUnitCase {
  const failure =
    outcome.error !== undefined
      ? outcome.error
      : outcome.result.report.failure &&
        `${outcome.result.report.failure.failures[0]!.check}: ${outcome.result.report.failure.failures[0]!.message}`
  return {
    suite: 'toolscope fuzz',
    name: outcome.toolId,
    file,
    timeMs: outcome.timeMs,
    ...(failure
      ? {
          failure: {
            message: failure,
            details: lines
              .slice(1)
              .map((l) => l.trim())
              .join('\n'),
          },
        }
      : {}),
  }
}

/** Fuzzes the tools, writing lines through `print`; resolves to the exit code. */
export async function runFuzz(args: FuzzArgs, print: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const config = await readProjectConfig()
  const mcp = mcpSourcesOf(args.mcp)
  const paths = toolPathsOf(args.paths, !!mcp)
  const scenariosDir = args.scenariosDir ?? scenarioDirOf(paths)
  const cassettes = createCassetteStore(path.join(path.dirname(scenariosDir), 'cassettes'))
  const runner = await createHeadlessRunner({ paths, mcp, timeoutMs: args.timeoutMs, cassettes, redact: config.redact })
  try {
    const { tools, errors } = runner.host.catalog
    for (const e of errors) console.error(`warning: ${e.file}: ${e.message}`)
    const ids = args.tools.length ? args.tools : tools.map((t) => t.id)
    const unknown = ids.filter((id) => !runner.host.hasTool(id))
    if (unknown.length || ids.length === 0) {
      for (const id of unknown) print(`  ✗ ${id}: unknown tool`)
      for (const line of loadReport(runner.host.catalog, paths)) print(line)
      print(`0 passed, ${Math.max(1, unknown.length)} failed`)
      return 1
    }
    const seed = args.seed ?? randomInt(2 ** 31)
    print(`Fuzzing ${ids.length} tool${ids.length === 1 ? '' : 's'}: ${args.runs} runs each, seed ${seed}`)
    const progress = new ProgressLine(ids.length)
    const scenarios = await scenarioInputs(scenariosDir)
    // Before the runs: the workers reload with coverage on, so the tools' loads count too.
    if (args.coverage) await runner.host.coverage('start')
    const optionsOf = (toolId: string): FuzzJobOptions => ({
      toolId,
      runs: args.runs,
      seed,
      checks: checksFor(toolId, args, config.fuzz),
      network: args.network,
      clock: args.clock,
    })
    const cases: JUnitCase[] = []
    let next = 0
    // Lines come out in the order of the tools, each as soon as it and those before it are done.
    const flush = async (outcomes: Array<ToolOutcome | undefined>) => {
      while (outcomes[next]) {
        const outcome = outcomes[next]!
        const lines = outcomeLines(outcome, args)
        const tool = tools.find((t) => t.id === outcome.toolId)
        const coverage = outcome.result
          ? schemaCoverageLines(
              tool?.schemas.input as Record<string, unknown> | undefined,
              outcome.result.report.inputs,
              scenarios.get(outcome.toolId) ?? [],
              args.coverage,
            )
          : []
        if (args.save && outcome.result?.report.failure && outcome.result.failedRun)
          lines.push(
            ...(await saveFailure(outcome.result.report, outcome.result.failedRun, scenariosDir).catch((err: Error) => [
              `      could not save the scenario: ${err.message}`,
            ])),
          )
        progress.clear()
        for (const line of [...lines, ...coverage]) print(line)
        cases.push(junitCase(outcome, lines, displayPath(tool?.file ?? '')))
        next++
      }
    }
    const outcomes: Array<ToolOutcome | undefined> = []
    let flushing = Promise.resolve()
    await eachBounded(
      ids,
      runner.host.slotCount,
      (id) => fuzzOne(runner, id, optionsOf(id), progress),
      (i, outcome) => {
        outcomes[i] = outcome
        flushing = flushing.then(() => flush(outcomes))
      },
    )
    await flushing
    progress.clear()
    if (args.coverage) print(await writeLcovFile(await runner.host.coverage('stop'), args.coverageFile))
    if (args.junit) {
      await writeJUnit(args.junit, cases)
      print(`JUnit report: ${displayPath(path.resolve(args.junit))}`)
    }
    const failed = outcomes.filter((o) => o!.error !== undefined || o!.result!.report.failure).length
    print(`${ids.length - failed} passed, ${failed} failed`)
    return failed > 0 ? 1 : 0
  } finally {
    await runner.close()
  }
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope fuzz', USAGE, args, parseFuzzArgs, (parsed) => runFuzz(parsed))
}
