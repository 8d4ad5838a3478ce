// E2E: "Rerun from here". A declined approval is rerun as approved from the run's event timeline: the new run
// succeeds, links back to the original, and opens in the diff against it once it ends; the original is unchanged.
// A suspension is rerun with edited resume data, from the timeline and from the diff view.
import { test, expect } from './fixtures/toolscope.ts'

const runIdOf = (url: string) => new URL(url).searchParams.get('run')!

test('a declined approval rerun as approved; the original unchanged', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/rerun-me.txt' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  await toolscope.decline('not now')
  await toolscope.expectStatus('declined')
  const original = runIdOf(page.url())
  const events = page.getByRole('region', { name: 'Events' })
  const eventCount = await events.getByText(/^\d+ events/).textContent()

  await events
    .getByRole('list', { name: 'Timeline' })
    .getByRole('button', { name: /approval-requested/ })
    .click()
  const form = events.getByRole('region', { name: /^Rerun from event #\d+$/ })
  await expect(form.getByRole('button', { name: 'Rerun, approving' })).toHaveClass(/bg-sky-600/)
  await page.screenshot({ path: test.info().outputPath('rerun-form.png') })
  await form.getByRole('button', { name: 'Rerun, approving' }).click()

  // Once the rerun ends it opens in the diff against the original.
  await expect(page).toHaveURL(new RegExp(`tab=diff&run=${original}&vs=`))
  const rerun = new URL(page.url()).searchParams.get('vs')!
  expect(rerun).not.toBe(original)
  const diff = page.getByRole('region', { name: 'Run diff' })
  await expect(diff.getByRole('region', { name: 'First run' })).toContainText('declined')
  await expect(diff.getByRole('region', { name: 'Second run' })).toContainText('success')
  await expect(diff.getByRole('region', { name: 'Second run' })).toContainText(`rerun of${original.slice(0, 8)}at #`)
  await diff.getByRole('tab', { name: 'output' }).click()
  await expect(diff.getByRole('region', { name: 'Raw (output)' })).toContainText('"deleted": "/tmp/rerun-me.txt"')
  await expect(diff.getByRole('region', { name: 'Raw (output)' })).toContainText('This run did not reach this phase.')
  const resolved = diff.getByRole('region', { name: 'Aligned events' }).locator('tr[data-kind="approval-resolved"]')
  await expect(resolved.getByRole('cell').nth(1)).toContainText('declined')
  await expect(resolved.getByRole('cell').nth(3)).toContainText('approved')
  await page.screenshot({ path: test.info().outputPath('rerun-diff.png') })
  await diff
    .getByRole('region', { name: 'Aligned events' })
    .screenshot({ path: test.info().outputPath('aligned-events.png') })

  // The rerun links back to the original, which is as it was.
  await diff
    .getByRole('region', { name: 'First run' })
    .getByRole('link', { name: `Open run ${original}` })
    .click()
  await toolscope.expectStatus('declined')
  await expect(events.getByText(/^\d+ events/)).toHaveText(eventCount!)
  await expect(page.getByRole('region', { name: 'Compare' }).getByRole('tab', { name: 'output' })).toHaveCount(0)

  await page.getByRole('tab', { name: 'History' }).click()
  const row = page
    .getByRole('region', { name: 'History' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open run ${rerun}` }) })
  await expect(row).toContainText('success')
  // The rerun says where it came from above the run, too.
  await row.getByRole('link', { name: `Open run ${rerun}` }).click()
  await toolscope.expectStatus('success')
  await expect(page.getByRole('link', { name: `Open the original run ${original}` })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('rerun-run-view.png') })
  await page.getByRole('tab', { name: 'History' }).click()
  await row.getByRole('link', { name: `Open the original run ${original}` }).click()
  await expect(page).toHaveURL(new RegExp(`run=${original}`))
  await toolscope.expectStatus('declined')
})

test('a suspension rerun with edited resume data, from the timeline and from the diff view', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('confirm-order')
  await toolscope.setInput({ item: 'tea', quantity: 2 })
  await toolscope.run()
  await toolscope.expectStatus('suspended')
  await toolscope.resume({ confirmed: true })
  await toolscope.expectStatus('success')
  const original = runIdOf(page.url())

  const events = page.getByRole('region', { name: 'Events' })
  await events
    .getByRole('list', { name: 'Timeline' })
    .getByRole('button', { name: /suspended/ })
    .click()
  const form = events.getByRole('region', { name: /^Rerun from event #\d+$/ })
  const data = form.getByLabel('Resume data (JSON)')
  await expect(data).toHaveValue(/"confirmed": true/)
  await data.fill('{ "confirmed": ')
  await expect(form.getByRole('button', { name: 'Rerun with this resume data' })).toBeDisabled()
  await data.fill('{ "confirmed": false }')
  await form.getByRole('button', { name: 'Rerun with this resume data' }).click()

  await expect(page).toHaveURL(new RegExp(`tab=diff&run=${original}&vs=`))
  const firstRerun = new URL(page.url()).searchParams.get('vs')!
  const diff = page.getByRole('region', { name: 'Run diff' })
  await diff.getByRole('tab', { name: 'output' }).click()
  await expect(diff.getByRole('list', { name: 'Changed paths of Raw (output)' }).getByRole('listitem')).toHaveText([
    'statuschanged',
  ])

  // From the diff view: rerun the first run's suspension again, with a note this time.
  await diff.getByRole('button', { name: /^Rerun the first run from event #\d+$/ }).click()
  const again = diff.getByRole('region', { name: /^Rerun from event #\d+$/ })
  await again.getByLabel('Resume data (JSON)').fill('{ "confirmed": true, "note": "two cups" }')
  await again.getByRole('button', { name: 'Rerun with this resume data' }).click()
  // The new rerun opens, then the diff against the original once it ends.
  await expect(page).toHaveURL(new RegExp(`tab=diff&run=${original}&vs=(?!${firstRerun})`))
  const second = page.getByRole('region', { name: 'Run diff' })
  await expect(second.getByRole('region', { name: 'Second run' })).toContainText(`rerun of${original.slice(0, 8)}`)
  await second.getByRole('tab', { name: 'output' }).click()
  await expect(second.getByRole('list', { name: 'Changed paths of Raw (output)' }).getByRole('listitem')).toHaveText([
    'noteadded',
  ])
})
