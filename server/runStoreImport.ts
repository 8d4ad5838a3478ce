// One-time import of the JSON history of earlier versions (`<dataDir>/runs/*.json`, one file per run) into the
// history database; the folder is then renamed `runs.imported` so the import never runs twice.

import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { RunRecord } from '../src/shared/protocol.ts'
import { isSecretKey } from '../src/runtime/index.ts'
import type { RunStore } from './runStore.ts'

/** Copy of a request context with secret-looking keys redacted (the runtime's rule), for what is stored or listed. */
export function redactContext<T extends { requestContext?: Record<string, unknown> }>(request: T): T {
  if (!request.requestContext) return request
  const redact = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map(redact)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSecretKey(k) ? '[REDACTED]' : redact(v)]))
  }
  return { ...request, requestContext: redact(request.requestContext) as Record<string, unknown> }
}

/** Imports every readable JSON record; unreadable files are named in the log and left in place. */
export function importJsonHistory(store: RunStore, dataDir: string, log: (line: string) => void): void {
  const dir = join(dataDir, 'runs')
  if (!existsSync(dir)) return
  let imported = 0
  const records: RunRecord[] = []
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue
    try {
      const parsed = RunRecord.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')))
      if (parsed.success) records.push(parsed.data)
      else log(`Not importing history file ${name}: ${parsed.error.issues[0]?.message}`)
    } catch (err) {
      log(`Not importing history file ${name}: ${(err as Error).message}`)
    }
  }
  // Oldest first, so the newest runs get the highest keys and list first.
  records.sort((a, b) => a.startedAt.localeCompare(b.startedAt))
  for (const record of records) {
    // A record without its terminal event was cut short (older versions only relabelled it): it is closed like any
    // run found unfinished, with a terminal `interrupted` event in its log.
    const open = record.events.at(-1)?.type !== 'run-finished'
    store.importRecord({ ...record, status: open ? 'running' : record.status, request: redactContext(record.request) })
    imported++
  }
  renameSync(dir, join(dataDir, 'runs.imported'))
  log(`Imported ${imported} run(s) from the JSON history into history.db.`)
}
