// Evals from the playground: `GET /api/evals` lists the project's eval files (toolscope/evals) and the ones
// that cannot be read; `POST /api/evals/run` starts a job in the background (runEvals of evals/evalRunner.ts: every
// trial's tool calls are normal runs in history) and answers 202 with its id; `GET /api/evals/jobs/:id` is what the
// Evals tab polls (trials done, each finished case × model); `POST /api/evals/jobs/:id/cancel` stops it. As for fuzz
// jobs (fuzzRoutes.ts): in memory only, the last MAX_KEPT_JOBS, at most MAX_ACTIVE_JOBS at once — each job's trials
// run one after another, so two jobs keep both cores' worker slots busy next to the runs people start by hand.

import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { EvalRunBody, modelLabel, type EvalJob, type EvalList } from '../../src/shared/protocol.ts'
import { DEFAULT_EVALS_DIR, loadEvals, type LoadedEval } from '../../src/testbench/evals/loadEvals.ts'
import { displayPath } from '../displayPath.ts'
import { runEvals, trialCount } from '../evals/evalRunner.ts'
import { KEY_VARIABLES, type ModelKeys } from '../models/keys.ts'
import type { RunRegistry } from '../runs/runs.ts'
import type { ToolHost } from '../toolHost/host.ts'
import { apiError } from './apiError.ts'
import { readJson } from './body.ts'
import { shownId } from './security.ts'
import { committedOverrides } from '../evals/committedTools.ts'
import type { ToolOverride } from '../models/toolOffer.ts'

/** Eval jobs running at once; one more is refused with 429. */
export const MAX_ACTIVE_JOBS = 2
/** Jobs kept for polling, newest last; older finished ones are forgotten. */
export const MAX_KEPT_JOBS = 20

/** What the eval routes need. */
export interface EvalRouteDeps {
  host: ToolHost
  runs: RunRegistry
  /** The server's model keys (never sent: a job only uses them). */
  keys: ModelKeys
  /** Where the project's eval files are; default toolscope/evals in the working folder. */
  evalsDir?: string
  /** The tool paths the host loads: `against` reads the same paths at a git commit. */
  toolPaths?: readonly string[]
}

/** A job as kept: what GET answers, and how to stop it. */
interface KeptJob {
  view: EvalJob
  controller: AbortController
  /** True once runEvals has settled (a cancelled job holds its place until its trial in flight ends). */
  settled: boolean
}

/** Keeps jobs in memory, newest last, and starts them. */
class EvalJobs {
  private jobs = new Map<string, KeptJob>()

  constructor(private deps: EvalRouteDeps) {}

  get active(): number {
    return [...this.jobs.values()].filter((j) => !j.settled).length
  }

  get(jobId: string): KeptJob | undefined {
    return this.jobs.get(jobId)
  }

  /** Starts a job in the background; its progress and rows land in its view. */
  start(cases: LoadedEval[], body: EvalRunBody): string {
    const id = randomUUID()
    // The commit's row counts before its descriptions are read (its tools do not change the count).
    const total = trialCount(cases, body.models, {
      k: body.k,
      variants: body.variants,
      against: body.against === undefined ? undefined : { name: body.against, tools: {} },
    })
    const job: KeptJob = {
      view: { id, phase: 'evaluating', done: 0, total, results: [] },
      controller: new AbortController(),
      settled: false,
    }
    this.jobs.set(id, job)
    this.forgetOld()
    const evaluating = () => job.view.phase === 'evaluating'
    const { host, runs, keys } = this.deps
    this.against(body)
      .then((against) =>
        runEvals(
          { host, runs, keys },
          {
            cases,
            models: body.models,
            k: body.k,
            variants: body.variants,
            against,
            signal: job.controller.signal,
            onProgress: (done, all) => {
              if (evaluating()) job.view = { ...job.view, done, total: all }
            },
            onResult: (result) => {
              if (evaluating()) job.view = { ...job.view, results: [...job.view.results, result] }
            },
          },
        ),
      )
      .then(() => {
        if (evaluating()) job.view = { ...job.view, phase: 'done' }
      })
      .catch((err: unknown) => {
        if (evaluating()) job.view = { ...job.view, phase: 'failed', error: (err as Error)?.message ?? String(err) }
      })
      .finally(() => {
        job.settled = true
        this.forgetOld()
      })
    return id
  }

