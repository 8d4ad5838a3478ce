// History rows read at the current format version: an event row's JSON is upgraded by the modernizer
// (src/shared/formats/) according to its `format` column, and a run's stored request gets its inline cassette and mock
// rules upgraded. Rows of the current version pass through untouched, so reads of today's history stay copy-only.

import { FORMAT_VERSIONS, readStoredEvent, readStoredRequest } from '../../src/shared/formats/formats.ts'
import type { StartRunBody } from '../../src/shared/protocol.ts'

/** The events format version every row is written with (the `format` column). */
export const EVENT_FORMAT = FORMAT_VERSIONS.storedEvent

/**
 * An event row: `type` is NULL in rows older than that column (schema 3), `format` NULL in rows older than it (schema
 * 5: format 1), and undefined for rows still queued in memory (written by this code: the current format).
 */
export interface EventRow {
  seq: number
  type: string | null
  data: string
  format?: number | null
}

/** The row with its JSON at the current format: older rows are parsed, upgraded and serialised again. Throws FileVersionError for a row of a newer Toolscope. */
export function currentRow<R extends EventRow>(row: R): R {
  if (row.format === undefined || row.format === EVENT_FORMAT || (row.format === null && EVENT_FORMAT === 1)) return row
  const data = JSON.stringify(readStoredEvent(JSON.parse(row.data), row.format))
  return { ...row, data }
}

/** A stored request (the `request` column) with its inline cassette and mock rules at their current versions. */
export function storedRequest(text: string): StartRunBody {
  return readStoredRequest(JSON.parse(text)) as StartRunBody
}
