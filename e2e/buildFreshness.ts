// Whether a build output is current: newer than every file it is made from. The e2e setup (the SPA) and the sample
// project's pack (the whole package) use it so that a build `npm ci` has just made (its `prepare`) is not made twice.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** What the SPA build (dist/app) is made from. */
export const APP_SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
/** What the package's whole build (`npm run build`: the library, the compiled server, the SPA) is made from. */
export const PACKAGE_SOURCES = [
  ...APP_SOURCES,
  'server',
  'bin',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.node.json',
]
/** One file of each output of `npm run build`, written by its last step. */
export const PACKAGE_OUTPUTS = ['dist/index.js', 'dist/node/server/cli.js', 'dist/app/index.html']

/** The newest modification time under `path` (ms), files only; node_modules and test output are not sources. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    0,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'test-results')
      .map((name) => newest(join(path, name))),
  )
}

/** True when every output exists and is newer than every source (paths relative to the repository root). */
export function isBuildCurrent(outputs: readonly string[], sources: readonly string[]): boolean {
  const built = Math.min(
    ...outputs.map((output) => statSync(join(ROOT, output), { throwIfNoEntry: false })?.mtimeMs ?? 0),
  )
  return built > Math.max(...sources.map((source) => newest(join(ROOT, source))))
}
