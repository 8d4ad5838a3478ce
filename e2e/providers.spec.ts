// E2E: the Providers panel in Overview: per provider, the verdict, what it finds and the definition as sent; a tool
// every provider accepts and one OpenAI's strict mode refuses.
import { fileURLToPath } from 'node:url'
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

  await toolscope.selectTool('set-labels')
  await page.getByRole('tab', { name: 'Overview' }).click()
  const strict = panel.getByRole('article', { name: 'Provider OpenAI (strict)' })
  await expect(strict).toContainText('refused')
  await expect(strict.getByRole('list', { name: 'Findings for OpenAI (strict)' })).toContainText('openai-strict/open-object')
  await expect(panel.getByRole('article', { name: 'Provider Anthropic' })).not.toContainText('refused')
})
