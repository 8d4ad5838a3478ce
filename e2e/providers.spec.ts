// E2E: the Providers panel in Overview: per provider, the verdict, what it finds, the definition as sent and its token
// count; a tool every provider accepts and one OpenAI's strict mode refuses; the tool list's "refused by" badge, after a
// hot reload too; token counts on the Compare panels, and a model view over the budget.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { test as base } from '@playwright/test'
import { greetToolSource, openGreetTool } from './fixtures/greetTool.ts'
import { expect, FIXTURE_TOOLS, test } from './fixtures/toolscope.ts'

const PROVIDER_TOOLS = fileURLToPath(new URL('./fixtures/provider-tools/', import.meta.url))
test.use({ toolscopeOptions: { paths: [FIXTURE_TOOLS, PROVIDER_TOOLS] } })

test('the Providers panel shows each provider verdict, its findings and the definition as sent', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await page.getByRole('tab', { name: 'Overview' }).click()
  const panel = page.getByRole('region', { name: 'Providers' })
  const anthropic = panel.getByRole('article', { name: 'Provider Anthropic' })
  await expect(anthropic).toContainText('accepted')
  await expect(anthropic).not.toContainText('refused')
  await anthropic.getByText('Definition as sent').click()
  await expect(anthropic).toContainText('"input_schema"')
  await expect(anthropic).toContainText(/≈ \d+ tokens \(estimate, Claude 2 tokenizer\); catalog ≈ \d+ tokens/)
  await expect(panel.getByRole('article', { name: 'Provider OpenAI (function tools)' })).toContainText(
    /\d+ tokens \(o200k_base\); catalog \d+ tokens/,
  )
  await expect(panel).toContainText(/all \d+ tools of the catalog/)
  await page.screenshot({ path: test.info().outputPath('providers-tokens.png'), fullPage: true })

  // The list is virtualized: search to bring each tool into view.
  await toolscope.search.fill('get-weather')
  await expect(toolscope.toolList.getByRole('option', { name: 'get-weather' })).not.toContainText('refused')
  await toolscope.search.fill('set-labels')
  await expect(toolscope.toolList.getByRole('option', { name: 'set-labels' })).toContainText(
    'refused by OpenAI (strict)',
  )
  await toolscope.selectTool('set-labels')
  await page.getByRole('tab', { name: 'Overview' }).click()
  const strict = panel.getByRole('article', { name: 'Provider OpenAI (strict)' })
  await expect(strict).toContainText('refused')
  await expect(strict.getByRole('list', { name: 'Findings for OpenAI (strict)' })).toContainText(
    'openai-strict/open-object',
  )
  await expect(panel.getByRole('article', { name: 'Provider Anthropic' })).not.toContainText('refused')
})

base(
  'a hot reload that makes a tool unacceptable to a provider updates its badge and its Providers panel',
  async ({ page }, testInfo) => {
    const { file, server, ui } = await openGreetTool(page, testInfo)
    try {
      const option = ui.toolList.getByRole('option', { name: 'greet' })
      await expect(option).toBeVisible()
      await expect(option).not.toContainText('refused')
      await page.getByRole('tab', { name: 'Overview' }).click()
      const strict = page
        .getByRole('region', { name: 'Providers' })
        .getByRole('article', { name: 'Provider OpenAI (strict)' })
      await expect(strict).not.toContainText('refused')

      writeFileSync(
        file,
        greetToolSource({ extraInput: ", tags: z.record(z.string(), z.string()).describe('Free-form tags')" }),
      )
      await expect(option).toContainText('refused by OpenAI (strict)')
      await expect(strict).toContainText('refused')
      await expect(strict).toContainText('openai-strict/open-object')
    } finally {
      await server.close()
    }
  },
)

test('the Compare panels show what each view costs in tokens, and flag a model view over the budget', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('list-rows')
  await toolscope.setInput({ table: 'orders' })
  await toolscope.run()
  const model = page.getByRole('region', { name: 'Model' })
  await expect(model.getByText('over token budget')).toBeVisible()
  await expect(model.getByText('over token budget')).toHaveAttribute(
    'title',
    /The model view of this run's output is [\d,]+ tokens \(o200k_base\), over the budget of 2,000/,
  )
  const raw = page.getByRole('region', { name: 'Raw' }).getByRole('note')
  await expect(raw).toHaveAccessibleName(
    /^Raw tokens: OpenAI \(function tools\), o200k_base: [\d,]+ tokens; Anthropic, estimate from Claude 2 tokenizer: ≈ [\d,]+ tokens; Google Gemini, estimate from chars\/4: ≈ [\d,]+ tokens$/,
  )
  await page.screenshot({ path: test.info().outputPath('compare-tokens.png'), fullPage: true })

  await page.getByRole('tab', { name: 'input' }).click()
  await expect(page.getByRole('region', { name: 'Model' })).not.toContainText('over token budget')
  await expect(page.getByRole('region', { name: 'Raw' })).toContainText(/\d+ tokens/)
})
