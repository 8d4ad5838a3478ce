// Rerun from here: `POST /api/runs/:id/rerun` starts a new run of a finished run's request whose prompts are answered
// as before up to the chosen one, which gets another answer (answerPrompts, as scenario replays do). The new run
// records `rerunOf`; the original is only read. Prompts after the chosen one are left for a person.

import type { Hono } from 'hono'
import { RerunBody, type StartRunBody } from '../../src/shared/protocol.ts'
import { isFinalStatus } from '../../src/runtime/index.ts'
import { answerPrompts } from '../../src/testbench/replay.ts'
import { RerunPlanError, rerunPlan } from '../../src/testbench/rerun.ts'
import { apiError } from './apiError.ts'
import { readJson } from './body.ts'
import { registryRun } from '../runs/replayHost.ts'
import { TooManyRunsError, type RunRegistry } from '../runs/runs.ts'
import { shownId } from './security.ts'
import { UnknownToolError } from '../toolHost/host.ts'

/**
 * A recorded run is rerun from its recording (offline, and never overwriting a named cassette); a run whose recording
 * is gone goes live without a cassette name.
 */
async function offlineIfRecorded(runs: RunRegistry, runId: string, request: StartRunBody): Promise<StartRunBody> {
  if (request.network !== 'record') return request
  const recording = await runs.recording(runId)
  return recording
    ? { ...request, network: 'replay', cassette: recording }
    : { ...request, network: 'live', cassette: undefined }
}

/** Adds the rerun route to `app` (before its /api catch-all). */
export function mountRerunRoutes(app: Hono, runs: RunRegistry, log: (line: string) => void): void {
  app.post('/api/runs/:id/rerun', async (c) => {
    const runId = c.req.param('id')
    const record = runs.get(runId)
    if (!record) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
    const body = await readJson(c, RerunBody)
    if (!body.ok) return body.response
    if (!isFinalStatus(record.status) || runs.isLive(runId)) {
      return apiError(c, 'invalid-state', `The run is ${record.status}: only a finished run can be rerun.`, {
        state: record.status,
      })
    }
    const { atEvent, control } = body.data
    let plan: ReturnType<typeof rerunPlan>
    try {
      plan = rerunPlan(record, atEvent, control)
    } catch (err) {
      if (!(err instanceof RerunPlanError)) throw err
      return apiError(c, 'invalid-body', err.message, { issues: [{ path: err.path, message: err.message }] })
    }
    let rerunId: string
    try {
      rerunId = await runs.start(await offlineIfRecorded(runs, runId, plan.request), { rerunOf: { runId, atEvent } })
    } catch (err) {
      if (err instanceof UnknownToolError) return apiError(c, 'unknown-tool', err.message)
      if (err instanceof TooManyRunsError) return apiError(c, 'too-many-runs', err.message)
      throw err
    }
    // Answered in the background: the client follows the new run's events like any other run.
    void answerPrompts(registryRun(runs, rerunId), plan.decisions, { leaveWaiting: true })
      .then(
        ({ scriptError }) =>
          scriptError && log(`Rerun ${rerunId} of run ${runId} did not go as the original: ${scriptError}`),
      )
      .catch((err) => log(`Rerun ${rerunId} of run ${runId} failed: ${(err as Error).message}`))
    return c.json({ runId: rerunId }, 201)
  })
}
