// E2E: editing a tool file updates the catalog in place, refreshes the open tool's schemas, shows a notice,
// and keeps the draft input.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { test as base, expect } from '@playwright/test'
import { launchToolscope, ToolscopePage } from './fixtures/toolscope.ts'

const runtime = fileURLToPath(new URL('../src/index.ts', import.meta.url))
const toolFile = (description: string, extraField: string) => `
import { z } from 'zod'
import { createTool } from ${JSON.stringify(runtime)}
export const greet = createTool({
  id: 'greet',
  description: ${JSON.stringify(description)},
  inputSchema: z.object({ name: z.string()${extraField} }),
  execute: async ({ name }) => ({ greeting: 'Hello ' + name }),
})
`

base('hot reload updates the open tool in place and keeps the draft', async ({ page }, testInfo) => {
  // Inside the repo (the test's output folder) so that `zod` resolves from the tool file, as in a user's project.
  const dir = testInfo.outputPath('tools')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'greet.ts')
  writeFileSync(file, toolFile('Says hello.', ''))
  const server = await launchToolscope({ paths: [dir], watch: true })
  try {
    const ui = new ToolscopePage(page, server)
    await ui.goto()
    await ui.selectTool('greet')
    await ui.setInput({ name: 'Ada' })
    await page.getByRole('tab', { name: 'Overview' }).click()
    await expect(page.getByRole('region', { name: 'Input schema' })).not.toContainText('shout')

    writeFileSync(file, toolFile('Says hello, loudly if asked.', ", shout: z.boolean().optional().describe('Upper-case it')"))
    await expect(page.getByRole('status', { name: 'Reload notice' })).toContainText('Tools reloaded: changed greet')
    await expect(page.getByRole('region', { name: 'Input schema' })).toContainText('shout')
    await expect(page.getByRole('region', { name: 'Description' })).toContainText('Says hello, loudly if asked.')

    await page.getByRole('tab', { name: 'Run' }).click()
    await ui.run()
    await ui.expectStatus('success')
    expect((await ui.panels()).raw).toContain('Hello Ada')
    expect(readFileSync(file, 'utf8')).toContain('shout')
  } finally {
    await server.close()
  }
})
