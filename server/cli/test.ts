// `toolscope test [path ...]`: replays every stored scenario headless through the tool host (no HTTP), one line per
// scenario, a readable diff for failures, a closing `N passed, N failed`, JUnit XML, `--update` and `--shard i/n`.

import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type { NetworkMode, Scenario } from '../../src/shared/protocol.ts'
import { updateExpectation } from '../../src/testbench/update.ts'
import { mcpSourcesOf, toolPathsOf } from '../context.ts'
import { MCP_USAGE, takeMcpFlag, type McpServerSpec } from '../mcpSources/config.ts'
import { displayPath } from '../displayPath.ts'
import { createCassetteStore } from '../history/cassetteStore.ts'
import { readProjectConfig } from '../projectConfig.ts'
import { createHeadlessRunner, replayOnHost } from '../runs/replayHost.ts'
import { createScenarioStore, DEFAULT_SCENARIO_DIR } from '../history/scenarioStore.ts'
import { intFlag, junitOutput, networkFlag, readArgs, withParsedArgs } from './args.ts'
import { writeJUnit, type JUnitCase } from './junit.ts'

const USAGE = `Usage: toolscope test [path ...] [options]

Replays every scenario (<scenarios>/<tool-id>/<name>.json) against the tools exported by the given files or
folders (the bundled examples when none), without a browser. Exits non-zero when any scenario fails.

Options:
  --scenarios <dir>    scenario folder (default toolscope/scenarios)
  --reporter junit     also write JUnit XML (to --output, default junit.xml)
  --output <file>      where the JUnit XML goes
  --network <mode>     live, record, replay or mock: the network mode of every scenario (default: each
                       scenario's own, replay when it names none: offline, answered from its cassette)
  --update             rewrite the expectations of failing scenarios from the current behaviour; with
                       --network record, also save each scenario's cassette from the recording
  --shard <i/n>        run only the i-th of n equal, contiguous parts of the sorted scenario list
  --timeout <ms>       per-run timeout (default 60000)
${MCP_USAGE}
  -h, --help           show this help`

/** Parsed command line of `test`. */
export interface TestArgs {
  paths: string[]
  scenariosDir: string
  junit?: string
  update: boolean
  network?: NetworkMode
  shard?: { index: number; total: number }
  timeoutMs?: number
  /** MCP servers given with --mcp (the working folder's .mcp.json adds its own). */
  mcp?: McpServerSpec[]
  help: boolean
}

