// E2E: the test bench in the browser. Save a finished run as a scenario (expectations editable), see it in the
// Scenarios tab, replay it (passed, or failed with the differences by path), export runs and scenarios as Vitest and
// Playwright tests, and see scenarios that no longer fit after a hot reload, and files that fail to load; a failed
// replay opens in the diff against the last one that passed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test as base, type Page } from '@playwright/test'
import { greetToolSource, openGreetTool } from './fixtures/greetTool.ts'
import { expect, test, ToolscopePage } from './fixtures/toolscope.ts'

/** Opens "Save as scenario", names it, optionally edits the expectation, saves and waits for the confirmation. */
async function saveAsScenario(ui: ToolscopePage, name: string, expectation?: unknown): Promise<void> {
  const { page } = ui
  await page.getByRole('button', { name: 'Save as scenario' }).click()
  const form = page.getByRole('form', { name: 'Save as scenario' })
  await form.getByLabel('Scenario name').fill(name)
  if (expectation !== undefined) await ui.fillEditor('Expected result JSON', expectation)
  await form.getByRole('button', { name: 'Save scenario' }).click()
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText(`${name}.json`)
}

const card = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Scenarios' }).getByRole('region', { name, exact: true })
const replayResult = (page: Page, name: string) => page.getByRole('status', { name: `Replay result of ${name}` })

test('save an approved run as a scenario, replay it, and export it as Vitest and Playwright tests', async ({
  toolscope,
  page,
  context,
  toolscopeServer,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: toolscopeServer.origin })
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/report.csv' })
  await expect(page.getByRole('button', { name: 'Save as scenario' })).toHaveCount(0)
  await toolscope.run()
  await toolscope.approve()
  await toolscope.expectStatus('success')

  // Keyboard only: opening the form focuses the name, Cancel gives focus back to the button, Enter submits.
  const saveButton = page.getByRole('button', { name: 'Save as scenario' })
  await saveButton.focus()
  await page.keyboard.press('Enter')
  const form = page.getByRole('form', { name: 'Save as scenario' })
  await expect(form.getByLabel('Scenario name')).toBeFocused()
  await form.getByRole('button', { name: 'Cancel' }).press('Enter')
  await expect(form).toHaveCount(0)
  await expect(saveButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(form.getByLabel('Scenario name')).toBeFocused()
  await expect(form.getByRole('checkbox', { name: 'Raw' })).toBeChecked()
  await expect(form.getByLabel('Status')).toHaveValue('success')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('../escape')
  await expect(form.getByRole('button', { name: 'Save scenario' })).toBeDisabled()
  await expect(form).toContainText('Cannot save: Use 1–100 letters')
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('approved-delete')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText('delete-file/approved-delete.json')

  await expect(page.getByRole('button', { name: 'Show in Scenarios' })).toBeFocused()
  await page.keyboard.press('Enter')
  const saved = card(page, 'approved-delete')
  await expect(saved).toContainText('expects success')
  await expect(saved).toContainText('approve')
  await saved.getByRole('button', { name: 'Replay' }).click()
  await expect(replayResult(page, 'approved-delete')).toHaveText('passed')

  await saved.getByRole('button', { name: 'Export as Vitest test' }).click()
  const vitest = saved.getByRole('region', { name: 'Exported Vitest test' })
  await expect(vitest.getByLabel('Vitest test code', { exact: true })).toContainText(
    'const run = runTool(deleteFile, {',
  )
  await expect(vitest.getByLabel('Vitest test code', { exact: true })).toContainText('"type": "approve"')
  await expect(vitest).toContainText('delete-file.approved-delete.test.ts')
  await vitest.getByRole('button', { name: 'Copy Vitest test code' }).click()
  await expect(vitest.getByRole('button', { name: 'Copy Vitest test code' })).toHaveText('Copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('runTool(deleteFile')

  await saved.getByRole('button', { name: 'Export as Playwright test' }).click()
  const playwright = saved.getByRole('region', { name: 'Exported Playwright test' })
  await expect(playwright.getByLabel('Playwright test code', { exact: true })).toContainText(
    "await toolscope.selectTool('delete-file')",
  )
  await expect(playwright.getByLabel('Playwright test code', { exact: true })).toContainText(
    'await toolscope.approve()',
  )
  await expect(playwright.getByLabel('Playwright test code', { exact: true })).toContainText(
    '"path": "/tmp/report.csv"',
  )

  await saved.getByRole('button', { name: 'Delete' }).click()
  await expect(saved.getByRole('button', { name: 'Keep' })).toBeFocused()
  await saved.getByRole('button', { name: 'Confirm delete' }).click()
  await expect(saved).toHaveCount(0)
})

test('a finished suspend/resume run exports as Vitest and Playwright tests', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('confirm-order')
  await toolscope.setInput({ item: 'oolong', quantity: 2 })
  await toolscope.run()
  await toolscope.expectStatus('suspended')
  await expect(page.getByRole('button', { name: 'Export as Vitest test' })).toHaveCount(0)
  await toolscope.resume({ confirmed: true, note: 'asap' })
  await toolscope.expectStatus('success')

  await page.getByRole('button', { name: 'Export as Vitest test' }).click()
  const vitest = page
    .getByRole('region', { name: 'Exported Vitest test' })
    .getByLabel('Vitest test code', { exact: true })
  await expect(vitest).toContainText('const run = runTool(confirmOrder, {')
  await expect(vitest).toContainText('"type": "resume"')
  await expect(vitest).toContainText('"status": "placed"')
  await page.getByRole('button', { name: 'Export as Playwright test' }).click()
  const playwright = page
    .getByRole('region', { name: 'Exported Playwright test' })
    .getByLabel('Playwright test code', { exact: true })
  await expect(playwright).toContainText('"item": "oolong"')
  await expect(playwright).toContainText('await toolscope.resume({')
  await expect(playwright).toContainText("await expect.poll(() => toolscope.status()).toBe('success')")
})

test('an edited expectation makes the replay fail with the differences by path', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 4 })
  await toolscope.run()
  await toolscope.expectStatus('success')

  await page.getByRole('button', { name: 'Save as scenario' }).click()
  const form = page.getByRole('form', { name: 'Save as scenario' })
  // The toggles and the JSON are one: unchecking a view removes it, and an edited JSON moves the toggles.
  await form.getByRole('checkbox', { name: 'Display' }).uncheck()
  await expect(form.getByRole('checkbox', { name: 'Display' })).not.toBeChecked()
  await form.getByLabel('Scenario name').fill('doubles-wrong')
  await toolscope.fillEditor('Expected result JSON', { status: 'success', match: 'partial', raw: { doubled: 9 } })
  await expect(form.getByRole('radio', { name: 'Partial (extra keys allowed)' })).toBeChecked()
  await expect(form.getByRole('checkbox', { name: 'Model' })).not.toBeChecked()
  await form.getByRole('button', { name: 'Save scenario' }).click()
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toBeVisible()

  await page.getByRole('tab', { name: 'Scenarios' }).click()
  const saved = card(page, 'doubles-wrong')
  await expect(saved).toContainText('checks raw')
  await saved.getByRole('button', { name: 'Replay' }).click()
  await expect(replayResult(page, 'doubles-wrong')).toHaveText('failed')
  const row = saved.getByRole('table').getByRole('row', { name: /raw\.doubled/ })
  await expect(row.getByRole('cell').nth(0)).toHaveText('− 9')
  await expect(row.getByRole('cell').nth(1)).toHaveText('+ 8')

  // The replay is a normal run: its link opens it on the Run tab.
  await saved.getByRole('link', { name: 'Open the replay run' }).click()
  await toolscope.expectStatus('success')
  expect(await toolscope.views()).toMatchObject({ status: 'success', raw: { doubled: 8 } })
})

