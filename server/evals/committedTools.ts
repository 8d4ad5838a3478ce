// Description tuning against the last commit: what the model was told about each tool at a git commit —
// its description and input schema — read by loading the tool files as they were then in a tool host of their own.
// The commit's tree is extracted inside the project (under .toolscope/), so its imports resolve against the project's
// own node_modules and tsconfig as the working copy's do. Only what the model is told comes from the commit: the
// trials still run the working copy's tools.

import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import type { ToolOverride } from '../models/toolOffer.ts'
import { forwardingSink, ToolHost } from '../toolHost/host.ts'

const run = promisify(execFile)

/** Thrown when the commit cannot be read (not a git repository, an unknown ref, a tool path outside the repository). */
export class CommittedToolsError extends Error {}

/** Each tool's description and input schema at `ref`, by tool id; tools the commit does not have are left out. */
export async function committedOverrides(
  paths: readonly string[],
  ref: string,
  cwd = process.cwd(),
): Promise<Record<string, ToolOverride>> {
  // The repository is the one the tools are in (the first path's), wherever the command runs.
  const anchor = paths.length ? folderOf(resolve(cwd, paths[0]!)) : cwd
  const root = await git(['rev-parse', '--show-toplevel'], anchor, 'is not in a git repository')
  const commit = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root, `has no commit "${ref}"`)
  const dir = join(root, '.toolscope', `at-${commit.slice(0, 12)}-${process.pid}`)
  const mapped = paths.map((p) => {
    const rel = relative(root, resolve(cwd, p))
    if (rel.startsWith('..')) throw new CommittedToolsError(`${p} is outside the git repository at ${root}.`)
    return join(dir, rel)
  })
  await mkdir(dir, { recursive: true })
  try {
    await extract(root, commit, dir)
    const host = new ToolHost({ paths: mapped, watch: false, sink: forwardingSink(() => NO_RUNS), log: () => {} })
    try {
      await host.ready
      return Object.fromEntries(
        host.catalog.tools.map((t) => [
          t.id,
          {
            description: t.description,
            ...(t.schemas.input ? { inputSchema: t.schemas.input as Record<string, unknown> } : {}),
          },
        ]),
      )
    } finally {
      await host.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The path itself when it is a folder, else the folder it is in. */
function folderOf(path: string): string {
  try {
    return statSync(path).isDirectory() ? path : dirname(path)
  } catch {
    return dirname(path)
  }
}

/** No run is ever started on the commit's host: it is only read. */
const NO_RUNS = { onEvent: () => undefined, onRunLost: () => undefined }

async function git(args: string[], cwd: string, failure: string): Promise<string> {
  try {
    return (await run('git', args, { cwd })).stdout.trim()
  } catch {
    throw new CommittedToolsError(`${cwd} ${failure}.`)
  }
}

/** The commit's tree written into `dir` (git archive piped into tar). */
async function extract(root: string, commit: string, dir: string): Promise<void> {
  try {
    await run('sh', ['-c', 'git archive --format=tar "$1" | tar -x -C "$2"', 'extract', commit, dir], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    })
  } catch (err) {
    throw new CommittedToolsError(
      `The tree of ${commit.slice(0, 12)} could not be extracted: ${(err as Error).message}`,
    )
  }
}
