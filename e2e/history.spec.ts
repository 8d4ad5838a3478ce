// E2E: history lists past runs; opening one by URL (?tool=…&run=…) shows the same events and views again,
// and a link never starts a run by itself.
import { test, expect } from './fixtures/toolscope.ts'

test('history reopens a run by URL without starting a new one', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 5 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  const runId = new URL(page.url()).searchParams.get('run')!
  const eventCount = await toolscope.events.getByText(/^\d+ events/).textContent()

  await page.getByRole('tab', { name: 'History' }).click()
  const link = page.getByRole('link', { name: `Open run ${runId}` })
  await expect(link).toBeVisible()
  const runsBefore = await page.getByRole('region', { name: 'History' }).getByRole('row').count()

  // A fresh page opened from the URL alone shows the finished run again.
  const fresh = await page.context().newPage()
  const url = new URL(toolscope.server.url)
  url.searchParams.set('tool', 'flaky-hooks')
  url.searchParams.set('run', runId)
  await fresh.goto(url.toString())
  await expect(fresh.getByRole('status', { name: 'Run status' })).toHaveText('success')
  await expect(fresh.getByRole('region', { name: 'Events' }).getByText(/^\d+ events/)).toHaveText(eventCount!)
  await expect(
    fresh.getByRole('region', { name: 'Compare' }).getByRole('region', { name: 'Raw', exact: true }),
  ).toContainText('"doubled": 10')
  await fresh.close()

  await link.click()
  await expect(page).toHaveURL(new RegExp(`run=${runId}`))
  await toolscope.expectStatus('success')
  await page.getByRole('tab', { name: 'History' }).click()
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('region', { name: 'History' }).getByRole('row')).toHaveCount(runsBefore)
})

test('history lists summaries (caller, input) and filters them by status', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 7 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  const runId = new URL(page.url()).searchParams.get('run')!

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const row = history.getByRole('row').filter({ has: page.getByRole('link', { name: `Open run ${runId}` }) })
  await expect(row).toContainText('{"n":7}')
  await expect(row).toContainText('agent')
  await expect(row).toContainText('success')

  await history.getByLabel('Status').selectOption('error')
  await expect(history.getByRole('link', { name: `Open run ${runId}` })).toHaveCount(0)
  await history.getByLabel('Status').selectOption('success')
  await expect(history.getByRole('link', { name: `Open run ${runId}` })).toBeVisible()
})

test('a waiting run reopened from History follows its stream: approving it shows the end', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/reopened.txt' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  const runId = new URL(page.url()).searchParams.get('run')!

  await page.getByRole('tab', { name: 'History' }).click()
  await page
    .getByRole('region', { name: 'History' })
    .getByRole('link', { name: `Open run ${runId}` })
    .click()
  await toolscope.expectStatus('awaiting approval')
  await toolscope.approve()
  await toolscope.expectStatus('success')
  await expect(page.getByRole('region', { name: 'Approval' })).toBeHidden()
  expect((await toolscope.panels()).raw).toContain('"deleted": "/tmp/reopened.txt"')
})

test('history filters by tool and status, across tools', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 3 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  const hooksRun = new URL(page.url()).searchParams.get('run')!
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/filtered.txt' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  await toolscope.decline('no')
  await toolscope.expectStatus('declined')
  const deleteRun = new URL(page.url()).searchParams.get('run')!

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const link = (runId: string) => history.getByRole('link', { name: `Open run ${runId}` })
  // The open tool's runs first.
  await expect(history.getByLabel('Tool')).toHaveValue('delete-file')
  await expect(link(deleteRun)).toBeVisible()
  await expect(link(hooksRun)).toHaveCount(0)

  await history.getByLabel('Tool').selectOption({ label: 'all tools' })
  await expect(link(hooksRun)).toBeVisible()
  await expect(link(deleteRun)).toBeVisible()
  await expect(history.getByRole('columnheader')).toHaveText([
    'Tool',
    'Status',
    'Caller',
    'Input',
    'Duration',
    'Started',
    'Run',
  ])
  await page.screenshot({ path: 'test-results/history-tab.png' })

  await history.getByLabel('Status').selectOption('declined')
  await expect(link(deleteRun)).toBeVisible()
  await expect(link(hooksRun)).toHaveCount(0)

  await history.getByLabel('Status').selectOption({ label: 'any' })
  await history.getByLabel('Tool').selectOption('flaky-hooks')
  await expect(link(hooksRun)).toBeVisible()
  await expect(link(deleteRun)).toHaveCount(0)
})
