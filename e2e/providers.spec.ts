// E2E: the Providers panel in Overview: per provider, the verdict, what it finds and the definition as sent; a tool
// every provider accepts and one OpenAI's strict mode refuses; the tool list's "refused by" badge, after a hot reload too.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base } from '@playwright/test'
import { greetToolSource, openGreetTool } from './fixtures/greetTool.ts'
import { expect, FIXTURE_TOOLS, test } from './fixtures/toolscope.ts'

const PROVIDER_TOOLS = fileURLToPath(new URL('./fixtures/provider-tools/', import.meta.url))
test.use({ toolscopeOptions: { paths: [FIXTURE_TOOLS, PROVIDER_TOOLS] } })

test('the Providers panel shows each provider verdict, its findings and the definition as sent', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await page.getByRole('tab', { name: 'Overview' }).click()
  const panel = page.getByRole('region', { name: 'Providers' })
  const anthropic = panel.getByRole('article', { name: 'Provider Anthropic' })
  await expect(anthropic).toContainText('accepted')
  await expect(anthropic).not.toContainText('refused')
  await anthropic.getByText('Definition as sent').click()
  await expect(anthropic).toContainText('"input_schema"')
  await expect(panel).toContainText(/Definition: \d+ tokens \(estimate/)

  // The list is virtualized: search to bring each tool into view.
  await toolscope.search.fill('get-weather')
  await expect(toolscope.toolList.getByRole('option', { name: 'get-weather' })).not.toContainText('refused')
  await toolscope.search.fill('set-labels')
  await expect(toolscope.toolList.getByRole('option', { name: 'set-labels' })).toContainText('refused by OpenAI (strict)')
  await toolscope.selectTool('set-labels')
  await page.getByRole('tab', { name: 'Overview' }).click()
  const strict = panel.getByRole('article', { name: 'Provider OpenAI (strict)' })
  await expect(strict).toContainText('refused')
  await expect(strict.getByRole('list', { name: 'Findings for OpenAI (strict)' })).toContainText('openai-strict/open-object')
  await expect(panel.getByRole('article', { name: 'Provider Anthropic' })).not.toContainText('refused')
})

base('a hot reload that makes a tool unacceptable to a provider updates its badge and its Providers panel', async ({ page }, testInfo) => {
  const { file, server, ui } = await openGreetTool(page, testInfo)
  try {
    const option = ui.toolList.getByRole('option', { name: 'greet' })
    await expect(option).toBeVisible()
    await expect(option).not.toContainText('refused')
    await page.getByRole('tab', { name: 'Overview' }).click()
    const strict = page.getByRole('region', { name: 'Providers' }).getByRole('article', { name: 'Provider OpenAI (strict)' })
    await expect(strict).not.toContainText('refused')

    writeFileSync(file, greetToolSource({ extraInput: ", tags: z.record(z.string(), z.string()).describe('Free-form tags')" }))
    await expect(option).toContainText('refused by OpenAI (strict)')
    await expect(strict).toContainText('refused')
    await expect(strict).toContainText('openai-strict/open-object')
  } finally {
    await server.close()
  }
})
