// Coverage of a fuzz job from the playground: the schema coverage of its inputs (always: it is computed from
// the report alone), and when the job asks, the code coverage of the fuzzed tool's file with its source text for the
// Fuzz tab's read-only view.
//
// Code coverage belongs to the host's worker pool, not to a job: switching it on or off reloads the tool workers
// (ToolHost.coverage: V8 counts branches only in code compiled after coverage started). CoverageLease shares one
// collection between jobs: the first job in starts it, the last one out stops it, and each job keeps the counts added
// while it ran (runs made meanwhile by hand or by another job on the same tool count too: they ran the same code).

import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { FuzzCoverageShape, ToolDetail } from '../../src/shared/protocol.ts'
import type { FuzzReport } from '../../src/testbench/fuzz/fuzz.ts'
import type { FileCoverage } from '../../src/testbench/fuzz/lcov.ts'
import { schemaCoverage } from '../../src/testbench/fuzz/schemaCoverage.ts'
import { displayPath } from '../displayPath.ts'
import type { ToolHost } from '../toolHost/host.ts'

/** A file larger than this is not sent for the source view (its counts stay in lcov from the CLI). */
export const MAX_SOURCE_BYTES = 200 * 1024

/** One code coverage collection shared by the jobs that asked for it; starts and stops one after another. */
export class CoverageLease {
  private holders = 0
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private host: Pick<ToolHost, 'coverage'>) {}

  /** Joins the collection (the first holder reloads the workers with coverage on); resolves to the counts so far. */
  acquire(): Promise<FileCoverage[]> {
    return this.serial(() => (this.holders++ === 0 ? this.host.coverage('start') : this.host.coverage('take')))
  }

  /** Leaves it (the last holder reloads the workers without coverage: it slows every run); resolves to the counts. */
  release(): Promise<FileCoverage[]> {
    return this.serial(() => (--this.holders === 0 ? this.host.coverage('stop') : this.host.coverage('take')))
  }

  private serial<T>(step: () => Promise<T>): Promise<T> {
    const next = this.queue.then(step)
    this.queue = next.catch(() => undefined)
    return next
  }
}

/** The counts added between `before` and `after` (a holder that joined late keeps only its own share). */
export function coverageSince(before: FileCoverage[], after: FileCoverage[]): FileCoverage[] {
  const base = new Map(before.map((f) => [f.file, f.lines]))
  return after.map(({ file, lines }) => ({
    file,
    lines: Object.fromEntries(
      Object.entries(lines).map(([line, count]) => [line, Math.max(0, count - (base.get(file)?.[Number(line)] ?? 0))]),
    ),
  }))
}

/**
 * The fuzzed tool's file with its source text and line counts. Only the catalog's own file of the tool is read — the
 * path comes from the catalog, never from a request — and not when it is over MAX_SOURCE_BYTES.
 */
export async function toolFileCoverage(
  tool: ToolDetail,
  files: FileCoverage[],
): Promise<NonNullable<FuzzCoverageShape['files']>> {
  const own = path.resolve(tool.file)
  const out: NonNullable<FuzzCoverageShape['files']> = []
  for (const { file, lines } of files) {
    if (path.resolve(file) !== own) continue
    const size = await stat(file).then(
      (s) => s.size,
      () => Infinity,
    )
    if (size > MAX_SOURCE_BYTES) continue
    const source = (await readFile(file, 'utf8')).split(/\r?\n/)
    out.push({
      file: displayPath(file),
      source,
      lines: Object.fromEntries(Object.entries(lines).map(([l, c]) => [String(l), c])),
    })
  }
  return out
}

/** A job's coverage: the schema's parts its inputs (and the tool's scenarios') exercised, and the tool file's lines when collected. */
export async function jobCoverage(
  tool: ToolDetail,
  report: FuzzReport,
  files: FileCoverage[] | undefined,
  scenarioInputs: unknown[] = [],
): Promise<FuzzCoverageShape> {
  const schema = schemaCoverage((tool.schemas.input as Record<string, unknown> | undefined) ?? {}, [
    ...report.inputs,
    ...scenarioInputs,
  ])
  return { schema, ...(files ? { files: await toolFileCoverage(tool, files) } : {}) }
}
