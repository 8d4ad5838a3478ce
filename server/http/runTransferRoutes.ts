// Export and import of runs: `GET /api/runs/:id/export` downloads a finished run as one JSON file (protocol RunExport),
// `POST /api/runs/import` stores such a file in history under a new id, marked imported (once its log is consistent).

import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import { RunExport, RunStatus, type ImportRunResponse } from '../../src/shared/protocol.ts'
import { apiError } from './apiError.ts'
import { readJson } from './body.ts'
import type { CassetteStore } from '../history/cassetteStore.ts'
import { exportFileName, importedRun, toRunExport } from '../history/runExport.ts'
import { firstImportProblem } from '../history/runImportCheck.ts'
import type { RunRegistry } from '../runs/runs.ts'
import { shownId } from './security.ts'

/** Adds the export and import routes to `app` (before its /api catch-all). */
export function mountRunTransferRoutes(app: Hono, runs: RunRegistry, cassettes: CassetteStore | undefined): void {
  app.get('/api/runs/:id/export', async (c) => {
    const runId = c.req.param('id')
    const record = runs.get(runId)
    if (!record) return apiError(c, 'unknown-run', `Unknown run "${shownId(runId)}".`)
    const status = RunStatus.safeParse(record.status)
    if (!status.success || runs.isLive(runId)) return apiError(c, 'invalid-state', `The run is ${record.status}: only a finished run can be exported.`, { state: record.status })
    const file = toRunExport({ ...record, status: status.data }, await runs.recording(runId), new Date())
    return c.json(file, 200, { 'Content-Disposition': `attachment; filename="${exportFileName(record.toolId, runId)}"` })
  })

  app.post('/api/runs/import', async (c) => {
    const body = await readJson(c, RunExport)
    if (!body.ok) return body.response
    const problem = firstImportProblem(body.data.run)
    if (problem) return apiError(c, 'invalid-body', `The run file is inconsistent: ${problem.message}`, { issues: [problem] })
    const runId = randomUUID()
    const { record, origin, secrets } = importedRun(body.data, runId)
    if (body.data.cassette && cassettes) await cassettes.saveRecording(runId, body.data.cassette, secrets)
    runs.store.importRecord(record, origin)
    return c.json({ runId } satisfies ImportRunResponse, 201)
  })
}
