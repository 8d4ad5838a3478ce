// The history store on each SQLite driver the running Node has: better-sqlite3 (built for this Node) and node:sqlite
// (Node 22.5+). Runs in the root suite on Node 20 and, through `npm run test:compat`, on Node 22, where the
// better-sqlite3 build of the shared node_modules does not load and node:sqlite must carry history alone.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RunEvent } from '../../src/shared/protocol.ts'
import { RunStore } from '../history/runStore.ts'
import { openDatabase, storageFailureOf, type Database } from '../history/sqlite.ts'
import { tempDir } from './helpers.ts'

function loads(driver: Database['driver']): boolean {
  try {
    const db = openDatabase(':memory:', driver)
    db.close()
    return db.driver === driver
  } catch {
    return false
  }
}

const drivers = (['better-sqlite3', 'node:sqlite'] as const).filter(loads)
const [major, minor] = process.versions.node.split('.').map(Number)

describe('SQLite drivers', () => {
  it('this Node has a driver, and node:sqlite from Node 22.5 on', () => {
    expect(drivers.length).toBeGreaterThan(0)
    if (major > 22 || (major === 22 && minor >= 5)) expect(drivers).toContain('node:sqlite')
    expect(openDatabase(':memory:').driver).toBe(drivers[0])
  })

  for (const driver of drivers) {
    it(`${driver}: a transaction commits, a throwing one rolls back, a nested one joins`, () => {
      const db = openDatabase(':memory:', driver)
      db.exec('CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT)')
      const insert = db.prepare('INSERT INTO t (b) VALUES (@b)')
      db.transaction(() => {
        insert.run({ b: 'kept' })
        db.transaction(() => insert.run({ b: 'nested' }))()
      })()
      expect(() =>
        db.transaction(() => {
          insert.run({ b: 'dropped' })
          throw new Error('no')
        })(),
      ).toThrow('no')
      expect([...db.prepare('SELECT b FROM t ORDER BY a').iterate()].map((r) => (r as { b: string }).b)).toEqual([
        'kept',
        'nested',
      ])
      db.close()
    })

    it(`${driver}: a run stored in a file is read back after reopening`, async () => {
      const t = await tempDir()
      try {
        let store = new RunStore({ dataDir: t.dir, driver })
        const pk = store.createRun({
          runId: 'r1',
          toolId: 'echo',
          caller: 'agent',
          startedAt: new Date().toISOString(),
          request: { toolId: 'echo', input: {} },
        })
        const end: RunEvent = { type: 'run-finished', seq: 0, at: 1, status: 'success', durationMs: 1 }
        store.append(pk, 0, end.type, JSON.stringify(end), {
          status: 'success',
          eventCount: 1,
          bytes: 10,
          finishedAt: new Date().toISOString(),
          durationMs: 1,
        })
        store.close()
        store = new RunStore({ dataDir: t.dir, driver })
        expect(store.list({}).runs.map((r) => [r.runId, r.status])).toEqual([['r1', 'success']])
        expect([...store.eventTexts('r1')].map((e) => e.type)).toEqual(['run-finished'])
        store.close()
      } finally {
        await t.cleanup()
      }
    })

    it(`${driver}: a full database is told from other errors by its code, and a reader opens read-only`, async () => {
      const t = await tempDir()
      try {
        const db = openDatabase(join(t.dir, 'h.db'), driver)
        db.exec('CREATE TABLE t (b TEXT)')
        db.exec('PRAGMA max_page_count = 3')
        const full = catchError(() => db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(64 * 1024)))
        expect(storageFailureOf(full)).toBe('disk-full')
        expect(storageFailureOf(catchError(() => db.exec('SELECT * FROM missing')))).toBeUndefined()
        db.close()
        const reader = openDatabase(join(t.dir, 'h.db'), driver, true)
        expect(storageFailureOf(catchError(() => reader.exec('CREATE TABLE u (a)')))).toBe('read-only')
        reader.close()
      } finally {
        await t.cleanup()
      }
    })
  }
})

function catchError(fn: () => unknown): unknown {
  try {
    fn()
  } catch (err) {
    return err
  }
  throw new Error('expected an error')
}
