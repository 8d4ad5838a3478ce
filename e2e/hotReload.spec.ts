// E2E: editing a tool file updates the catalog in place, refreshes the open tool's schemas, shows a notice,
// and keeps the draft input.
import { writeFileSync } from 'node:fs'
import { test as base, expect } from '@playwright/test'
import { greetToolSource, openGreetTool } from './fixtures/greetTool.ts'

base('hot reload updates the open tool in place and keeps the draft', async ({ page }, testInfo) => {
  const { file, server, ui } = await openGreetTool(page, testInfo)
  try {
    await page.getByRole('tab', { name: 'Overview' }).click()
    await expect(page.getByRole('region', { name: 'Input schema' })).not.toContainText('shout')

    writeFileSync(
      file,
      greetToolSource({
        description: 'Says hello, loudly if asked.',
        extraInput: ", shout: z.boolean().optional().describe('Upper-case it')",
      }),
    )
    await expect(page.getByRole('status', { name: 'Reload notice' })).toContainText('Tools reloaded: changed greet')
    await expect(page.getByRole('region', { name: 'Input schema' })).toContainText('shout')
    await expect(page.getByRole('region', { name: 'Description' })).toContainText('Says hello, loudly if asked.')

    await page.getByRole('tab', { name: 'Run' }).click()
    await ui.run()
    await ui.expectStatus('success')
    expect((await ui.panels()).raw).toContain('Hello Ada')
  } finally {
    await server.close()
  }
})
