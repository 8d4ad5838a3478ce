// E2E: two runs of a tool compared from History ("Compare with…", then "Compare"): the diff shows the paths whose
// values differ in each view, both runs' durations and their events aligned by phase; the URL carries both run ids,
// so a reload shows the same diff.
import type { Locator } from '@playwright/test'
import { test, expect, type ToolscopePage } from './fixtures/toolscope.ts'

async function runWith(toolscope: ToolscopePage, n: number): Promise<string> {
  await toolscope.setInput({ n })
  await toolscope.run()
  await toolscope.expectStatus('success')
  return new URL(toolscope.page.url()).searchParams.get('run')!
}

test('two runs with different outputs show the changed paths', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  const first = await runWith(toolscope, 1)
  const second = await runWith(toolscope, 2)

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  await history.getByRole('button', { name: `Compare run ${first} with…` }).click()
  await expect(history.getByRole('status')).toContainText(`compare with run ${first.slice(0, 8)}`)
  // The first run cannot be compared with itself.
  await expect(history.getByRole('button', { name: `Compare with run ${first}` })).toHaveCount(0)
  await history.getByRole('button', { name: `Compare with run ${second}` }).click()

  await expect(page).toHaveURL(new RegExp(`tab=diff&run=${first}&vs=${second}`))
  const diff = page.getByRole('region', { name: 'Run diff' })
  await expect(page.getByRole('tab', { name: 'Diff' })).toHaveAttribute('aria-selected', 'true')
  // The first phase that differs opens first: the input (n).
  await expect(diff.getByRole('tab', { name: 'input' })).toHaveAttribute('aria-selected', 'true')
  await expect(diff.getByRole('list', { name: 'Changed paths of Raw (input)' }).getByRole('listitem')).toHaveText([
    'nchanged',
  ])
  await diff.getByRole('tab', { name: 'output' }).click()
  await expectOutputDiff(diff)
  await expect(diff.getByRole('region', { name: 'First run' }).getByLabel('Duration of the first run')).toHaveText(
    /\d+(\.\d)? (ms|s)/,
  )
  await expect(diff.getByRole('region', { name: 'Second run' }).getByLabel('Duration of the second run')).toHaveText(
    /\d+(\.\d)? (ms|s)/,
  )
  const events = diff.getByRole('region', { name: 'Aligned events' })
  // Same kinds of events in both runs: every row is a pair, run-finished faces run-finished.
  const finished = events.locator('tr[data-kind="run-finished"]')
  await expect(finished.getByRole('cell').nth(1)).toContainText('run-finished success')
  await expect(finished.getByRole('cell').nth(3)).toContainText('run-finished success')
  await expect(finished.getByRole('cell').nth(4)).toHaveText(/^[+−]\d/)
  await page.screenshot({ path: test.info().outputPath('run-diff.png'), fullPage: true })

  await page.reload()
  const reloaded = page.getByRole('region', { name: 'Run diff' })
  await reloaded.getByRole('tab', { name: 'output' }).click()
  await expectOutputDiff(reloaded)
})

test('the same two runs show no difference in views when their outputs agree, by deep link', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  const first = await runWith(toolscope, 5)
  const second = await runWith(toolscope, 5)
  await toolscope.goto({ tool: 'flaky-hooks', tab: 'diff', run: first, vs: second })
  const diff = page.getByRole('region', { name: 'Run diff' })
  await expect(diff.getByText('same views')).toBeVisible()
  await diff.getByRole('tab', { name: 'output' }).click()
  await expect(diff.getByRole('region', { name: 'Raw (output)' }).getByText('same', { exact: true })).toBeVisible()
  await expect(diff.getByRole('list', { name: /^Changed paths of/ })).toHaveCount(0)
  await diff
    .getByRole('region', { name: 'Second run' })
    .getByRole('link', { name: `Open run ${second}` })
    .click()
  await expect(page).toHaveURL(new RegExp(`run=${second}&tab=run`))
  await toolscope.expectStatus('success')
})

async function expectOutputDiff(diff: Locator) {
  await expect(diff.getByRole('tab', { name: 'output' })).toHaveAttribute('aria-selected', 'true')
  const raw = diff.getByRole('list', { name: 'Changed paths of Raw (output)' })
  await expect(raw.getByRole('listitem')).toHaveText(['doubledchanged'])
  await expect(
    diff.getByRole('region', { name: 'Raw (output)' }).locator('[data-changed="true"]').first(),
  ).toContainText('"doubled"')
  await expect(diff.getByRole('list', { name: 'Changed paths of Model (output)' })).toContainText('value.doubled')
}
