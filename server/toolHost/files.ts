// Lists the tool module files behind the paths a user gave: files as given, folders searched recursively
// for TypeScript/JavaScript modules, skipping dependencies, build output, tests and declaration files.

import { readdir, stat } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'

const EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.tsx', '.jsx'])
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report'])

/** True for a file name that can be a tool module (not a test, not a declaration file). */
export function isToolModuleName(name: string): boolean {
  if (!EXTENSIONS.has(extname(name))) return false
  return !/\.d\.[cm]?ts$/.test(name) && !/\.(test|spec|bench)\.[cm]?[jt]sx?$/.test(name)
}

/** Directories the watcher ignores (same rule as the listing). */
export function isSkippedDir(name: string): boolean {
  return SKIP_DIRS.has(name) || name.startsWith('.')
}

async function walk(dir: string, out: string[]): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true })
  entries.sort((a, b) => a.name.localeCompare(b.name))
  for (const e of entries) {
    const full = join(dir, e.name)
    if (e.isDirectory()) {
      if (!isSkippedDir(e.name)) await walk(full, out)
    } else if (e.isFile() && isToolModuleName(e.name)) out.push(full)
  }
}

/** Resolves paths to absolute module files (sorted, unique). A missing path is an error a person can act on. */
export async function listToolFiles(paths: string[]): Promise<{ files: string[]; missing: string[] }> {
  const files: string[] = []
  const missing: string[] = []
  for (const p of paths) {
    const abs = resolve(p)
    const info = await stat(abs).catch(() => undefined)
    if (!info) missing.push(p)
    else if (info.isDirectory()) await walk(abs, files)
    else files.push(abs)
  }
  return { files: [...new Set(files)], missing }
}
