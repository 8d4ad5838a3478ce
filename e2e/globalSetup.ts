// Builds the SPA once (vite build → dist/app) before the e2e run; the fixtures' server serves it.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function globalSetup(): void {
  if (process.env.TOOLSCOPE_E2E_SKIP_BUILD === '1') return
  const root = fileURLToPath(new URL('..', import.meta.url))
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}