  /** The variant row of `against`: the tools as that commit described them (the job fails, saying why, when it cannot be read). */
  private async against(body: EvalRunBody): Promise<{ name: string; tools: Record<string, ToolOverride> } | undefined> {
    if (body.against === undefined) return undefined
    return { name: body.against, tools: await committedOverrides(this.deps.toolPaths ?? [], body.against) }
  }

  /** Stops a job: it shows as cancelled at once; its trial in flight is cancelled and ends on its own. */
  cancel(job: KeptJob): void {
    if (job.view.phase !== 'evaluating') return
    job.view = { ...job.view, phase: 'cancelled' }
    job.controller.abort()
  }

  /** Drops the oldest settled jobs past MAX_KEPT_JOBS (a job still running is kept: its poller needs it). */
  private forgetOld(): void {
    for (const [id, job] of this.jobs) {
      if (this.jobs.size <= MAX_KEPT_JOBS) break
      if (job.settled) this.jobs.delete(id)
    }
  }
}

/** The cases a run body picks (all without `names`), or the names the folder does not have. */
function pickCases(cases: LoadedEval[], names: string[] | undefined): { cases: LoadedEval[] } | { unknown: string[] } {
  if (!names) return { cases }
  const byName = new Map(cases.map((c) => [c.name, c]))
  const unknown = names.filter((n) => !byName.has(n))
  return unknown.length ? { unknown } : { cases: [...new Set(names)].map((n) => byName.get(n)!) }
}

/** Adds the eval routes to `app` (before its /api catch-all). */
export function mountEvalRoutes(app: Hono, deps: EvalRouteDeps): void {
  const jobs = new EvalJobs(deps)
  const dir = deps.evalsDir ?? DEFAULT_EVALS_DIR
  const unknownJob = (jobId: string) =>
    `Unknown eval job "${shownId(jobId)}": jobs are kept in memory, the last ${MAX_KEPT_JOBS}, until the server restarts.`

  app.get('/api/evals', async (c) => {
    const loaded = await loadEvals(dir)
    const evals = loaded.cases.map((e) => ({
      name: e.name,
      file: e.file,
      tools: e.tools === 'all' ? ['all'] : e.tools,
      k: e.k,
      prompt: e.prompt,
      variants: Object.keys(e.variants ?? {}),
    }))
    return c.json({ dir: displayPath(loaded.dir), evals, errors: loaded.errors } satisfies EvalList)
  })

  app.post('/api/evals/run', async (c) => {
    const body = await readJson(c, EvalRunBody)
    if (!body.ok) return body.response
    const keyless = body.data.models.find((m) => m.provider !== 'openai-compatible' && !deps.keys.hasKey(m.provider))
    if (keyless) {
      return apiError(
        c,
        'invalid-body',
        `No key for ${keyless.provider} (${modelLabel(keyless)}): set ${KEY_VARIABLES[keyless.provider].join(' or ')} in the environment of the Toolscope server.`,
      )
    }
    const loaded = await loadEvals(dir)
    if (!loaded.cases.length)
      return apiError(
        c,
        'not-found',
        `No eval cases in ${displayPath(loaded.dir)}${loaded.errors.length ? ` (${loaded.errors.length} file${loaded.errors.length === 1 ? '' : 's'} could not be read)` : ''}.`,
      )
    const picked = pickCases(loaded.cases, body.data.names)
    if ('unknown' in picked)
      return apiError(
        c,
        'not-found',
        `No eval case ${picked.unknown.map((n) => `"${shownId(n)}"`).join(', ')} in ${displayPath(loaded.dir)}.`,
      )
    // Before the count is read: nothing awaited between the check and the start, so two requests cannot both pass it.
    await deps.host.ready
    if (jobs.active >= MAX_ACTIVE_JOBS) {
      return apiError(
        c,
        'too-many-runs',
        `${MAX_ACTIVE_JOBS} eval jobs are already running: wait for one to finish or cancel one, then start this one.`,
      )
    }
    return c.json({ jobId: jobs.start(picked.cases, body.data) }, 202)
  })

  app.get('/api/evals/jobs/:jobId', (c) => {
    const job = jobs.get(c.req.param('jobId'))
    return job ? c.json(job.view satisfies EvalJob) : apiError(c, 'not-found', unknownJob(c.req.param('jobId')))
  })

  app.post('/api/evals/jobs/:jobId/cancel', (c) => {
    const job = jobs.get(c.req.param('jobId'))
    if (!job) return apiError(c, 'not-found', unknownJob(c.req.param('jobId')))
    jobs.cancel(job)
    return c.json(job.view satisfies EvalJob)
  })
}
