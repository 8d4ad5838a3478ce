// A run fits a laptop screen: at 1280×720 and 1024×700 a prompt that waits for a person (approval, suspend with its
// resume editor, elicitation, Continue of a step) is whole on screen the moment it appears, with Compare and the input
// in view beside it; a finished run shows Compare. `toBeInViewport` measures what is really visible (clipping by the
// scrolling panes included); screenshots go to the test output folder.
import { test, expect, type ToolscopePage } from './fixtures/toolscope.ts'
import type { Page, TestInfo } from '@playwright/test'

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 700 },
] as const

/** Compare and the input side by side, both on screen, and nothing cut at the side. */
async function expectBothPanesInView(page: Page, toolscope: ToolscopePage) {
  const compare = page.getByRole('region', { name: 'Compare' })
  await expect(compare.getByRole('heading', { name: 'Compare' })).toBeInViewport({ ratio: 1 })
  await expect(toolscope.inputRegion.getByRole('heading', { name: 'Input', exact: true })).toBeInViewport({ ratio: 1 })
  await expect(toolscope.inputRegion).toBeInViewport()
  await expect(page.getByRole('separator', { name: 'Resize input and results' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
}

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`) })

for (const { width, height } of SIZES) {
  const size = `${width}×${height}`
  test.describe(`at ${size}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height })
    })

    test('an approval card and its buttons are on screen when it appears, then the result', async ({
      toolscope,
      page,
    }, testInfo) => {
      await toolscope.goto()
      await toolscope.selectTool('delete-file')
      await toolscope.setInput({ path: '/var/data/report.csv' })
      await toolscope.run()
      await toolscope.expectStatus('awaiting approval')
      const card = page.getByRole('region', { name: 'Approval' })
      await expect(card).toBeInViewport({ ratio: 1 })
      for (const name of ['Approve', 'Decline'])
        await expect(card.getByRole('button', { name })).toBeInViewport({ ratio: 1 })
      await expect(card.getByLabel('Reason (optional)')).toBeInViewport({ ratio: 1 })
      await expectBothPanesInView(page, toolscope)
      await expect(
        page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'Raw', exact: true }),
      ).toBeInViewport()
      await shot(page, testInfo, `approval-${width}x${height}`)

      await toolscope.approve()
      await toolscope.expectStatus('success')
      await expect(
        page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'Raw', exact: true }),
      ).toContainText('/var/data/report.csv')
      await expect(
        page.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'Raw', exact: true }),
      ).toBeInViewport()
      await expect(page.getByRole('group', { name: 'Run actions' })).toBeInViewport({ ratio: 1 })
      await expectBothPanesInView(page, toolscope)
      await shot(page, testInfo, `finished-${width}x${height}`)
    })

    test('a suspend card with its resume editor and Resume button is on screen when it appears', async ({
      toolscope,
      page,
    }, testInfo) => {
      await toolscope.goto()
      await toolscope.selectTool('confirm-order')
      await toolscope.setInput({ item: 'green tea', quantity: 3 })
      await toolscope.run()
      await toolscope.expectStatus('suspended')
      const card = page.getByRole('region', { name: 'Suspended' })
      await expect(card).toBeInViewport({ ratio: 1 })
      await toolscope.editor('Resume data JSON')
      await expect(card.locator('.monaco-editor')).toBeInViewport({ ratio: 1 })
      await expect(card.getByRole('button', { name: 'Resume' })).toBeInViewport({ ratio: 1 })
      await expectBothPanesInView(page, toolscope)
      await shot(page, testInfo, `suspend-${width}x${height}`)
    })

    test("an elicitation form and a paused step's Continue are on screen when they appear", async ({
      toolscope,
      page,
    }) => {
      await toolscope.goto()
      await toolscope.selectTool('ask-name')
      await toolscope.setContext({ caller: 'mcp' })
      await toolscope.setInput({})
      await toolscope.run()
      await toolscope.expectStatus('awaiting elicitation')
      const form = page.getByRole('form', { name: 'Elicitation' })
      await expect(form).toBeInViewport({ ratio: 1 })
      await expect(form.getByRole('button', { name: 'Accept' })).toBeInViewport({ ratio: 1 })

      await toolscope.selectTool('get-weather')
      await toolscope.step()
      await toolscope.expectStatus('paused')
      await expect(page.getByRole('button', { name: 'Continue' })).toBeInViewport({ ratio: 1 })
      await expectBothPanesInView(page, toolscope)
    })
  })
}

test('a prompt that appears while the input pane is scrolled down is brought into view, and focus stays put', async ({
  toolscope,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/scrolled.txt' })
  await toolscope.setContext({ caller: 'agent' }) // opens Context: the pane gets taller than the screen
  const mode = page.getByRole('group', { name: 'Network' }).getByLabel('Network mode')
  await mode.focus()
  const pane = page.locator('#run-input-pane')
  await pane.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
  // The run bar, where the prompt appears, is scrolled out of sight.
  await expect(page.getByRole('button', { name: 'Run', exact: true })).not.toBeInViewport()
  await page.keyboard.press('Control+Enter')
  await toolscope.expectStatus('awaiting approval')
  await expect(page.getByRole('region', { name: 'Approval' })).toBeInViewport({ ratio: 1 })
  await expect(mode).toBeFocused()
})
