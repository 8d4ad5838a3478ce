// E2E: tool list (badges, search, keyboard), Overview, dark mode, keyboard-only run, and pages that never go blank.
import { test, expect } from './fixtures/toolscope.ts'
import { EDITOR_PREFETCHED_MARK } from '../src/features/editor/prefetchEditor.ts'

test('tool list shows badges and filters; Overview shows schemas and provider previews', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  const list = toolscope.toolList
  await expect(list.getByRole('option')).toHaveCount(8)
  const del = list.getByRole('option', { name: 'delete-file' })
  await expect(del).toContainText('needs approval')
  await expect(del).toContainText('destructive')
  await expect(list.getByRole('option', { name: 'get-weather' })).toContainText('read-only')
  await expect(list.getByRole('option', { name: 'confirm-order' })).toContainText('can suspend')
  await toolscope.search.fill('order')
  await expect(list.getByRole('option')).toHaveCount(1)

  await toolscope.selectTool('get-weather')
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByRole('region', { name: 'Input schema' })).toContainText('City name, e.g. Lisbon')
  await expect(page.getByRole('region', { name: 'Output schema' })).toContainText('temperature')
  await expect(page.getByRole('region', { name: 'MCP annotations' })).toContainText('readOnlyHint')
  await expect(page.getByRole('region', { name: 'OpenAI' })).toContainText('get-weather')
  await expect(page.getByRole('region', { name: 'Anthropic' })).toContainText('input_schema')
  await expect(page.getByRole('region', { name: 'MCP', exact: true })).toContainText('inputSchema')
})

test('dark mode follows the system and can be switched', async ({ toolscope, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await toolscope.goto()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.getByLabel('Theme').selectOption('light')
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.reload()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await page.getByLabel('Theme').selectOption('dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).toHaveClass(/dark/)
  await toolscope.selectTool('get-weather')
  await expect(page.locator('.monaco-editor.vs-dark').first()).toBeVisible()
})

test('keyboard only: / to search, arrows and Enter to open, Ctrl+Enter to run', async ({ toolscope, page }) => {
  await toolscope.goto()
  await page.keyboard.press('/')
  await expect(toolscope.search).toBeFocused()
  await page.keyboard.type('hook')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'flaky-hooks' })).toBeFocused()
  await toolscope.editor('Tool input JSON')
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(/run=/)
  await toolscope.expectStatus('success')
  // Tab reaches the run controls with a visible focus ring; Monaco does not trap Tab.
  await page.getByRole('button', { name: 'Run', exact: true }).focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  const run = page.getByRole('button', { name: 'Run', exact: true })
  await expect(run).toBeFocused()
  const outline = await run.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).toBe('solid')
})

test('an unknown tool or run in the URL shows an error, never a blank page', async ({ toolscope, page }) => {
  await toolscope.goto({ tool: 'no-such-tool' })
  // Scoped by text: once an editor has been created (the idle-time prefetch warms one), Monaco keeps its own empty
  // screen-reader alert regions in the page.
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load tool' })).toBeVisible()
  await expect(toolscope.toolList.getByRole('option').first()).toBeVisible()
  await toolscope.goto({ tool: 'get-weather', run: 'no-such-run' })
  await expect(page.getByRole('alert').filter({ hasText: 'Unknown run' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible()
})

test('tool list: groups by file fold and stay folded after a reload; a search with no match says so', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  const list = toolscope.toolList
  await expect(list.getByRole('option', { name: 'get-weather' })).toContainText('Current weather for a city')

  await toolscope.search.fill('no-such-tool-anywhere')
  await expect(list.getByRole('status')).toContainText('No tool matches “no-such-tool-anywhere”')
  await list.getByRole('button', { name: 'Clear search' }).click()
  await expect(list.getByRole('option')).toHaveCount(8)

  const prompts = list.getByRole('button', { name: /prompts\.ts/ })
  await expect(prompts).toHaveAttribute('aria-expanded', 'true')
  await prompts.click()
  await expect(prompts).toHaveAttribute('aria-expanded', 'false')
  await expect(list.getByRole('option', { name: 'delete-file' })).toHaveCount(0)
  await page.reload()
  await expect(list.getByRole('button', { name: /prompts\.ts/ })).toHaveAttribute('aria-expanded', 'false')
  await expect(list.getByRole('option', { name: 'delete-file' })).toHaveCount(0)
  // A search shows matches inside a folded group.
  await toolscope.search.fill('delete')
  await expect(list.getByRole('option', { name: 'delete-file' })).toBeVisible()
  await toolscope.search.fill('')
  // Keyboard: focus the fold and press Enter.
  await list.getByRole('button', { name: /prompts\.ts/ }).focus()
  await page.keyboard.press('Enter')
  await expect(list.getByRole('button', { name: /prompts\.ts/ })).toHaveAttribute('aria-expanded', 'true')
  await expect(list.getByRole('option', { name: 'delete-file' })).toBeVisible()
})

test('the editor is prefetched while the tool list shows, on every page load', async ({ toolscope, page }) => {
  // Monaco's JSON mode is set up a moment after the first JSON model: a warm-up that asked for its worker too early
  // was refused ("JSON not registered!") and the prefetch was given up on about one load in two.
  for (let load = 0; load < 3; load++) {
    await toolscope.goto()
    await expect(toolscope.toolList.getByRole('option').first()).toBeVisible()
    await expect
      .poll(() => page.evaluate(`performance.getEntriesByName(${JSON.stringify(EDITOR_PREFETCHED_MARK)}).length`), {
        timeout: 15_000,
      })
      .toBe(1)
  }
})
