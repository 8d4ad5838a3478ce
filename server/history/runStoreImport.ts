// One-time import of the JSON history of earlier versions (`<dataDir>/runs/*.json`, one file per run) into the
// history database; the folder is then renamed `runs.imported` so the import never runs twice.

import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, renameSync } from 'node:fs'
import { join, sep } from 'node:path'
import { MAX_IMPORT_BYTES } from '../http/body.ts'
import { MAX_JSON_DEPTH, parseJsonBounded } from '../http/jsonDepth.ts'
import { RunRecord } from '../../src/shared/protocol.ts'
import { redactRequestContext, Status } from '../../src/runtime/index.ts'
import type { RunStore } from './runStore.ts'

/** Largest legacy record read: a record holds a whole run, so it gets the cap of a run import. */
const MAX_LEGACY_RECORD_BYTES = MAX_IMPORT_BYTES

/** True when `child` is `parent` or inside it (both already resolved). */
const isInside = (parent: string, child: string) => child === parent || child.startsWith(parent + sep)

/**
 * Why a legacy record file is not read, or undefined when it is a regular file inside `dir`: links are never followed
 * (a link out of the data folder would import, and log, a file that is not Toolscope's).
 */
function unreadable(dir: string, file: string): string | undefined {
  const stat = lstatSync(file)
  if (stat.isSymbolicLink()) return 'it is a symbolic link (links are never followed)'
  if (!stat.isFile()) return 'it is not a regular file'
  if (stat.size > MAX_LEGACY_RECORD_BYTES) return `it is larger than ${MAX_LEGACY_RECORD_BYTES} bytes`
  if (!isInside(dir, realpathSync(file))) return 'it resolves outside the data folder'
  return undefined
}

/**
 * Imports every readable JSON record: parsed with the bounds of every input (depth, keys; see jsonDepth.ts), each
 * refused or failing record named in the log (never quoting its text) and left in place, so no record can stop a start.
 */
export function importJsonHistory(store: RunStore, dataDir: string, log: (line: string) => void): void {
  const dir = join(dataDir, 'runs')
  if (!existsSync(dir)) return
  if (lstatSync(dir).isSymbolicLink())
    return log(`Not importing the JSON history: ${dir} is a symbolic link (links are never followed).`)
  const realDir = realpathSync(dir)
  if (!isInside(realpathSync(dataDir), realDir))
    return log(`Not importing the JSON history: ${dir} resolves outside the data folder.`)
  let imported = 0
  const records: Array<{ name: string; record: RunRecord }> = []
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue
    try {
      const why = unreadable(realDir, join(realDir, name))
      if (why) {
        log(`Not importing history file ${name}: ${why}.`)
        continue
      }
      const text = readFileSync(join(realDir, name), 'utf8')
      const json = parseJsonBounded(text, MAX_JSON_DEPTH)
      // A syntax error's message quotes the text: only the reason is logged.
      if (!json.ok) {
        log(`Not importing history file ${name}: ${json.reason === 'syntax' ? 'it is not valid JSON' : json.message}.`)
        continue
      }
      const parsed = RunRecord.safeParse(json.value)
      if (parsed.success) records.push({ name, record: parsed.data })
      else {
        const issue = parsed.error.issues[0]
        log(
          `Not importing history file ${name}: it is not a run record (${issue ? `${issue.path.map(String).join('.') || '(record)'}: ${issue.code}` : 'invalid'}).`,
        )
      }
    } catch (err) {
      log(
        `Not importing history file ${name}: it could not be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}).`,
      )
    }
  }
  // Oldest first, so the newest runs get the highest keys and list first.
  records.sort((a, b) => a.record.startedAt.localeCompare(b.record.startedAt))
  for (const { name, record } of records) {
    // A record without its terminal event was cut short (older versions only relabelled it): it is closed like any
    // run found unfinished, with a terminal `interrupted` event in its log.
    const open = record.events.at(-1)?.type !== 'run-finished'
    try {
      store.importRecord({
        ...record,
        status: open ? Status.running : record.status,
        request: redactRequestContext(record.request),
      })
      imported++
    } catch (err) {
      log(`Not importing history file ${name}: storing it failed (${(err as Error).name}).`)
    }
  }
  renameSync(dir, join(dataDir, 'runs.imported'))
  log(`Imported ${imported} run(s) from the JSON history into history.db.`)
}
