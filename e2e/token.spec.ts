// E2E: the page opened without its session token, or with a wrong one, says to open the URL printed in the terminal
// (with ?token=), tells the two apart, and does not show a reconnect loop. Screenshots go to the test's output folder.
import { test, expect } from './fixtures/toolscope.ts'

test('a page without its token asks for the printed URL, with no reconnect loop', async ({
  page,
  toolscopeServer,
}, testInfo) => {
  await page.goto(toolscopeServer.origin + '/')
  const message = page.getByRole('alert', { name: 'Session token' })
  await expect(message).toContainText('This page has no session token')
  await expect(message).toContainText('Open the URL Toolscope printed in the terminal')
  await expect(page.getByText(/Reconnecting/)).toHaveCount(0)
  await expect(page.getByText(/Authorization/)).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('token-missing.png') })
})

test('a page with a refused token says it was refused', async ({ page, toolscopeServer }, testInfo) => {
  await page.goto(toolscopeServer.origin + '/?token=not-the-token')
  const message = page.getByRole('alert', { name: 'Session token' })
  await expect(message).toContainText('The session token of this page was refused')
  await expect(page.getByText(/Reconnecting/)).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('token-wrong.png') })
})
