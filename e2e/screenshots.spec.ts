// E2E screenshots of the main screens in light and dark themes (the Model tab with the scripted model) (the run screen also at 1440×900, 1280×800 and
// 1024×700). Each screen is checked, then captured: into the test output folder normally, into docs/screenshots/
// with TOOLSCOPE_UPDATE_SCREENSHOTS=1.
import { fileURLToPath } from 'node:url'
import { test, expect, type ToolscopePage } from './fixtures/toolscope.ts'
import { startScriptedModel, turn } from '../server/test/scriptedModel.ts'

const DOCS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url))

for (const theme of ['light', 'dark'] as const) {
  test(`main screens in the ${theme} theme`, async ({ toolscope, page }, testInfo) => {
    test.slow() // a dozen screens in one test: more than the default minute on a busy 2-core machine
    const shot = async (name: string) => {
      const path =
        process.env.TOOLSCOPE_UPDATE_SCREENSHOTS === '1'
          ? `${DOCS}${name}-${theme}.png`
          : testInfo.outputPath(`${name}-${theme}.png`)
      await page.screenshot({ path })
    }
    const settle = async (ui: ToolscopePage) => {
      await ui.search.fill('')
      const editor = await ui.editor('Tool input JSON')
      await editor.locator('.view-lines').click()
      await page.keyboard.press('Control+Shift+I') // Monaco's Format Document (Linux keys): pretty JSON in the picture
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      await page.mouse.move(0, 0)
    }
    await page.setViewportSize({ width: 1600, height: 1000 })
    await page.emulateMedia({ colorScheme: theme })
    await toolscope.goto()
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)

    await toolscope.selectTool('get-weather')
    await toolscope.setInput({ city: 'Lisbon', units: 'metric', days: 3 })
    await toolscope.run()
    await toolscope.expectStatus('success')
    await settle(toolscope)
    await shot('run')
    // The run screen at the sizes the layout is judged at: the result in view beside the input at each of them.
    for (const [width, height] of [
      [1440, 900],
      [1280, 800],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height })
      await expect(page.getByRole('region', { name: 'Compare' })).toBeInViewport()
      await expect(toolscope.inputRegion).toBeInViewport()
      await shot(`run-${width}x${height}`)
    }
    await page.setViewportSize({ width: 1600, height: 1000 })

    // Two scenarios from that run: the exact one passes, one with an edited expectation fails with its diff.
    const save = async (name: string, expectation?: unknown, beforeSaving?: () => Promise<void>) => {
      await page.getByRole('button', { name: 'Save as scenario' }).click()
      const form = page.getByRole('form', { name: 'Save as scenario' })
      await form.getByLabel('Scenario name').fill(name)
      if (expectation) await toolscope.fillEditor('Expected result JSON', expectation)
      await form.getByRole('checkbox', { name: 'Replace a scenario that already has this name' }).check() // both themes share a server
      await beforeSaving?.()
      await form.getByRole('button', { name: 'Save scenario' }).click()
      await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText(`${name}.json`)
    }
    await save('lisbon-metric', undefined, async () => {
      await toolscope.editor('Expected result JSON')
      await page.getByRole('form', { name: 'Save as scenario' }).getByRole('checkbox', { name: 'Transcript' }).uncheck()
      await page.getByRole('form', { name: 'Save as scenario' }).scrollIntoViewIfNeeded()
      await page.mouse.move(0, 0)
      await shot('save-scenario')
    })
    await save('lisbon-warm', {
      status: 'success',
      match: 'partial',
      raw: { city: 'Lisbon', temperature: 25 },
      display: { temperature: 25 },
    })
    await page.getByRole('tab', { name: 'Scenarios' }).click()
    await page.getByRole('button', { name: 'Replay all' }).click()
    await expect(page.getByRole('status', { name: 'Replay all result' })).toHaveText('1 passed, 1 failed')
    await page.mouse.move(0, 0)
    await shot('scenarios')

    await page.getByRole('tab', { name: 'Overview' }).click()
    await expect(page.getByRole('region', { name: 'Input schema' })).toBeVisible()
    await shot('overview')

    await toolscope.selectTool('delete-file')
    await page.getByRole('tab', { name: 'Run' }).click()
    await toolscope.setInput({ path: '/var/data/report.csv' })
    await toolscope.run()
    await toolscope.expectStatus('awaiting approval')
    await settle(toolscope)
    await shot('approval')

    await toolscope.selectTool('confirm-order')
    await toolscope.setInput({ item: 'green tea', quantity: 3 })
    await toolscope.run()
    await toolscope.expectStatus('suspended')
    await toolscope.editor('Resume data JSON')
    await settle(toolscope)
    await shot('suspend')

    // The Model tab: a scripted model calls delete-file, the call waits for its approval there, then the model answers.
    const model = await startScriptedModel([
      turn.call('delete-file', { path: '/var/data/old-report.csv' }),
      turn.text('Done: /var/data/old-report.csv is deleted.'),
    ])
    try {
      await toolscope.selectTool('delete-file')
      await page.getByRole('tab', { name: 'Model' }).click()
      const form = page.getByRole('form', { name: 'Model settings' })
      await form.getByLabel('Provider').selectOption('openai-compatible')
      await form.getByLabel('Model', { exact: true }).fill('llama3.2')
      await form.getByLabel(/^Base URL/).fill(model.baseURL)
      await form.getByLabel('Prompt').fill('Please delete /var/data/old-report.csv')
      await form.getByLabel('Prompt').press('Control+Enter')
      const approval = page
        .getByRole('region', { name: 'Tool call delete-file' })
        .getByRole('region', { name: 'Approval' })
      await approval.getByRole('button', { name: 'Approve' }).click()
      await expect(page.getByRole('region', { name: 'Answer' })).toContainText('is deleted.')
      await page.mouse.move(0, 0)
      await shot('model')
    } finally {
      await model.close()
    }
  })
}
