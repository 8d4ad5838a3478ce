// E2E: values that change between runs. A run's "Export as Vitest test" and "Save as scenario" start from its result
// with generated-looking values matched by kind; "Run again to compare" reruns the call and keeps only the values that
// really differ; each one can be switched back to its exact value, and the exported code and the saved file follow.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, FIXTURE_TOOLS, test } from './fixtures/toolscope.ts'

// The server suite's fixture: a new id and the time beside an owner id from the input.
const GENERATED_TOOL = fileURLToPath(new URL('../server/test/fixtures/tools/generated.ts', import.meta.url))
test.use({ toolscopeOptions: { paths: [FIXTURE_TOOLS, GENERATED_TOOL] } })

const OWNER = '0b8f1c52-7d1e-4c2a-9f64-3e5b2a1d9c07'

test('export and save a run with the values that change between runs matched by kind, each one editable', async ({
  toolscope,
  page,
  toolscopeServer,
}, testInfo) => {
  await toolscope.goto()
  await toolscope.selectTool('create-note')
  await toolscope.setInput({ text: 'hi', ownerId: OWNER })
  await toolscope.run()
  await toolscope.expectStatus('success')

  await page.getByRole('button', { name: 'Export as Vitest test' }).click()
  const panel = page.getByRole('region', { name: 'Exported Vitest test' })
  const values = panel.getByRole('group', { name: 'Values that change between runs' })
  const code = panel.getByLabel('Vitest test code', { exact: true })
  // One run: what looks generated is matched, the owner id from the input too (it looks like one).
  await expect(values).toContainText('One run only')
  await expect(values.getByRole('checkbox', { name: /^ownerId/ })).toBeChecked()
  await expect(code).toContainText('"ownerId": expect.any(String)')
  await expect(code).toContainText('"createdAt": expect.stringMatching(')

  // A second run of the same input tells: only the id and the times differ.
  await values.getByRole('button', { name: 'Run again to compare' }).click()
  await expect(values).toContainText('Compared with a rerun of the same input')
  await expect(values.getByRole('checkbox')).toHaveCount(3)
  await expect(values.getByRole('checkbox', { name: /^id/ })).toBeChecked()
  await expect(code).toContainText(`"ownerId": "${OWNER}"`)
  await expect(code).toContainText('"id": expect.any(String)')
  await values.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('export-matchers.png') })

  // Switched back to its exact value, the id is asserted as it was.
  await values.getByRole('checkbox', { name: /^id/ }).uncheck()
  await expect(code).not.toContainText('"id": expect.any(String)')
  await expect(code).toContainText('"createdAt": expect.stringMatching(')
  await panel.getByRole('button', { name: 'Close the exported Vitest test' }).click()

  // Save as scenario starts from the same suggestion (the rerun is in history now): the file holds the matchers.
  await page.getByRole('button', { name: 'Save as scenario' }).click()
  const form = page.getByRole('form', { name: 'Save as scenario' })
  await expect(form.getByRole('group', { name: 'Values that change between runs' })).toContainText(
    'Compared with an earlier run',
  )
  await form.scrollIntoViewIfNeeded()
  await page.screenshot({ path: testInfo.outputPath('save-matchers.png') })
  await form.getByLabel('Scenario name').fill('note')
  await form.getByRole('button', { name: 'Save scenario' }).click()
  await expect(page.getByRole('status', { name: 'Scenario saved' })).toContainText('note.json')
  const saved = JSON.parse(readFileSync(join(toolscopeServer.scenariosDir, 'create-note', 'note.json'), 'utf8'))
  expect(saved.expect.raw).toEqual({
    id: { $any: 'string' },
    ownerId: OWNER,
    text: 'hi',
    createdAt: { $any: 'date' },
    at: { $any: 'number' },
    tags: [{ name: 'draft' }],
  })
})
