// Playwright e2e config: Debian's Chromium (no browser download), the SPA built once by globalSetup, and
// fixtures (e2e/fixtures/toolscope.ts) that start the real server with deterministic fixture tools.
import { defineConfig } from '@playwright/test'

/** Chromium flags for a headless, offline, sandbox-less CI container. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run']

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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
  },
})
