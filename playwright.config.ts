// Playwright e2e config: Debian's Chromium (no browser download), the SPA built once by globalSetup, and
// fixtures (e2e/fixtures/toolscope.ts) that start the real server with deterministic fixture tools.
import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

/** Debian's old headless shell (`apt-get install chromium-headless-shell`): headless only, no browser UI. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The browser the suite drives: `CHROMIUM_PATH` when set, else Debian's old headless shell when installed (what
 * Playwright itself runs for headless tests; the suite took 6.6 min with it against 8.6–9.2 min with the full browser on
 * the 2-core CI machine, where Chromium's renderers are most of the CPU), else Debian's Chromium. To watch the tests
 * with `--headed`, set `CHROMIUM_PATH=/usr/bin/chromium`.
 */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/** Chromium flags for a headless, offline, sandbox-less CI container. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two workers everywhere, CI included: each test mostly waits on its page and server, and one worker made the suite
  // take twice as long on the 2-core CI machine.
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 960 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
})
