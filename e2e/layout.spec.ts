// The run screen's layout: input and results in resizable panes (keyboard and mouse, remembered across reloads),
// the result of a run visible without scrolling at 1440×900, side by side at 1024×700, panes that stack on a narrower
// screen, and the tool list's search over descriptions.
import { test, expect } from './fixtures/toolscope.ts'

const separator = (page: import('@playwright/test').Page) =>
  page.getByRole('separator', { name: 'Resize input and results' })

test('after a run at 1440×900 the Compare panels are on screen without scrolling', async ({
  toolscope,
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.setInput({ city: 'Porto', units: 'metric' })
  await toolscope.run()
  await toolscope.expectStatus('success')
  const compare = page.getByRole('region', { name: 'Compare' })
  await expect(compare.getByRole('region', { name: 'Model', exact: true })).toContainText('It is 21 degrees in Porto.')
  await expect(compare).toBeInViewport({ ratio: 1 })
  for (const name of ['Raw', 'Display', 'Transcript', 'Model'])
    await expect(compare.getByRole('region', { name, exact: true })).toBeInViewport({ ratio: 1 })
  await expect(toolscope.statusElement).toBeInViewport()
  // Nothing scrolled to get there: the page itself does not scroll at all.
  expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true)

  // Panels side by side have their bodies start on one line, whatever badges their headers carry.
  const rows = await compare.locator('section > div:last-child').evaluateAll((els) =>
    els.map((e) => ({
      panel: Math.round(e.parentElement!.getBoundingClientRect().top),
      body: Math.round(e.getBoundingClientRect().top),
    })),
  )
  expect(rows).toHaveLength(4)
  for (const r of rows)
    expect(rows.filter((o) => o.panel === r.panel).map((o) => o.body)).toEqual(
      rows.filter((o) => o.panel === r.panel).map(() => r.body),
    )
  expect(rows.filter((o) => o.panel === rows[0].panel).length).toBeGreaterThan(1)
  await page.screenshot({ path: testInfo.outputPath('run-1440x900.png') })
})

test('the input / results separator resizes by keyboard and is remembered across a reload', async ({
  toolscope,
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await toolscope.goto({ tool: 'get-weather' })
  const sep = separator(page)
  await expect(sep).toHaveAttribute('aria-valuenow', '40')
  const pane = page.locator('#run-input-pane')
  const before = (await pane.boundingBox())!.width
  await sep.focus()
  await page.keyboard.press('ArrowRight')
  await expect(sep).toHaveAttribute('aria-valuenow', '42')
  await page.keyboard.press('Shift+ArrowRight')
  await expect(sep).toHaveAttribute('aria-valuenow', '52')
  await expect.poll(async () => (await pane.boundingBox())!.width).toBeGreaterThan(before + 50)
  await page.keyboard.press('End')
  await expect(sep).toHaveAttribute('aria-valuenow', '70')
  await page.keyboard.press('Home')
  await expect(sep).toHaveAttribute('aria-valuenow', '25')
  await page.keyboard.press('ArrowLeft')
  await expect(sep).toHaveAttribute('aria-valuenow', '25')
  await page.keyboard.press('Shift+ArrowRight')
  await expect(sep).toHaveAttribute('aria-valuenow', '35')

  await page.reload()
  await expect(separator(page)).toHaveAttribute('aria-valuenow', '35')
})

test('the separator follows the mouse and the size survives a reload', async ({ toolscope, page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await toolscope.goto({ tool: 'get-weather' })
  const sep = separator(page)
  const row = (await page.locator('#run-input-pane').locator('..').boundingBox())!
  const box = (await sep.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 100)
  await page.mouse.down()
  await page.mouse.move(row.x + row.width * 0.6, box.y + 120, { steps: 5 })
  await page.mouse.up()
  const now = Number(await sep.getAttribute('aria-valuenow'))
  expect(now).toBeGreaterThan(58)
  expect(now).toBeLessThan(62)
  const pane = (await page.locator('#run-input-pane').boundingBox())!
  expect(Math.abs(pane.width - row.width * (now / 100))).toBeLessThan(2)

  await page.reload()
  await expect(separator(page)).toHaveAttribute('aria-valuenow', String(now))
  expect(Math.abs((await page.locator('#run-input-pane').boundingBox())!.width - pane.width)).toBeLessThan(2)
})

test('at 1024×700 the panes stay side by side: the input and Compare both in view, nothing cut at the side', async ({
  toolscope,
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 })
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.run()
  await toolscope.expectStatus('success')
  await expect(separator(page)).toBeVisible()
  const compare = page.getByRole('region', { name: 'Compare' })
  await expect(compare.getByRole('region', { name: 'Raw', exact: true })).toBeInViewport()
  await expect(toolscope.inputRegion).toBeInViewport()
  const input = (await toolscope.inputRegion.boundingBox())!
  const cmp = (await compare.boundingBox())!
  expect(cmp.x).toBeGreaterThan(input.x + input.width)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  const panel = page.getByRole('tabpanel', { name: 'Run' })
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})

test('at 900×700 the panes stack: no separator, results below the input, nothing cut at the side', async ({
  toolscope,
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 700 })
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.run()
  await toolscope.expectStatus('success')
  await expect(separator(page)).toBeHidden()
  const compare = page.getByRole('region', { name: 'Compare' })
  await compare.scrollIntoViewIfNeeded()
  await expect(compare.getByRole('region', { name: 'Raw', exact: true })).toBeVisible()
  const input = (await toolscope.inputRegion.boundingBox())!
  const cmp = (await compare.boundingBox())!
  expect(cmp.y).toBeGreaterThan(input.y + input.height)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  const panel = page.getByRole('tabpanel', { name: 'Run' })
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
})

test('the tool search matches descriptions and shows the description of tools with badges', async ({ toolscope }) => {
  await toolscope.goto()
  const list = toolscope.toolList
  // delete-file carries a "needs approval" badge; its description still shows.
  await expect(list.getByRole('option', { name: 'delete-file' })).toContainText('Deletes a file')
  await expect(list.getByRole('option', { name: 'delete-file' })).toContainText('needs approval')
  await toolscope.search.fill('fixed image url')
  await expect(list.getByRole('option')).toHaveCount(1)
  await expect(list.getByRole('option').first()).toContainText('Get a random image from unsplash')
  await expect(list.getByText('1 of 8 tools')).toBeVisible()
})
