// Schema of the history database and its upgrade steps: `schema_version` holds the version, each migration moves
// the database one version up inside a transaction, and a database written by a newer Toolscope is refused.

import type { Database } from './sqlite.ts'

/** One upgrade step, from `version - 1` to `version`. */
interface Migration {
  version: number
  up: string
}

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    up: `
      CREATE TABLE runs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        run_id TEXT NOT NULL UNIQUE,
        tool_id TEXT NOT NULL,
        status TEXT NOT NULL,
        caller TEXT NOT NULL,
        input_summary TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        duration_ms REAL,
        event_count INTEGER NOT NULL,
        bytes INTEGER NOT NULL,
        request TEXT NOT NULL
      );
      CREATE TABLE events (
        run_pk INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (run_pk, seq)
      ) WITHOUT ROWID;`,
  },
  {
    version: 2,
    // The History tab filters by tool and by status, newest first.
    up: `
      CREATE INDEX runs_by_tool ON runs (tool_id, id);
      CREATE INDEX runs_by_status ON runs (status, id);`,
  },
  {
    version: 3,
    // The event type beside its JSON: a finished run is replayed by copying stored text, without parsing it.
    // Rows of older versions keep NULL and are parsed on read.
    up: 'ALTER TABLE events ADD COLUMN type TEXT;',
  },
  {
    version: 4,
    // How a run came to be (imported from a file, rerun from a point of another run), as JSON; NULL for the others.
    up: 'ALTER TABLE runs ADD COLUMN origin TEXT;',
  },
  {
    version: 5,
    // The version of each event row's JSON (FORMAT_VERSIONS.storedEvent), so the modernizer can upgrade it on read
    // (server/history/storedRows.ts). Rows of older versions keep NULL: the format before versions, 1.
    up: 'ALTER TABLE events ADD COLUMN format INTEGER;',
  },
]

/** The version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version

/** Thrown when the database was written by a newer Toolscope. */
export class NewerSchemaError extends Error {
  readonly code = 'newer-schema'
}

/** Current version of a database (0 when empty). */
export function schemaVersion(db: Database): number {
  db.exec('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)')
  const row = db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined
  return row?.version ?? 0
}

/** Version of a database without writing to it (0 when it has no schema yet), for a read-only reader. */
export function readSchemaVersion(db: Database): number {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").get()
  if (!table) return 0
  return (db.prepare('SELECT version FROM schema_version').get() as { version: number } | undefined)?.version ?? 0
}

/** Refuses a database written by a newer Toolscope. */
export function assertReadable(version: number): void {
  if (version > SCHEMA_VERSION) {
    throw new NewerSchemaError(
      `The history database is version ${version}; this Toolscope reads up to ${SCHEMA_VERSION}. Upgrade Toolscope or use another --data-dir.`,
    )
  }
}

/** Brings the database to SCHEMA_VERSION, one step per transaction. */
export function migrate(db: Database): void {
  const current = schemaVersion(db)
  assertReadable(current)
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue
    db.transaction(() => {
      db.exec(m.up)
      db.prepare('DELETE FROM schema_version').run()
      db.prepare('INSERT INTO schema_version (version) VALUES (?)').run(m.version)
    })()
  }
}
