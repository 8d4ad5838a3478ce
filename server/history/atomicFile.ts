// Atomic file writes shared by history and the scenario store: a temp file beside the target, then a rename,
// so readers (and a crash) see the old content or the new one, never half of it.

import { randomUUID } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes `text` to `file` atomically; `createDir` makes the parent folder first. */
export async function writeFileAtomic(
  file: string,
  text: string,
  options: { createDir?: boolean } = {},
): Promise<void> {
  if (options.createDir) await mkdir(dirname(file), { recursive: true })
  // Temp files end in `.tmp` so loaders skip (or clean up) the leftovers of a write a crash cut short.
  const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`
  try {
    await writeFile(tmp, text, 'utf8')
    await rename(tmp, file)
  } catch (err) {
    await rm(tmp, { force: true })
    throw err
  }
}
