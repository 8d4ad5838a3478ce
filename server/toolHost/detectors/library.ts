// Finds the user's own copy of a library (@mastra/core, ai) from the tool module that uses it: its version from
// its package.json and, when needed, the module itself. Never Toolscope's copy: neither package is a dependency.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { pathToFileURL } from 'node:url'

/** A library as resolved from one tool module. */
export interface UserLibrary {
  name: string
  version: string
  /** Absolute path of its package.json. */
  packageJson: string
}

const cache = new Map<string, UserLibrary | null>()

/** The library `name` as the module `fromFile` would import it, or undefined when it is not installed there. */
export function resolveLibrary(name: string, fromFile: string): UserLibrary | undefined {
  const key = `${name}\0${dirname(fromFile)}`
  if (cache.has(key)) return cache.get(key) ?? undefined
  let found: UserLibrary | null
  try {
    // Both packages export ./package.json, so this works through their exports maps.
    const packageJson = createRequire(fromFile).resolve(`${name}/package.json`)
    const version = String(
      (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version ?? 'unknown',
    )
    found = { name, version, packageJson }
  } catch {
    found = null
  }
  cache.set(key, found)
  return found ?? undefined
}

/** Major version number, NaN when unknown. */
export function majorOf(version: string | undefined): number {
  return Number.parseInt(String(version ?? '').split('.')[0], 10)
}

/** Imports the user's copy of `name` (its ESM entry for `subpath`, "." by default) as resolved from `fromFile`. */
export async function importUserLibrary<T>(name: string, fromFile: string, subpath = '.'): Promise<T> {
  const lib = resolveLibrary(name, fromFile)
  if (!lib) throw new Error(`${name} is not installed in the project of ${fromFile}`)
  // A bare import would resolve from Toolscope's folder: load the user's copy by path, ESM entry first (the copy their
  // tool modules get, so classes and symbols match), the CommonJS entry as a fallback.
  const esm = await import(new URL(resolveEsmEntry(lib, subpath), pathToFileURL(lib.packageJson)).href).catch(
    () => undefined,
  )
  const bare = subpath === '.' ? name : `${name}/${subpath.replace(/^\.\//, '')}`
  return (esm ?? (await import(pathToFileURL(createRequire(fromFile).resolve(bare)).href))) as T
}

/** The package's `import` entry for `subpath`, or (for ".") its `module`/`main` field. */
function resolveEsmEntry(lib: UserLibrary, subpath: string): string {
  const pkg = JSON.parse(readFileSync(lib.packageJson, 'utf8')) as { exports?: unknown; module?: string; main?: string }
  const exportsMap = pkg.exports as Record<string, unknown> | string | undefined
  const dot =
    typeof exportsMap === 'object' && exportsMap !== null && Object.keys(exportsMap).some((k) => k.startsWith('.'))
      ? exportsMap[subpath]
      : subpath === '.'
        ? exportsMap
        : undefined
  const pick = (entry: unknown): string | undefined => {
    if (typeof entry === 'string') return entry
    if (entry && typeof entry === 'object') {
      const e = entry as Record<string, unknown>
      return pick(e.import) ?? pick(e.node) ?? pick(e.default)
    }
    return undefined
  }
  return pick(dot) ?? (subpath === '.' ? (pkg.module ?? pkg.main ?? 'index.js') : `${subpath}.js`)
}
