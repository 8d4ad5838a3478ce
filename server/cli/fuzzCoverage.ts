// Coverage for `toolscope fuzz`: each tool's schema coverage (what the generated inputs and the tool's saved scenarios
// exercised of its input schema, src/testbench/fuzz/schemaCoverage.ts) as lines under the tool's verdict, and with
// `--coverage` the code coverage of the tool files, collected by the tool host's workers around the runs and written
// as lcov for CI. Kept apart from fuzz.ts, which stays about running and reporting the fuzz itself.

import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { toLcov, type FileCoverage } from '../../src/testbench/fuzz/lcov.ts'
import { lines as coverageLines, schemaCoverage } from '../../src/testbench/fuzz/schemaCoverage.ts'
import { displayPath } from '../displayPath.ts'
import { createScenarioStore } from '../history/scenarioStore.ts'

/** Where `--coverage` writes lcov when `--coverage-file` does not say. */
export const DEFAULT_LCOV_FILE = path.join('coverage', 'toolscope.lcov')

/** The saved scenarios' inputs by tool id: they count toward schema coverage beside the generated ones. */
export async function scenarioInputs(scenariosDir: string): Promise<Map<string, unknown[]>> {
  const byTool = new Map<string, unknown[]>()
  // A folder that cannot be read counts nothing: schema coverage is a report, not a reason to fail the fuzz.
  const { scenarios } = await createScenarioStore(scenariosDir)
    .list()
    .catch(() => ({ scenarios: [] }))
  for (const { scenario } of scenarios)
    byTool.set(scenario.toolId, [...(byTool.get(scenario.toolId) ?? []), scenario.input])
  return byTool
}

/**
 * A tool's schema coverage lines, indented under its verdict: the summary always, and with `detailed` (`--coverage`)
 * the items nobody exercised under it. `scenarios` are the inputs of the tool's saved scenarios.
 */
export function schemaCoverageLines(
  schema: Record<string, unknown> | undefined,
  inputs: unknown[],
  scenarios: unknown[],
  detailed: boolean,
): string[] {
  const coverage = schemaCoverage(schema ?? {}, [...inputs, ...scenarios])
  const all = coverageLines(coverage)
  const summary = `${all.at(-1)!}${scenarios.length ? ` (with ${scenarios.length} scenario${scenarios.length === 1 ? '' : 's'})` : ''}`
  return [`      ${summary}`, ...(detailed ? all.slice(0, -1).map((l) => `        ${l.trimStart()}`) : [])]
}

/** Writes the lcov of `files` to `file` (its folder created); resolves to the line that says where. */
export async function writeLcovFile(files: FileCoverage[], file: string): Promise<string> {
  const target = path.resolve(file)
  await mkdir(path.dirname(target), { recursive: true })
  await writeFile(target, toLcov(files))
  const hit = files.reduce((n, f) => n + Object.values(f.lines).filter((c) => c > 0).length, 0)
  const found = files.reduce((n, f) => n + Object.keys(f.lines).length, 0)
  return `Code coverage: ${hit}/${found} lines of ${files.length} file${files.length === 1 ? '' : 's'}, lcov written to ${displayPath(target)}`
}
