// Opening the history database: a writer takes the data folder's lock first (one writing process per history) and
// brings the schema up to date; a reader (`toolscope build --runs`, anything beside a live server) opens the file
// read-only, takes no lock and changes nothing, except upgrading an older file that no server holds.

import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './dataDirLock.ts'
import { openDatabase, type Database } from './sqlite.ts'
import { assertReadable, migrate, readSchemaVersion, SCHEMA_VERSION } from './runStoreSchema.ts'

/** How to open the history. */
export interface OpenHistoryOptions {
  /** Folder of `history.db`; undefined: in memory. */
  dataDir?: string
  driver?: Database['driver']
  /** Open without writing: no lock, no migration, no marking of unfinished runs. */
  readOnly?: boolean
  /** SQLite `max_page_count` of a writer: writes past it fail with SQLITE_FULL, as on a full disk. */
  maxPageCount?: number
}

/** An open history database, with the data folder's lock when it was opened for writing a folder. */
export interface OpenHistory {
  db: Database
  lock?: DataDirLock
}

/** File name of the history database inside the data folder. */
export const HISTORY_FILE = 'history.db'

/** Opens the history as a writer (locked) or a reader; throws DataDirLockedError when another process writes it. */
export function openHistory(options: OpenHistoryOptions): OpenHistory {
  const { dataDir, driver } = options
  if (!dataDir) {
    const db = openDatabase(':memory:', driver)
    migrate(db)
    return { db }
  }
  if (options.readOnly) return { db: openReader(dataDir, driver) }
  mkdirSync(dataDir, { recursive: true })
  const lock = acquireDataDirLock(dataDir)
  let db: Database | undefined
  try {
    db = openDatabase(join(dataDir, HISTORY_FILE), driver)
    db.exec('PRAGMA journal_mode = WAL')
    // WAL + NORMAL: a killed process loses nothing committed; only a power cut may lose the last commits.
    db.exec('PRAGMA synchronous = NORMAL')
    if (options.maxPageCount !== undefined) db.exec(`PRAGMA max_page_count = ${Math.floor(options.maxPageCount)}`)
    migrate(db)
    return { db, lock }
  } catch (err) {
    db?.close()
    lock.release()
    throw err
  }
}

/** A read-only connection; an empty in-memory history when the folder has none yet. */
function openReader(dataDir: string, driver: Database['driver'] | undefined): Database {
  const file = join(dataDir, HISTORY_FILE)
  if (!existsSync(file)) {
    const db = openDatabase(':memory:', driver)
    migrate(db)
    return db
  }
  const db = openDatabase(file, driver, true)
  let version: number
  try {
    version = readSchemaVersion(db)
    assertReadable(version)
  } catch (err) {
    db.close()
    throw err
  }
  if (version === SCHEMA_VERSION) return db
  db.close()
  // An older file is upgraded in place, but only while no server holds the folder: a server of this version would
  // have upgraded it when it opened it, so the holder is an older Toolscope still writing that version.
  let lock: DataDirLock
  try {
    lock = acquireDataDirLock(dataDir)
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err
    throw new Error(
      `The history in ${dataDir} is version ${version} and an older Toolscope writes it (${err.message}); this Toolscope reads version ${SCHEMA_VERSION}. Stop that server first.`,
      { cause: err },
    )
  }
  try {
    const writer = openDatabase(file, driver)
    try {
      migrate(writer)
    } finally {
      writer.close()
    }
  } finally {
    lock.release()
  }
  return openDatabase(file, driver, true)
}
