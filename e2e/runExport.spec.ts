// E2E: a run exported from History downloads as one JSON file; importing that file (keyboard-reachable "Import run…")
// adds a new run marked imported, which opens and replays like any finished run; a malformed file is refused with the
// fields at fault.
import { readFile, writeFile } from 'node:fs/promises'
import { test, expect } from './fixtures/toolscope.ts'

test('export a run from History, import the file, open the imported run', async ({ toolscope, page }, testInfo) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 21 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  const runId = new URL(page.url()).searchParams.get('run')!

  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const downloading = page.waitForEvent('download')
  await history.getByRole('button', { name: `Export run ${runId}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`flaky-hooks.${runId.slice(0, 8)}.toolscope-run.json`)
  const file = testInfo.outputPath('exported.json')
  await download.saveAs(file)
  const exported = JSON.parse(await readFile(file, 'utf8'))
  expect(exported).toMatchObject({
    format: 'toolscope-run',
    version: 1,
    run: { runId, toolId: 'flaky-hooks', status: 'success' },
  })

  // The button is reached with the keyboard and opens the file chooser.
  const choosing = page.waitForEvent('filechooser')
  await history.getByRole('button', { name: 'Import run…' }).focus()
  await page.keyboard.press('Enter')
  await (await choosing).setFiles(file)
  const imported = history.getByRole('status').filter({ hasText: 'Imported as run' })
  await expect(imported).toBeVisible()
  const importedId = await imported
    .getByRole('link')
    .getAttribute('href')
    .then((h) => new URLSearchParams(h!).get('run')!)
  expect(importedId).not.toBe(runId)

  const row = history.getByRole('row').filter({ has: page.getByRole('link', { name: `Open run ${importedId}` }) })
  await expect(row.getByText('imported', { exact: true })).toBeVisible()
  const originalRow = history.getByRole('row').filter({ has: page.getByRole('link', { name: `Open run ${runId}` }) })
  await expect(originalRow.getByText('imported', { exact: true })).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('history-import.png') })

  await imported.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`run=${importedId}`))
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('"doubled": 42')
})

test('a malformed run file is refused with the paths of the fields at fault', async ({ toolscope, page }, testInfo) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await page.getByRole('tab', { name: 'History' }).click()
  const history = page.getByRole('region', { name: 'History' })
  const file = testInfo.outputPath('broken.json')
  await writeFile(
    file,
    JSON.stringify({ format: 'toolscope-run', version: 99, exportedAt: 'now', run: { runId: 'x' } }),
  )
  const choosing = page.waitForEvent('filechooser')
  await history.getByRole('button', { name: 'Import run…' }).click()
  await (await choosing).setFiles(file)
  const alert = history.getByRole('alert')
  await expect(alert).toContainText('version')
  await expect(alert).toContainText('run.toolId')
  await page.screenshot({ path: test.info().outputPath('history-import-error.png') })
})
