// Where Toolscope's own files are, whichever layout runs: the TypeScript source (server/…) or the compiled tree
// (dist/node/server/…). Files that are not compiled (the UI build, the bundled examples, the JSON schemas, vite) are
// found from the package root, never by a path relative to the running module, which differs between the two layouts.

import { readFileSync } from 'node:fs'
import { dirname, join, parse } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The nearest folder from `dir` upward whose package.json is named "toolscope"; throws when there is none. */
export function findPackageRoot(dir: string): string {
  // Bounded by the file-system root: each step goes one folder up.
  for (let at = dir; ; at = dirname(at)) {
    try {
      const pkg = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8')) as { name?: unknown }
      if (pkg.name === 'toolscope') return at
    } catch {
      // no package.json here, or not JSON: keep going up
    }
    if (at === parse(at).root) throw new Error(`Toolscope's package.json was not found above ${dir}`)
  }
}

/** Toolscope's package folder (the repo in a source checkout, node_modules/toolscope when installed). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)))

/** A file or folder of the package, by its path from the package root (`ownPath('dist', 'app')`). */
export function ownPath(...segments: string[]): string {
  return join(PACKAGE_ROOT, ...segments)
}

/** Whether the server runs the compiled tree (dist/node) rather than its TypeScript source through tsx. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js')

/** What `toolscope --version` prints: `toolscope 0.1.0 (compiled)`, or `(source)` when the TypeScript source runs. */
export function versionText(): string {
  const { version } = JSON.parse(readFileSync(ownPath('package.json'), 'utf8')) as { version: string }
  return `toolscope ${version} (${RUNS_COMPILED ? 'compiled' : 'source'})`
}
