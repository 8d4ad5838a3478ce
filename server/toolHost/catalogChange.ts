// What changed between two loads of the tool files: a digest of each file's source (so code-only edits count), and
// the catalog-changed event that tells clients which tools were added, removed or changed.

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import type { CatalogError, CatalogEvent, ToolDetail } from '../../src/shared/protocol.ts'

/** One load: its tools and the digest of each file by its catalog path. */
export interface LoadedCatalog {
  tools: ToolDetail[]
  digests: Map<string, string>
}

/** The catalog-changed event from `before` to `after`. */
export function catalogChange(
  before: LoadedCatalog,
  after: LoadedCatalog,
  version: number,
  errors: CatalogError[],
): CatalogEvent {
  // A tool counts as changed when its description changed or the source of its file did (code-only edits too).
  const fingerprints = ({ tools, digests }: LoadedCatalog) =>
    new Map(tools.map((t) => [t.id, `${digests.get(t.file) ?? ''}:${JSON.stringify(t)}`]))
  const was = fingerprints(before)
  const now = fingerprints(after)
  return {
    type: 'catalog-changed',
    version,
    added: [...now.keys()].filter((id) => !was.has(id)),
    removed: [...was.keys()].filter((id) => !now.has(id)),
    changed: [...now.keys()].filter((id) => was.has(id) && was.get(id) !== now.get(id)),
    errors,
  }
}

/** True when every file of `now` has the digest it had in `loaded`. */
export function sameDigests(loaded: Map<string, string>, now: Map<string, string>): boolean {
  return [...now].every(([file, digest]) => loaded.get(file) === digest)
}

/** sha1 of each file's text, keyed like the catalog's `file` (relative to the working folder when inside it). */
export async function fileDigests(files: string[]): Promise<Map<string, string>> {
  const entries = await Promise.all(
    files.map(async (f) => {
      const rel = relative(process.cwd(), f)
      const text = await readFile(f).catch(() => Buffer.alloc(0))
      return [rel && !rel.startsWith('..') ? rel : f, createHash('sha1').update(text).digest('hex')] as const
    }),
  )
  return new Map(entries)
}
