// One synchronous SQLite API for the history store on every Node the README names: better-sqlite3 when its native
// module loads (built for the running Node), else Node's own `node:sqlite` (22.5 and later). So a Toolscope installed
// on one Node and started on another, or installed where better-sqlite3 could not be built, still keeps history.

import { createRequire } from 'node:module'
import type { StorageStatus } from '../../src/shared/protocol.ts'

const require = createRequire(import.meta.url)

/** A prepared statement: positional (`?`) or named (`@name`, given as `{ name }`) parameters. */
export interface Statement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint }
  get(...params: unknown[]): unknown
  all(...params: unknown[]): unknown[]
  iterate(...params: unknown[]): IterableIterator<unknown>
}

/** The part of a database the store uses. */
export interface Database {
  /** Which library opened it: `better-sqlite3` or `node:sqlite`. */
  readonly driver: 'better-sqlite3' | 'node:sqlite'
  exec(sql: string): void
  prepare(sql: string): Statement
  /** Wraps `fn` in BEGIN/COMMIT (ROLLBACK when it throws); a call inside another transaction joins it. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R
  close(): void
}

type NodeSqlite = {
  DatabaseSync: new (
    file: string,
    options?: { readOnly?: boolean },
  ) => { exec(sql: string): void; prepare(sql: string): Statement; close(): void }
}

type BetterSqlite = new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => Omit<Database, 'driver'>
let betterSqlite: BetterSqlite | undefined | null = null

/** better-sqlite3's constructor, or undefined when it is missing or built for another Node (NODE_MODULE_VERSION). */
function loadBetterSqlite(): typeof betterSqlite {
  if (betterSqlite !== null) return betterSqlite
  try {
    const Ctor = require('better-sqlite3') as BetterSqlite
    // The native module is loaded on first open: probe it here so a wrong build falls back instead of failing later.
    new Ctor(':memory:').close()
    betterSqlite = Ctor
  } catch {
    betterSqlite = undefined
  }
  return betterSqlite
}

/** Loads node:sqlite without the one-line "experimental" warning it prints on load (the API used here is stable). */
function loadNodeSqlite(): NodeSqlite {
  const emit = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message
    if (!/SQLite is an experimental feature/.test(text))
      (emit as (...a: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return require('node:sqlite') as NodeSqlite
  } finally {
    process.emitWarning = emit
  }
}

function fromNodeSqlite(file: string, readOnly: boolean): Database {
  const { DatabaseSync } = loadNodeSqlite()
  // Options only when needed: node:sqlite refuses an explicit `undefined` for them.
  const db = readOnly ? new DatabaseSync(file, { readOnly: true }) : new DatabaseSync(file)
  let depth = 0
  return {
    driver: 'node:sqlite',
    exec: (sql) => db.exec(sql),
    prepare: (sql) => db.prepare(sql),
    transaction:
      (fn) =>
      (...args) => {
        if (depth > 0) return fn(...args)
        db.exec('BEGIN')
        depth++
        try {
          const result = fn(...args)
          db.exec('COMMIT')
          return result
        } catch (err) {
          db.exec('ROLLBACK')
          throw err
        } finally {
          depth--
        }
      },
    close: () => db.close(),
  }
}

/**
 * Opens (creating) the database file, or an in-memory one for `:memory:`. `prefer` forces a driver (tests);
 * `readOnly` opens an existing file without write access (a reader beside a live server).
 * Throws with both reasons when neither driver is available (better-sqlite3 unbuilt on Node 20).
 */
export function openDatabase(file: string, prefer?: Database['driver'], readOnly = false): Database {
  const Better = prefer === 'node:sqlite' ? undefined : loadBetterSqlite()
  if (Better) {
    const db = new Better(file, readOnly ? { readonly: true, fileMustExist: true } : undefined)
    return Object.assign(db, { driver: 'better-sqlite3' as const })
  }
  try {
    return fromNodeSqlite(file, readOnly)
  } catch (err) {
    throw new Error(
      `Toolscope keeps history in SQLite and found no driver: better-sqlite3 did not load (run \`npm rebuild better-sqlite3\` for this Node ${process.version}) and node:sqlite needs Node 22.5 or later (${(err as Error).message}).`,
      { cause: err },
    )
  }
}

/** Why a write to the history could not happen, when the cause is the storage itself (not a bug in a statement). */
export type StorageFailureCode = StorageStatus['code']

/** SQLite primary result codes (the low byte of an extended code) that mean the storage failed. */
const SQLITE_PRIMARY: Record<number, StorageFailureCode> = { 13: 'disk-full', 10: 'io-error', 8: 'read-only' }
const ERRNO: Record<string, StorageFailureCode> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  EIO: 'io-error',
  EROFS: 'read-only',
}

/**
 * Classifies an error by its code, never its message: better-sqlite3's `SQLITE_FULL`, `SQLITE_IOERR_*`,
 * `SQLITE_READONLY_*`; node:sqlite's numeric `errcode`; file-system errnos. Undefined for anything else.
 */
export function storageFailureOf(err: unknown): StorageFailureCode | undefined {
  if (err === null || typeof err !== 'object') return undefined
  const { code, errcode } = err as { code?: unknown; errcode?: unknown }
  if (typeof errcode === 'number') return SQLITE_PRIMARY[errcode & 0xff]
  if (typeof code !== 'string') return undefined
  if (code === 'SQLITE_FULL') return 'disk-full'
  if (code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_')) return 'io-error'
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_')) return 'read-only'
  return ERRNO[code]
}
