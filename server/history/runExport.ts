// Run export files (protocol RunExport): a finished run's record and cassette as one versioned JSON document, through
// the redaction pass (src/shared/redact.ts), and the record an imported file becomes (a new id, redacted again, where
// it came from).

import {
  RUN_EXPORT_FORMAT,
  type Cassette,
  type RunExport,
  type RunOrigin,
  type RunRecord,
} from '../../src/shared/protocol.ts'
import { redactCassette, redactRun } from '../../src/shared/redact.ts'
import { FORMAT_VERSIONS } from '../../src/shared/formats/versions.ts'
import { redactRequestContext } from '../../src/runtime/index.ts'

/**
 * The export file of a finished run (`record` is read from the store, so it holds only what history keeps), redacted:
 * the run's secrets (from its request and events) are looked for in the record and the cassette alike.
 */
export function toRunExport(
  record: RunRecord & { status: RunExport['run']['status'] },
  cassette: Cassette | undefined,
  exportedAt: Date,
): RunExport {
  const redacted = redactRun(record)
  return {
    format: RUN_EXPORT_FORMAT,
    version: FORMAT_VERSIONS.runExport,
    exportedAt: exportedAt.toISOString(),
    run: redacted.record,
    ...(cassette ? { cassette: redactCassette(cassette, redacted.secrets) } : {}),
  }
}

/** The file name an export is downloaded as: the tool id made safe for file systems, and the run id's start. */
export function exportFileName(toolId: string, runId: string): string {
  const tool =
    toolId
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 60) || 'run'
  return `${tool}.${runId.slice(0, 8)}.toolscope-run.json`
}

/**
 * What an imported file is stored as: the run under `runId` (never the file's id, so it cannot collide), redacted (a
 * hand-edited file may carry secrets, in its request or only in its events), its request context by the history's
 * rule, marked imported with its origin. `secrets` are the run's, for its cassette.
 */
export function importedRun(
  file: RunExport,
  runId: string,
): { record: RunRecord; origin: RunOrigin; secrets: string[] } {
  const { record: run, secrets } = redactRun(file.run)
  return {
    secrets,
    record: { ...run, runId, request: redactRequestContext(run.request) },
    origin: { imported: true, importedFrom: { runId: run.runId, exportedAt: file.exportedAt } },
  }
}
