// Export and import of runs: `GET /api/runs/:id/export` downloads a finished run as one JSON file (protocol RunExport),
// `POST /api/runs/import` stores such a file in history under a new id, marked imported (once its log is consistent).

import { randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import { FileVersionError, readRunExport, RUN_EXPORT_FILE } from '../../src/shared/formats/formats.ts'
import { RunExport, type ImportRunResponse } from '../../src/shared/protocol.ts'
import { isFinalStatus } from '../../src/runtime/index.ts'
import { apiError } from './apiError.ts'
import { invalidBody, readJson } from './body.ts'
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
    const status = record.status
    if (!isFinalStatus(status) || runs.isLive(runId))
      return apiError(c, 'invalid-state', `The run is ${record.status}: only a finished run can be exported.`, {
        state: record.status,
      })
    const file = toRunExport({ ...record, status }, await runs.recording(runId), new Date())
    return c.json(file, 200, {
      'Content-Disposition': `attachment; filename="${exportFileName(record.toolId, runId)}"`,
    })
  })

  app.post('/api/runs/import', async (c) => {
    const body = await readRunFile(c)
    if (!body.ok) return body.response
    const problem = firstImportProblem(body.data.run)
    if (problem)
      return apiError(c, 'invalid-body', `The run file is inconsistent: ${problem.message}`, { issues: [problem] })
    const runId = randomUUID()
    const { record, origin, secrets } = importedRun(body.data, runId)
    if (body.data.cassette && cassettes) await cassettes.saveRecording(runId, body.data.cassette, secrets)
    runs.store.importRecord(record, origin)
    return c.json({ runId } satisfies ImportRunResponse, 201)
  })
}

/**
 * The body of an import: a run file upgraded from an older version, then checked with RunExport. A file of a newer
 * version is refused with `newer-version` when that is all that stops it; one broken in other ways too gets every
 * problem, the version first, as `invalid-body`.
 */
async function readRunFile(c: Context): Promise<{ ok: true; data: RunExport } | { ok: false; response: Response }> {
  const raw = await readJson(c, z.unknown())
  if (!raw.ok) return raw
  try {
    const parsed = readRunExport(raw.data)
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, response: invalidBody(c, parsed.error.issues) }
  } catch (err) {
    if (!(err instanceof FileVersionError)) throw err
    // A newer cassette inside a current file is refused as it is; a newer file is checked for other problems too.
    const rest =
      err.format === RUN_EXPORT_FILE.name
        ? RunExport.safeParse({ ...(raw.data as object), version: err.current })
        : undefined
    if (!rest || rest.success) return { ok: false, response: apiError(c, 'newer-version', err.message) }
    return {
      ok: false,
      response: invalidBody(c, [
        { code: 'custom', path: ['version'], message: err.message, input: err.found },
        ...rest.error.issues,
      ]),
    }
  }
}
