// E2E: Run while the open run waits for a person asks first, in a dialog. Abandon aborts the waiting run (History
// shows its end); Escape starts nothing; Keep (Enter, focus is on it) leaves it live in History, from where it can still be approved.
import { test, expect, type ToolscopePage } from './fixtures/toolscope.ts'

const runIdOf = (url: string) => new URL(url).searchParams.get('run')!

/** Opens delete-file and runs it on `path` until it awaits approval; returns that run's id. */
async function startWaiting(toolscope: ToolscopePage, path: string): Promise<string> {
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  return runIdOf(toolscope.page.url())
}

test('Abandon: the waiting run is aborted before the new run starts', async ({ toolscope, page }) => {
  const first = await startWaiting(toolscope, '/tmp/first.txt')

  await toolscope.setInput({ path: '/tmp/second.txt' })
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'The open run is still waiting' })
  await expect(dialog).toContainText('awaiting approval')
  await expect(dialog.getByRole('button', { name: 'Keep it and run' })).toBeFocused()
  await page.screenshot({ path: 'test-results/waiting-run-dialog.png' })
  await dialog.getByRole('button', { name: 'Abandon it and run' }).click()

  await expect(dialog).toBeHidden()
  await expect.poll(() => runIdOf(page.url())).not.toBe(first)
  await toolscope.expectStatus('awaiting approval')
  await expect(page.getByRole('region', { name: 'Approval' })).toContainText('/tmp/second.txt')

  await page.getByRole('tab', { name: 'History' }).click()
  const row = page
    .getByRole('region', { name: 'History' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open run ${first}` }) })
  await expect(row).toContainText('aborted')
})

test('Escape starts nothing; Keep: the waiting run stays live and can still be approved from History', async ({
  toolscope,
  page,
}) => {
  const first = await startWaiting(toolscope, '/tmp/kept.txt')

  await toolscope.setInput({ path: '/tmp/other.txt' })
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'The open run is still waiting' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(runIdOf(page.url())).toBe(first)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Keep it and run' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect.poll(() => runIdOf(page.url())).not.toBe(first)
  await expect(page.getByRole('region', { name: 'Approval' })).toContainText('/tmp/other.txt')

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const row = history.getByRole('row').filter({ has: page.getByRole('link', { name: `Open run ${first}` }) })
  await expect(row).toContainText('awaiting approval')
  await row.getByRole('link', { name: `Open run ${first}` }).click()
  await expect(page.getByRole('region', { name: 'Approval' })).toContainText('/tmp/kept.txt')
  await toolscope.approve()
  await toolscope.expectStatus('success')
})

test('the Playwright fixture answers the dialog: run({ whileWaiting }) keeps or abandons the waiting run', async ({
  toolscope,
  page,
}) => {
  const first = await startWaiting(toolscope, '/tmp/a.txt')
  await toolscope.run()
  const second = runIdOf(page.url())
  expect(second).not.toBe(first)
  await toolscope.run({ whileWaiting: 'abandon' })
  expect(runIdOf(page.url())).not.toBe(second)

  await page.getByRole('tab', { name: 'History' }).click()
  const rowOf = (runId: string) =>
    page
      .getByRole('region', { name: 'History' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Open run ${runId}` }) })
  await expect(rowOf(first)).toContainText('awaiting approval')
  await expect(rowOf(second)).toContainText('aborted')
})
