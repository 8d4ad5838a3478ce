// Run history on disk: one JSON file per run under <dataDir>/runs, written atomically (temp file + rename)
// so a crash never leaves a corrupt file; the newest 500 runs are kept; runs in flight at a crash load as `interrupted`.

import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { RunRecord } from '../src/shared/protocol.ts'
import { writeFileAtomic } from './atomicFile.ts'

const FINAL = new Set(['success', 'error', 'declined', 'aborted', 'interrupted'])

/** Persistent store of run records. */
export class History {
  readonly dir: string
  private writing = new Map<string, Promise<void>>()
  private dirty = new Map<string, RunRecord>()
  private removing = new Set<Promise<void>>()

  constructor(dataDir: string, private log: (line: string) => void = () => {}) {
    this.dir = join(dataDir, 'runs')
  }

  private fileOf(runId: string): string {
    return join(this.dir, `${runId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`)
  }

  /** Loads every stored run (oldest first); runs that never finished become `interrupted` and are rewritten. */
  async load(): Promise<RunRecord[]> {
    await mkdir(this.dir, { recursive: true })
    const names = await readdir(this.dir)
    const records: RunRecord[] = []
    for (const name of names) {
      const full = join(this.dir, name)
      // Leftover temp files are from a write a crash cut short: the previous complete file is still there.
      if (name.endsWith('.tmp')) {
        await rm(full, { force: true })
        continue
      }
      if (!name.endsWith('.json')) continue
      try {
        const parsed = RunRecord.safeParse(JSON.parse(await readFile(full, 'utf8')))
        if (!parsed.success) {
          this.log(`Ignoring unreadable history file ${name}: ${parsed.error.issues[0]?.message}`)
          continue
        }
        const record = parsed.data
        if (!FINAL.has(record.status)) {
          record.status = 'interrupted'
          await writeFileAtomic(full, JSON.stringify(record))
        }
        records.push(record)
      } catch (err) {
        this.log(`Ignoring unreadable history file ${name}: ${(err as Error).message}`)
      }
    }
    records.sort((a, b) => a.startedAt.localeCompare(b.startedAt))
    return records
  }

  /** Schedules a write of the record's latest state; writes of one run never overlap and coalesce under load. */
  save(record: RunRecord): void {
    this.dirty.set(record.runId, record)
    if (!this.writing.has(record.runId)) this.pump(record.runId)
  }

  private pump(runId: string): void {
    const record = this.dirty.get(runId)
    if (!record) {
      this.writing.delete(runId)
      return
    }
    this.dirty.delete(runId)
    const p = writeFileAtomic(this.fileOf(runId), JSON.stringify(record))
      .catch((err) => this.log(`Could not save run ${runId}: ${(err as Error).message}`))
      .then(() => this.pump(runId))
    this.writing.set(runId, p)
  }

  /** Deletes stored runs (pruning past the limit); flush() waits for it too. */
  remove(runIds: string[]): Promise<void> {
    const done = (async () => {
      for (const id of runIds) {
        this.dirty.delete(id)
        await this.writing.get(id)
        await rm(this.fileOf(id), { force: true })
      }
    })()
    this.removing.add(done)
    return done.finally(() => this.removing.delete(done))
  }

  /** Waits until every scheduled write is on disk. */
  async flush(): Promise<void> {
    while (this.writing.size > 0 || this.removing.size > 0) await Promise.all([...this.writing.values(), ...this.removing])
  }
}
