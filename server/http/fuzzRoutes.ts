// Fuzzing from the playground: `POST /api/tools/:id/fuzz` starts a job in the background (fuzzJob of
// runs/fuzzRunner.ts: each generated call a normal run in history) and answers 202 with its id; `GET /api/fuzz/:jobId`
// is what the Fuzz tab polls (progress, then the report); `POST /api/fuzz/:jobId/cancel` stops it. Jobs live in memory
// only, the last MAX_KEPT_JOBS of them, and at most MAX_ACTIVE_JOBS fuzz at once: each runs its calls one after
// another, so two jobs already keep both cores' worker slots busy next to the runs people start by hand.
// Every report carries its schema coverage; a job with `coverage: true` also the code coverage of the tool's file
// (fuzzCoverage.ts).

import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { FuzzBody, type FuzzJob, type FuzzStarted } from '../../src/shared/protocol.ts'
import type { FileCoverage } from '../../src/testbench/fuzz/lcov.ts'
import { apiError } from './apiError.ts'
import { readJson } from './body.ts'
import { coverageSince, CoverageLease, jobCoverage } from './fuzzCoverage.ts'
import { shownId } from './security.ts'
import { fuzzJob, type FuzzJobOptions, type FuzzJobResult } from '../runs/fuzzRunner.ts'
import type { ScenarioStore } from '../history/scenarioStore.ts'
import type { RunRegistry } from '../runs/runs.ts'
import type { ToolHost } from '../toolHost/host.ts'

/** Fuzz jobs fuzzing at once; one more is refused with 429. */
export const MAX_ACTIVE_JOBS = 2
/** Jobs kept for polling, newest last; older finished ones are forgotten. */
export const MAX_KEPT_JOBS = 20
/** Calls generated when the body does not say. */
const DEFAULT_RUNS = 100

/** A job as kept: what GET answers, and how to stop it. */
interface KeptJob {
  view: FuzzJob
  /** Stops the job's runs (cancellableRuns). */
  cancel: () => void
  /** True once fuzzJob has settled (a cancelled job still holds its place until its run in flight ends). */
  settled: boolean
}

/** The report as the API shows it: its coverage instead of the list of every input tried (large, and for coverage only). */
async function shownReport(
  { report, invalid }: FuzzJobResult,
  host: ToolHost,
  files: FileCoverage[] | undefined,
  scenarioInputs: unknown[],
): Promise<NonNullable<FuzzJob['report']>> {
  const { inputs: _inputs, ...rest } = report
  const tool = host.catalog.tools.find((t) => t.id === report.toolId)
  return { ...rest, invalid, ...(tool ? { coverage: await jobCoverage(tool, report, files, scenarioInputs) } : {}) }
}

/** The inputs of the tool's saved scenarios (they count for its schema coverage, as in `toolscope fuzz`); none when unread. */
async function scenarioInputs(store: ScenarioStore | undefined, toolId: string): Promise<unknown[]> {
  if (!store) return []
  const { scenarios } = await store.list(toolId).catch(() => ({ scenarios: [] }))
  return scenarios.flatMap(({ scenario }) => (scenario.input === undefined ? [] : [scenario.input]))
}

/** Thrown into a cancelled job's next run start. */
class FuzzCancelledError extends Error {}

/**
 * The registry as a job sees it, with a way to stop the job: once cancelled, the run in flight is aborted and every
 * later start throws, which ends the job (fuzzJob takes no signal: the registry is where a job can be stopped).
 */