/** Parses `test` arguments; throws an Error with a message for the user on bad input. */
export function parseTestArgs(args: string[]): TestArgs {
  const out: TestArgs = { paths: [], scenariosDir: DEFAULT_SCENARIO_DIR, update: false, mcp: [], help: false }
  let reporter: string | undefined
  let output: string | undefined
  readArgs(
    args,
    (flag, take) => {
      switch (flag) {
        case '--scenarios':
          out.scenariosDir = take()
          break
        case '--reporter':
          reporter = take()
          break
        case '--output':
          output = take()
          break
        case '--update':
          out.update = true
          break
        case '--network':
          out.network = networkFlag(take(), flag)
          break
        case '--timeout':
          out.timeoutMs = intFlag(take(), flag, 1)
          break
        case '--mcp':
        case '--mcp-header':
          takeMcpFlag((out.mcp ??= []), flag, take())
          break
        case '--shard': {
          const value = take()
          const m = /^(\d+)\/(\d+)$/.exec(value)
          const index = Number(m?.[1])
          const total = Number(m?.[2])
          if (!m || total < 1 || index < 1 || index > total)
            throw new Error(`--shard must look like i/n with 1 ≤ i ≤ n, got "${value}"`)
          out.shard = { index, total }
          break
        }
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
  const junit = junitOutput(reporter, output, 'junit.xml')
  if (junit) out.junit = junit
  return out
}

/** Playwright's split: n contiguous parts whose sizes differ by at most one, the larger ones first. */
export function shardOf<T>(items: T[], shard: { index: number; total: number } | undefined): T[] {
  if (!shard) return items
  const size = Math.floor(items.length / shard.total)
  const extra = items.length % shard.total
  const i = shard.index - 1
  const from = size * i + Math.min(extra, i)
  return items.slice(from, from + size + (i < extra ? 1 : 0))
}

type Item =
  | { file: string; scenario: Scenario; error?: undefined }
  | { file: string; error: string; scenario?: undefined }

/** Runs the suite, writing lines through `print`; resolves to the exit code. */
export async function runTests(args: TestArgs, print: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const store = createScenarioStore(args.scenariosDir)
  // Cassettes live beside the scenarios: toolscope/scenarios → toolscope/cassettes.
  const cassettes = createCassetteStore(path.join(path.dirname(store.root), 'cassettes'))
  const { scenarios, errors } = await store.list()
  const all: Item[] = [...scenarios, ...errors.map((e) => ({ file: e.file, error: e.message }))].sort((a, b) =>
    a.file.localeCompare(b.file),
  )
  const items = shardOf(all, args.shard)
  if (all.length === 0) {
    print(`No scenarios found in ${displayPath(store.root)}.`)
    print('0 passed, 0 failed')
    return 1
  }
  const cases: JUnitCase[] = []
  let passed = 0
  let failed = 0
  let updated = 0
  const needsHost = items.some((i) => i.scenario)
  const mcp = mcpSourcesOf(args.mcp)
  const runner = needsHost
    ? await createHeadlessRunner({
        paths: toolPathsOf(args.paths, !!mcp),
        mcp,
        timeoutMs: args.timeoutMs,
        cassettes,
        redact: (await readProjectConfig()).redact,
      })
    : undefined
  try {
    for (const e of runner?.host.catalog.errors ?? []) console.error(`warning: ${e.file}: ${e.message}`)
    if (args.shard)
      print(`Shard ${args.shard.index}/${args.shard.total}: ${items.length} of ${all.length} scenario files`)
    for (const item of items) {
      if (!item.scenario) {
        failed++
        // The store's messages about a file already start with its path: printed once.
        const shown = displayPath(item.file)
        print(`  ✗ ${shown}: ${item.error.startsWith(`${shown}: `) ? item.error.slice(shown.length + 2) : item.error}`)
        cases.push({
          suite: path.basename(path.dirname(item.file)),
          name: path.basename(item.file),
          file: displayPath(item.file),
          timeMs: 0,
          error: item.error,
        })
        continue
      }
      const { toolId, name } = item.scenario
      const started = performance.now()
      let scenario = item.scenario
      let report = await replayOnHost(runner!.host, runner!.runs, scenario, args.network)
      if (args.update && args.network === 'record' && report.runId) {
        // Re-recorded: the scenario now replays from this recording (its named cassette, or a new one named after it).
        const recording = await runner!.runs.recording(report.runId)
        if (recording) {
          const cassetteName = typeof scenario.cassette === 'string' ? scenario.cassette : name
          const file = await cassettes.save(toolId, cassetteName, recording)
          if (scenario.cassette !== cassetteName)
            scenario = (await store.save({ ...scenario, cassette: cassetteName })).scenario
          print(`  ⏺ ${toolId}/${name}: ${recording.exchanges.length} exchange(s) recorded to ${displayPath(file)}`)
        }
      }
      if (!report.passed && args.update && !report.scriptError && report.result) {
        const expect = updateExpectation(scenario.expect, report.result.outcome)
        const saved = await store.save({ ...scenario, expect })
        // Verify the new expectation with a fresh replay: a tool that differs run to run must not be marked fixed.
        report = await replayOnHost(runner!.host, runner!.runs, saved.scenario, args.network)
        print(`  ↻ ${toolId}/${name}: expectation rewritten from the current behaviour`)
        updated++
      }
      const timeMs = performance.now() - started
      if (report.passed) {
        passed++
        print(`  ✓ ${toolId}/${name} (${Math.round(timeMs)} ms)`)
        cases.push({ suite: toolId, name, file: displayPath(item.file), timeMs })
      } else {
        failed++
        print(`  ✗ ${toolId}/${name} (${Math.round(timeMs)} ms)`)
        print(report.diff)
        const message = report.scriptError ?? `${report.mismatches.length} difference(s) from the expectation`
        cases.push({
          suite: toolId,
          name,
          file: displayPath(item.file),
          timeMs,
          failure: { message, details: report.diff },
        })
      }
    }
  } finally {
    await runner?.close()
  }
  if (args.junit) {
    await writeJUnit(args.junit, cases)
    print(`JUnit report: ${displayPath(path.resolve(args.junit))}`)
  }
  if (updated) print(`${updated} updated`)
  print(`${passed} passed, ${failed} failed`)
  return failed > 0 ? 1 : 0
}

export function run(args: string[]): Promise<number> {
  return withParsedArgs('toolscope test', USAGE, args, parseTestArgs, (parsed) => runTests(parsed))
}
