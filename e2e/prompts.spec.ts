// E2E: approval (approve, decline with reason), suspend then resume with invalid then valid data, a reload
// while suspended (the replayed run shows the same prompt) and an MCP elicitation answered in the form.
import { test, expect } from './fixtures/toolscope.ts'

test('approve a call: the card shows the display and transcript views, then the tool runs', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/tmp/a.txt' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  const card = page.getByRole('region', { name: 'Approval' })
  await expect(card).toContainText('Delete /tmp/a.txt?')
  await expect(card).toContainText('"path": "/tmp/a.txt"')
  await toolscope.approve()
  await toolscope.expectStatus('success')
  await expect(card).toBeHidden()
  expect((await toolscope.panels()).raw).toContain('"deleted": "/tmp/a.txt"')
})

test('decline a call with a reason: the tool never runs', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('delete-file')
  await toolscope.setInput({ path: '/etc/passwd' })
  await toolscope.run()
  await toolscope.expectStatus('awaiting approval')
  await toolscope.decline('too dangerous')
  await toolscope.expectStatus('declined')
  await expect(page.getByText('Declined: too dangerous. The tool did not run.')).toBeVisible()
  await expect(
    toolscope.events.getByRole('button', { name: /approval-resolved declined: too dangerous/ }),
  ).toBeVisible()
  await expect(toolscope.events.getByRole('button', { name: / output / })).toHaveCount(0)
})

test('suspend, reject invalid resume data with the schema messages, reload, then resume', async ({
  toolscope,
  page,
}) => {
  await toolscope.goto()
  await toolscope.selectTool('confirm-order')
  await toolscope.setInput({ item: 'tea', quantity: 2 })
  await toolscope.run()
  await toolscope.expectStatus('suspended')
  const card = page.getByRole('region', { name: 'Suspended' })
  await expect(card).toContainText('Order 2 × tea?')

  await toolscope.resume({ confirmed: 'yes', note: 'x' })
  await expect(card.getByRole('alert')).toContainText('confirmed')
  await expect(card.getByRole('alert')).toContainText('note')
  await toolscope.expectStatus('suspended')

  // A reload replays the run from the server: same status, same prompt.
  await page.reload()
  await toolscope.expectStatus('suspended')
  await expect(card).toContainText('Order 2 × tea?')

  await toolscope.resume({ confirmed: true, note: 'thanks' })
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('"status": "placed"')
  await toolscope.showPhase('suspend')
  expect((await toolscope.panels()).raw).toContain('Order 2 × tea?')
})

test('resume data editor completes property names from resumeSchema', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('confirm-order')
  await toolscope.setInput({ item: 'tea', quantity: 1 })
  await toolscope.run()
  await toolscope.expectStatus('suspended')
  await toolscope.fillEditor('Resume data JSON', '{}')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Control+Space')
  await expect(page.locator('.suggest-widget')).toContainText('confirmed')
})

test('an MCP elicitation request is answered through the form', async ({ toolscope, page }) => {
  await toolscope.goto()
  await toolscope.selectTool('ask-name')
  await toolscope.setContext({ caller: 'mcp' })
  await toolscope.setInput({})
  await toolscope.run()
  await toolscope.expectStatus('awaiting elicitation')
  const form = page.getByRole('form', { name: 'Elicitation' })
  await expect(form).toContainText('What is your name?')
  await form.getByLabel('Name').fill('Ada')
  await form.getByRole('button', { name: 'Accept' }).click()
  await toolscope.expectStatus('success')
  expect((await toolscope.panels()).raw).toContain('"name": "Ada"')
})