function cancellableRuns(runs: RunRegistry): { registry: RunRegistry; cancel: () => void } {
  let cancelled = false
  let current: string | undefined
  const start = async (...args: Parameters<RunRegistry['start']>) => {
    if (cancelled) throw new FuzzCancelledError('The fuzz job was cancelled.')
    current = await runs.start(...args)
    return current
  }
  const registry = new Proxy(runs, {
    get(target, prop) {
      if (prop === 'start') return start
      const value: unknown = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const cancel = () => {
    cancelled = true
    if (current && runs.isLive(current))
      void runs.control(current, { type: 'abort', reason: 'The fuzz job was cancelled.' }).catch(() => undefined)
  }
  return { registry, cancel }
}

/** Keeps jobs in memory, newest last, and starts them. */
class FuzzJobs {
  private jobs = new Map<string, KeptJob>()
  private coverage: CoverageLease

  constructor(
    private host: ToolHost,
    private runs: RunRegistry,
    private scenarios: ScenarioStore | undefined,
  ) {
    this.coverage = new CoverageLease(host)
  }

  get active(): number {
    return [...this.jobs.values()].filter((j) => !j.settled).length
  }

  get(jobId: string): KeptJob | undefined {
    return this.jobs.get(jobId)
  }

  /** Starts a job in the background; its progress and outcome land in its view. */
  start(toolId: string, body: FuzzBody): string {
    const id = randomUUID()
    const total = body.runs ?? DEFAULT_RUNS
    const job: KeptJob = { view: { id, toolId, phase: 'fuzzing', done: 0, total }, cancel: () => {}, settled: false }
    this.jobs.set(id, job)
    this.forgetOld()
    const { registry, cancel } = cancellableRuns(this.runs)
    job.cancel = cancel
    const options: FuzzJobOptions = {
      toolId,
      runs: total,
      seed: body.seed,
      checks: body.checks,
      network: body.network,
      clock: body.clock,
    }
    const progress = (done: number, runs: number) => {
      if (job.view.phase === 'fuzzing') job.view = { ...job.view, done, total: runs }
    }
    this.fuzzWithCoverage(registry, options, progress, body.coverage === true)
      .then(async ({ result, files }) => {
        const report = await shownReport(result, this.host, files, await scenarioInputs(this.scenarios, toolId))
        if (job.view.phase === 'fuzzing')
          job.view = { ...job.view, phase: 'done', done: result.report.executed, report }
      })
      .catch((err: unknown) => {
        if (job.view.phase === 'fuzzing')
          job.view = { ...job.view, phase: 'failed', error: (err as Error)?.message ?? String(err) }
      })
      .finally(() => {
        job.settled = true
        this.forgetOld()
      })
    return id
  }

  /**
   * Runs the job; with `coverage`, code coverage is collected around its runs. Starting and stopping it reloads the
   * tool workers (the pool is replaced; runs in flight finish on their old workers), so it is only done when asked.
   */
  private async fuzzWithCoverage(
    registry: RunRegistry,
    options: FuzzJobOptions,
    progress: (done: number, runs: number) => void,
    coverage: boolean,
  ): Promise<{ result: FuzzJobResult; files?: FileCoverage[] }> {
    if (!coverage) return { result: await fuzzJob(this.host, registry, options, progress) }
    const before = await this.coverage.acquire()
    // Released whether the job ends or throws (a cancelled job throws): the last one out turns coverage off.
    const fuzzed = await fuzzJob(this.host, registry, options, progress).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    )
    const after = await this.coverage.release()
    if ('error' in fuzzed) throw fuzzed.error
    return { result: fuzzed.result, files: coverageSince(before, after) }
  }

  /** Stops a job: it shows as cancelled at once; its run in flight ends on its own. */
  cancel(job: KeptJob): void {
    if (job.view.phase !== 'fuzzing') return
    job.view = { ...job.view, phase: 'cancelled' }
    job.cancel()
  }

  /** Drops the oldest settled jobs past MAX_KEPT_JOBS (a job still fuzzing is kept: its poller needs it). */
  private forgetOld(): void {
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= MAX_KEPT_JOBS) break
      if (job.settled) this.jobs.delete(id)
    }
  }
}

/** Adds the fuzz routes to `app` (before its /api catch-all). */
export function mountFuzzRoutes(app: Hono, host: ToolHost, runs: RunRegistry, scenarios?: ScenarioStore): void {
  const jobs = new FuzzJobs(host, runs, scenarios)
  const unknownJob = (jobId: string) =>
    `Unknown fuzz job "${shownId(jobId)}": jobs are kept in memory, the last ${MAX_KEPT_JOBS}, until the server restarts.`

  app.post('/api/tools/:id/fuzz', async (c) => {
    await host.ready
    const toolId = c.req.param('id')
    if (!host.catalog.tools.some((t) => t.id === toolId))
      return apiError(c, 'unknown-tool', `Unknown tool "${shownId(toolId)}".`)
    const body = await readJson(c, FuzzBody, {})
    if (!body.ok) return body.response
    if (jobs.active >= MAX_ACTIVE_JOBS) {
      return apiError(
        c,
        'too-many-runs',
        `${MAX_ACTIVE_JOBS} fuzz jobs are already running: wait for one to finish or cancel one, then start this one.`,
      )
    }
    return c.json({ jobId: jobs.start(toolId, body.data) } satisfies FuzzStarted, 202)
  })

  app.get('/api/fuzz/:jobId', (c) => {
    const job = jobs.get(c.req.param('jobId'))
    return job ? c.json(job.view satisfies FuzzJob) : apiError(c, 'not-found', unknownJob(c.req.param('jobId')))
  })

  app.post('/api/fuzz/:jobId/cancel', (c) => {
    const job = jobs.get(c.req.param('jobId'))
    if (!job) return apiError(c, 'not-found', unknownJob(c.req.param('jobId')))
    jobs.cancel(job)
    return c.json(job.view satisfies FuzzJob)
  })
}