base(
  'a changed tool fails the replay with a diff; a scenario that no longer fits is marked; broken files are listed',
  async ({ page }, testInfo) => {
    const { file, server, ui } = await openGreetTool(page, testInfo)
    try {
      await ui.run()
      await ui.expectStatus('success')
      await saveAsScenario(ui, 'hello-ada')
      await page.getByRole('tab', { name: 'Scenarios' }).click()
      const saved = card(page, 'hello-ada')
      await saved.getByRole('button', { name: 'Replay' }).click()
      await expect(replayResult(page, 'hello-ada')).toHaveText('passed')

      // Only the code changed (no schema): the tool still counts as changed, and the tool host runs the new code.
      const notice = page.getByRole('status', { name: 'Reload notice' })
      writeFileSync(file, greetToolSource({ greeting: 'Hi' }))
      await expect(notice).toContainText('Tools reloaded: changed greet')
      await notice.getByRole('button', { name: 'Dismiss notice' }).click()
      await saved.getByRole('button', { name: 'Replay' }).click()
      await expect(replayResult(page, 'hello-ada')).toHaveText('failed')
      const row = saved.getByRole('row', { name: /raw\.greeting/ })
      await expect(row.getByRole('cell').nth(0)).toHaveText('− "Hello Ada"')
      await expect(row.getByRole('cell').nth(1)).toHaveText('+ "Hi Ada"')
      // The failed replay is diffed against the last one that passed: the greeting changed.
      await saved.getByRole('link', { name: 'Compare with the last passing replay' }).click()
      await expect(page).toHaveURL(/tab=diff&run=[^&]+&vs=/)
      const diff = page.getByRole('region', { name: 'Run diff' })
      await diff.getByRole('tab', { name: 'output' }).click()
      await expect(diff.getByRole('list', { name: 'Changed paths of Raw (output)' }).getByRole('listitem')).toHaveText([
        'greetingchanged',
      ])
      await page.getByRole('tab', { name: 'Scenarios' }).click()

      writeFileSync(file, greetToolSource({ greeting: 'Hi', extraInput: ', lang: z.enum(["en", "fr"])' }))
      await expect(notice).toContainText('changed greet')
      await expect(saved.getByText('no longer fits', { exact: true })).toBeVisible()
      await expect(saved.getByRole('list', { name: 'Why hello-ada no longer fits' })).toContainText('input at lang')
      await page.getByRole('button', { name: 'Replay all' }).click()
      await expect(page.getByRole('status', { name: 'Replay all result' })).toHaveText('0 passed, 1 failed')
      await expect(replayResult(page, 'hello-ada')).toHaveText('failed')

      mkdirSync(join(server.scenariosDir, 'greet'), { recursive: true })
      writeFileSync(join(server.scenariosDir, 'greet', 'broken.json'), '{ "name": ')
      await page.getByRole('button', { name: 'Refresh' }).click()
      const broken = page.getByRole('region', { name: 'Scenario files that failed to load' })
      await expect(broken).toContainText('broken.json')
      await expect(broken).toContainText('not valid JSON')
      await expect(saved).toBeVisible()
    } finally {
      await server.close()
    }
  },
)
