// E2E: picking a tool, schema autocompletion, a full run with all four Compare panels, Events, stepping,
// aborting a hanging tool, a throwing hook, invalid request context, and an invalid JSON draft.
import { test, expect } from './fixtures/toolscope.ts'

test('autocompletion offers the input schema property names', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.setInput('{}')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Control+Space')
  const suggest = page.locator('.suggest-widget')
  await expect(suggest).toBeVisible()
  await expect(suggest).toContainText('city')
  await expect(suggest).toContainText('units')
  await expect(suggest).toContainText('days')
})

test('run shows all four panels with differences from Raw, content parts and events', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.setInput({ city: 'Porto', units: 'metric' })
  await toolscope.run()
  await toolscope.expectStatus('success')

  const panels = await toolscope.panels()
  expect(panels.raw).toContain('"apiKey": "sk-fixture"')
  expect(panels.display).toContain('"apiKey": "[hidden]"')
  expect(panels.transcript).toContain('placeholder')
  expect(panels.model).toContain('It is 21 degrees in Porto.')

  const compare = page.getByRole('region', { name: 'Compare' })
  const display = compare.getByRole('region', { name: 'Display', exact: true })
  await expect(display.getByText('differs from Raw')).toBeVisible()
  await expect(display.locator('[data-changed="true"]')).toContainText('[hidden]')
  // The data:image part renders; the javascript: URL never becomes an image.
  const model = compare.getByRole('region', { name: 'Model', exact: true })
  await expect(model.getByRole('img')).toHaveCount(1)
  await expect(model.getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,/)

  // Structural: the removed key is named, the kept line that lost its trailing comma is not highlighted.
  await expect(display.locator('[data-removed="true"]')).toHaveText(['units'])
  await expect(display.locator('[data-changed="true"]')).toHaveCount(1)
  await toolscope.showPhase('input')
  expect((await toolscope.panels()).transcript).toContain('"city": "Porto"')
  const transcript = compare.getByRole('region', { name: 'Transcript', exact: true })
  await expect(transcript.getByText('differs from Raw')).toBeVisible()
  await expect(transcript.locator('[data-removed="true"]')).toHaveText(['units'])
  await expect(transcript.locator('[data-changed="true"]')).toHaveCount(0)

  const events = toolscope.events
  for (const type of [
    'run-started',
    'input-delta',
    'input-available',
    'log',
    'span',
    'writer-chunk',
    'output',
    'run-finished',
  ]) {
    await expect(events.getByRole('button', { name: new RegExp(`^\\+[\\d.]+ m?s ${type}\\b`) }).first()).toBeVisible()
  }
  const spans = events.getByRole('region', { name: 'Spans' })
  await expect(spans.getByText('lookup')).toBeVisible()
  await expect(spans.getByText('cache')).toBeVisible()
})

test('step through a run with Continue at each pause', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 2 })
  await toolscope.step()
  const seen: string[] = []
  for (let i = 0; i < 10; i++) {
    await expect(toolscope.statusElement).toHaveText(/^(paused|success)$/)
    if ((await toolscope.status()) === 'success') break
    const state = page.getByRole('group', { name: 'Run state' })
    const before = (await state.getByText(/^before /).textContent()) ?? ''
    seen.push(before)
    await toolscope.continue()
    await expect(state.getByText(before, { exact: true })).toBeHidden()
  }
  await toolscope.expectStatus('success')
  expect(seen).toContain('before execute')
  expect(seen.length).toBeGreaterThanOrEqual(3)
})

test('abort a hanging tool', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('hang-forever')
  await toolscope.setInput({})
  await toolscope.run()
  await toolscope.expectStatus('running')
  // A live elapsed timer with the server's time budget.
  const elapsed = page.getByLabel('Elapsed time')
  await expect(elapsed).toContainText(/^[\d.]+ m?s of 1 min 00 s$/)
  const first = await elapsed.textContent()
  await expect(elapsed).not.toHaveText(first!)
  await toolscope.abort()
  await toolscope.expectStatus('aborted')
  await expect(elapsed).toHaveCount(0)
  await expect(toolscope.events.getByRole('button', { name: /aborted/ }).first()).toBeVisible()
})

test('a throwing hook is shown in Events and the call still succeeds', async ({ toolscope }) => {
  await toolscope.goto()
  await toolscope.selectTool('flaky-hooks')
  await toolscope.setInput({ n: 21 })
  await toolscope.run()
  await toolscope.expectStatus('success')
  await expect(
    toolscope.events.getByRole('button', { name: /hook-error onInputStart threw: hook exploded/ }),
  ).toBeVisible()
  expect((await toolscope.panels()).raw).toContain('42')
})

test('invalid request context fails the run with the schema messages', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('whoami')
  await toolscope.setInput({})
  await toolscope.setRequestContext({ userId: '', role: 'boss' })
  await toolscope.run()
  await toolscope.expectStatus('error')
  const alert = page.getByRole('alert', { name: 'Run error' })
  await expect(alert).toContainText('Request context validation failed for whoami')
  await expect(alert).toContainText('role')

  await toolscope.setRequestContext({ userId: 'u1', role: 'admin' })
  await toolscope.run()
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('"user": "u1"')
})

test('an invalid JSON draft disables Run with the reason, and the draft survives a reload', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('get-weather')
  await toolscope.setInput('{"city": "Oslo",')
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled()
  await expect(page.getByText(/Run disabled: Input: Invalid JSON/)).toBeVisible()
  await page.reload()
  await toolscope.editor('Tool input JSON')
  await expect(page.getByText(/Run disabled: Input: Invalid JSON/)).toBeVisible()
  await toolscope.setInput({ city: 'Oslo' })
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled()
})

test('autocompletion works for a tool id with spaces and URI characters', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('Get a random image from unsplash (50% off?)')
  await toolscope.setInput('{}')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Control+Space')
  const suggest = page.locator('.suggest-widget')
  await expect(suggest).toBeVisible()
  await expect(suggest).toContainText('topic')
  await expect(suggest).toContainText('orientation')
})

test('Defaults fill input that passes the schema, and say what they cannot satisfy', async ({ toolscope }) => {
  await toolscope.selectTool('get-weather')
  await toolscope.inputRegion.getByRole('button', { name: 'Defaults' }).click()
  await expect((await toolscope.editor('Tool input JSON')).locator('.view-lines')).toContainText('"city": "x"')
  await expect(toolscope.inputRegion.getByRole('alert')).toHaveCount(0)

  await toolscope.selectTool('Get a random image from unsplash (50% off?)')
  await toolscope.inputRegion.getByRole('button', { name: 'Defaults' }).click()
  await expect(toolscope.inputRegion.getByRole('alert')).toContainText('seed: no example string found for the pattern')
})
