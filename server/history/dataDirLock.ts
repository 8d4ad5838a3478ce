// The exclusive lock of a data folder (`<dataDir>/toolscope.lock`): one writing process per history, so a second
// server cannot mark the first one's live runs `interrupted`. Created with O_EXCL; a lock whose process is gone is
// taken over; removed on close, on exit and on SIGTERM/SIGINT when nothing else handles the signal.

import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'

/** Name of the lock file inside the data folder. */
export const LOCK_FILE = 'toolscope.lock'

/** What the lock file holds: who has the folder, since when, on which machine. */
export const LockHolder = z.object({ pid: z.number().int().positive(), startedAt: z.string(), host: z.string() })
export type LockHolder = z.infer<typeof LockHolder>

/** Thrown when another live process holds the data folder; `holder` says which (undefined: the file is unreadable). */
export class DataDirLockedError extends Error {
  readonly code = 'data-dir-locked'
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder | undefined,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host}, started ${holder.startedAt}`
      : 'a process that left an unreadable lock file'
    super(
      `The data folder ${join(lockFile, '..')} is in use by ${who}: two Toolscope servers on one history would end each other's runs. ` +
        `Stop that server, or use another --data-dir. If that process is not Toolscope, delete ${lockFile}.`,
    )
  }
}

/** A held lock. */
export interface DataDirLock {
  readonly file: string
  readonly holder: LockHolder
  /** Removes the lock file (only while it is still ours). Idempotent. */
  release(): void
}

/** An unreadable lock file younger than this may be one being written right now, so it counts as held. */
const UNREADABLE_GRACE_MS = 10_000
const held = new Set<DataDirLock>()

/** True while `pid` names a running process (EPERM: it runs, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(file: string): { holder?: LockHolder; ageMs: number } | undefined {
  try {
    const text = readFileSync(file, 'utf8')
    const parsed = LockHolder.safeParse(JSON.parse(text))
    return parsed.success ? { holder: parsed.data, ageMs: 0 } : { ageMs: Infinity }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    // Half-written (its writer is between open and write) or garbage: only an old one is stale.
    return { ageMs: UNREADABLE_GRACE_MS - 1 }
  }
}

/**
 * Takes the data folder's lock, or throws DataDirLockedError naming the process that holds it. A lock left by a
 * process that is gone (kill -9, a crash) is taken over. A lock from another host cannot be checked and counts as held.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE)
  const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), host: hostname() }
  // Two attempts: the second after removing a stale lock. Two processes taking over the same stale lock at the same
  // instant could both remove and create it; that needs two starts within microseconds of each other after a crash.
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number
    try {
      fd = openSync(file, 'wx')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const found = readHolder(file)
      if (!found) continue // removed meanwhile: try again
      const other = found.holder
      const stale = other ? other.host === holder.host && !alive(other.pid) : found.ageMs >= UNREADABLE_GRACE_MS
      if (!stale || attempt > 0) throw new DataDirLockedError(file, other)
      unlinkSync(file)
      continue
    }
    try {
      writeSync(fd, JSON.stringify(holder))
    } finally {
      closeSync(fd)
    }
    const lock: DataDirLock = {
      file,
      holder,
      release() {
        if (!held.delete(lock)) return
        removeIfOurs(file)
      },
    }
    held.add(lock)
    installExitHooks()
    return lock
  }
  throw new DataDirLockedError(file, readHolder(file)?.holder)
}

function removeIfOurs(file: string): void {
  try {
    if (readHolder(file)?.holder?.pid === process.pid) unlinkSync(file)
  } catch {
    // Already gone, or the folder went away: nothing to release.
  }
}

let hooked = false

/** One exit hook and one hook per signal for every lock of the process (no listener pile-up across servers). */
function installExitHooks(): void {
  if (hooked) return
  hooked = true
  process.on('exit', () => {
    for (const lock of [...held]) lock.release()
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const onSignal = () => {
      // Someone else handles the signal (the CLI closes the server, which releases): leave it to them.
      if (process.listenerCount(signal) > 1) return
      for (const lock of [...held]) lock.release()
      process.removeListener(signal, onSignal)
      // Then die of the signal, as the process would have without this hook.
      process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}
