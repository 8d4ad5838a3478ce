// Builds the SPA (vite build → dist/app) before the e2e run when the build is missing or older than its sources; the
// fixtures' server serves it. `npm ci` has just built it in CI (the prepare script), so CI does not build it twice.
import { execFileSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
/** What the SPA build is made from: a change to any of these makes dist/app stale. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

/** The newest modification time under `path` (ms), files only. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))))
}

export default function globalSetup(): void {
  if (process.env.TOOLSCOPE_E2E_SKIP_BUILD === '1') return
  const built = statSync(join(root, 'dist/app/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0
  if (built > Math.max(...SOURCES.map((s) => newest(join(root, s))))) return
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}
