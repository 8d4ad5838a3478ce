// Builds the SPA (vite build → dist/app) before the e2e run when the build is missing or older than its sources; the
// fixtures' server serves it. `npm ci` has just built it in CI (the prepare script), so CI does not build it twice.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { APP_SOURCES, ROOT, isBuildCurrent } from './buildFreshness.ts'

export default function globalSetup(): void {
  if (process.env.TOOLSCOPE_E2E_SKIP_BUILD === '1') return
  if (isBuildCurrent(['dist/app/index.html'], APP_SOURCES)) return
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  )
}
