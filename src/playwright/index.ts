// `toolscope/playwright`: Playwright's `test` extended with a `toolscope` page object backed by a real Toolscope
// server (free port, temp history) started per worker on the tool paths given with `test.use({ toolscopeOptions })`.

import { test as base, expect } from '@playwright/test'
import { launchToolscope, type LaunchedToolscope, type ToolscopeOptions } from './launch.ts'
import { ToolscopePage } from './page.ts'

export { expect, launchToolscope, ToolscopePage }
export type { StartOptions } from './page.ts'
export type { LaunchedToolscope, ToolscopeOptions }

/** Test-scoped fixtures. */
export interface ToolscopeFixtures {
  /** Page object driving the playground of this worker's server. */
  toolscope: ToolscopePage
}

/** Worker-scoped fixtures: one server per worker and option set. */
export interface ToolscopeWorkerFixtures {
  /** Set with `test.use({ toolscopeOptions: { paths: ['./src/tools'] } })`. */
  toolscopeOptions: ToolscopeOptions
  toolscopeServer: LaunchedToolscope
}

export const test = base.extend<ToolscopeFixtures, ToolscopeWorkerFixtures>({
  toolscopeOptions: [{}, { scope: 'worker', option: true }],
  toolscopeServer: [
    async ({ toolscopeOptions }, use) => {
      const server = await launchToolscope(toolscopeOptions)
      await use(server)
      await server.close()
    },
    { scope: 'worker' },
  ],
  toolscope: async ({ page, toolscopeServer }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await use(new ToolscopePage(page, toolscopeServer))
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
})
