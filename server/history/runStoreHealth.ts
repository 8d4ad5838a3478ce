// Whether the history store can write, and the room it keeps for bad days: a pre-allocated reserve file in the data
// folder, deleted when the disk fills so the ends of the runs in flight can still be written, and re-created (the
// proof that the disk has room again) before the store says it saves again.

import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { StorageStatus } from '../../src/shared/protocol.ts'
import type { StorageFailureCode } from './sqlite.ts'

/** Name of the reserve file inside the data folder. */
export const RESERVE_FILE = 'toolscope.reserve'
/**
 * Size of the reserve: the terminal events of up to 100 runs in flight (a few KiB each with their views) plus the
 * WAL frames of their transaction (4 KiB pages) fit in well under 1 MiB.
 */
export const RESERVE_BYTES = 1024 * 1024
/** How often a failing store checks whether it can write again. */
export const RETRY_MS = 2_000

const MESSAGES: Record<StorageFailureCode, string> = {
  'disk-full': 'the disk is full',
  'io-error': 'the disk reported an I/O error',
  'read-only': 'the history file or its folder is read-only',
}

/** Thrown by RunStore.createRun while history cannot be written (HTTP 507): `status` says why. */
export class StorageFailedError extends Error {
  readonly code = 'storage-failed'
  constructor(readonly status: StorageStatus) {
    super(`${status.message} New runs start again once it can.`)
  }
}

/** Storage state of one store: ok, or failing since a time, with the reserve and the retry timer. */
export class StoreHealth {
  status: StorageStatus | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    /** Where the reserve lives; undefined for an in-memory store (no reserve). */
    private readonly dataDir: string | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** Creates the reserve file when missing; false when the disk has no room for it (or the folder is unwritable). */
  ensureReserve(): boolean {
    if (!this.dataDir) return true
    const file = join(this.dataDir, RESERVE_FILE)
    let fd: number
    try {
      fd = openSync(file, 'wx')
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EEXIST'
    }
    let ok = true
    try {
      // Real bytes, not a sparse file: only written blocks are space another writer cannot take.
      const chunk = Buffer.alloc(64 * 1024)
      for (let written = 0; written < RESERVE_BYTES; written += chunk.length) writeSync(fd, chunk)
    } catch {
      ok = false
    } finally {
      closeSync(fd)
    }
    if (!ok) this.releaseReserve()
    return ok
  }

  /** Deletes the reserve to free its room; true when there was one. */
  releaseReserve(): boolean {
    if (!this.dataDir) return false
    try {
      unlinkSync(join(this.dataDir, RESERVE_FILE))
      return true
    } catch {
      return false
    }
  }

  /** Records a write failure; true when the store was saving until now (the caller then ends the runs in flight). */
  fail(code: StorageFailureCode, err: unknown): boolean {
    if (this.status) return false
    const detail = (err as { code?: unknown }).code
    this.status = {
      code,
      since: new Date().toISOString(),
      message: `Run history is not being saved: ${MESSAGES[code]}${typeof detail === 'string' ? ` (${detail})` : ''}. Runs in flight were stopped; free disk space${this.dataDir ? ` for ${this.dataDir}` : ''} and Toolscope saves again on its own.`,
    }
    this.log(this.status.message)
    return true
  }

  /** Back to saving. */
  recover(): void {
    if (!this.status) return
    this.status = undefined
    this.stop()
    this.log('Run history is being saved again.')
  }

  /** Calls `retry` in RETRY_MS (once; the retry schedules the next one when it fails again). */
  retryLater(retry: () => void): void {
    if (this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      retry()
    }, RETRY_MS)
    this.retryTimer.unref?.()
  }

  stop(): void {
    clearTimeout(this.retryTimer)
    this.retryTimer = undefined
  }
}
